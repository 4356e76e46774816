/**
 * Whether a POST to the MCP endpoint may be answered, by its Origin header. A program sends no
 * Origin; a browser always does, and a page that reached this service through DNS rebinding shows
 * its own origin, not ours. So: no Origin, or a loopback origin (a page served from this machine,
 * as a local agent's is), or an origin listed in MCP_ALLOWED_ORIGINS. CORS_ORIGINS, which governs
 * who may read the API's answers and defaults to any page, plays no part.
 */
export function mcpOriginAllowed(origin: string | undefined, allowed: ReadonlySet<string>): boolean {
  return origin === undefined || allowed.has(origin) || isLoopbackOrigin(origin);
}

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);

/** http(s) on localhost, 127.0.0.0/8 or [::1], any port. `null` (a sandboxed or file page) is not. */
function isLoopbackOrigin(origin: string): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // The WHATWG parser has already turned 127.1 or 0x7f.0.0.1 into dotted decimal.
  return LOOPBACK_HOSTS.has(url.hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(url.hostname);
}
