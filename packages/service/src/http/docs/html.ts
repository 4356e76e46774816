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
