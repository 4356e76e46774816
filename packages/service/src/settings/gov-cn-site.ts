/**
 * gov.cn as sync knows it: its name, its search endpoint, and the hosts and ports its pages are
 * served from. Apart from the source's modules (sync/sources/gov-cn/), which load the HTML parser
 * and the HTTP client: reading the settings needs only these, and a service that does not sync
 * loads nothing more.
 */
export const GOV_CN = {
  name: 'gov.cn',
  /** The policy-library search endpoint, which answers JSON. */
  searchUrl: 'https://sousuo.www.gov.cn/search-gov/data',
  /** gov.cn and its subdomains (www.gov.cn, sousuo.www.gov.cn), on the web's ports. */
  servesPages: (host: string, port: string): boolean => (host === 'gov.cn' || host.endsWith('.gov.cn')) && (port === '80' || port === '443'),
} as const;
