/**
 * A configured URL as it may be shown or logged (docs/operators.md, "Security"): its user name and password
 * and the value of each query parameter are replaced by `***`, and with `path: false` its path
 * too (webhook receivers put tokens there). `/readyz` is public and logs travel far; a URL's
 * secrets stay in the configuration.
 */
export function redactedUrl(text: string, options: { readonly path?: boolean } = {}): string {
  if (!URL.canParse(text)) return '(an unreadable URL)';
  const url = new URL(text);
  if (url.username !== '') url.username = '***';
  if (url.password !== '') url.password = '***';
  if (options.path === false && url.pathname !== '/') url.pathname = '/***';
  const names = [...new Set(url.searchParams.keys())];
  const query = names.map((name) => `${encodeURIComponent(name)}=***`).join('&');
  url.search = query;
  url.hash = '';
  return url.href;
}
