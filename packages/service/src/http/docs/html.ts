import Negotiator from 'negotiator';

/**
 * What every HTML page of the service shares: the Content-Security-Policy (our own scripts and
 * styles only; inline styles, which Swagger UI sets, allowed; nothing from elsewhere) and escaping.
 */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Headers of a page besides the CSP: it cannot be framed and sends no referrer. */
export const PAGE_SECURITY_HEADERS: readonly string[] = ['x-frame-options', 'DENY', 'referrer-policy', 'no-referrer'];

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

const HTML_OR_JSON = ['application/json', 'text/html'];

/**
 * Whether the request's Accept ranks HTML above JSON (RFC 9110, section 12.5.1, read by the
 * negotiator module): a browser's does (`text/html,…,*\/*;q=0.8`); curl's `*\/*`, a client's
 * `application/json` and no Accept at all do not.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (accept === undefined || !/html/i.test(accept)) return false;
  return new Negotiator({ headers: { accept } }).mediaType(HTML_OR_JSON) === 'text/html';
}
