import { BlockList, isIP } from 'node:net';

/**
 * Where sync may fetch from. A search answer is untrusted input: the page addresses it lists are
 * fetched only from gov.cn's hosts or the configured search host (a mirror), and never from a
 * private or loopback address unless the configured URLs are themselves such (a mirror inside the
 * network, a test), so a poisoned answer cannot turn the service into a proxy into its own network.
 */
export interface AddressPolicy {
  /** Whether a page may be fetched from this host name (lower case, no port). */
  allowsHost(host: string): boolean;
  /** Whether connections may go to private, loopback and link-local addresses. */
  readonly allowsPrivateAddresses: boolean;
}

const PRIVATE_RANGES = (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['224.0.0.0', 3],
  ] as const) {
    list.addSubnet(network, prefix, 'ipv4');
  }
  for (const [network, prefix] of [
    ['::', 127],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ] as const) {
    list.addSubnet(network, prefix, 'ipv6');
  }
  return list;
})();

/** Private, loopback, link-local, shared, multicast or unspecified: not an address on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1] !== undefined) return PRIVATE_RANGES.check(mapped[1], 'ipv4');
  return PRIVATE_RANGES.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

function isLocalName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host);
}

/** gov.cn and its subdomains (www.gov.cn, sousuo.www.gov.cn). */
export function isGovCnHost(host: string): boolean {
  return host === 'gov.cn' || host.endsWith('.gov.cn');
}

/** The policy for URLs configured by the operator: their hosts are trusted, and they decide whether private addresses are. */
export function addressPolicyFor(configuredUrls: readonly string[]): AddressPolicy {
  const hosts = new Set(configuredUrls.map((url) => hostOf(url)));
  return {
    allowsHost: (host) => isGovCnHost(host) || hosts.has(host),
    allowsPrivateAddresses: [...hosts].some(isLocalName),
  };
}

/** The host name of a URL, lower case, without brackets or port. */
export function hostOf(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
}
