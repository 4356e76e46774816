import { BlockList, isIP } from 'node:net';

/**
 * Where sync may fetch from. A search answer is untrusted input: the page addresses it lists are
 * fetched only from the hosts and ports its source serves pages from (gov.cn's on 80 and 443) or
 * from a configured URL's host and port (a mirror), and private, loopback and link-local addresses (named, or what a name
 * resolves to) only for a configured URL's host (a mirror inside the network, a test), so a
 * poisoned answer cannot turn the service into a proxy into its own network.
 */
export interface AddressPolicy {
  /** Why this address may not be fetched, or undefined when it may. */
  refusal(url: URL): string | undefined;
  /** Whether connections to this host (lower case, no port) may go to a private or loopback address. */
  allowsPrivateAddressFor(host: string): boolean;
}

/** Webhook receivers: the operator's own systems, often inside the network. */
export const ANY_ADDRESS: AddressPolicy = { refusal: () => undefined, allowsPrivateAddressFor: () => true };

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

/**
 * The policy for a site serving pages where `servesPages` says, and URLs configured by the
 * operator: their hosts and ports are trusted, private addresses included.
 */
export function addressPolicyFor(configuredUrls: readonly string[], site: { readonly name: string; readonly servesPages: (host: string, port: string) => boolean }): AddressPolicy {
  const configured = configuredUrls.map((url) => new URL(url));
  const hosts = new Set(configured.map((url) => hostOf(url.href)));
  const origins = new Set(configured.map((url) => `${hostOf(url.href)}:${portOf(url)}`));
  return {
    refusal(url) {
      const host = hostOf(url.href);
      const port = portOf(url);
      if (origins.has(`${host}:${port}`) || site.servesPages(host, port)) return undefined;
      if (hosts.has(host)) return `port ${port} of ${host} is not the configured one; not fetched`;
      return `${host} is not ${site.name} (on a web port) or a configured host; not fetched`;
    },
    allowsPrivateAddressFor: (host) => hosts.has(host),
  };
}

/** The host name of a URL, lower case, without brackets or port. */
export function hostOf(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
}

/** The port a URL connects to, written or its scheme's. */
export function portOf(url: URL): string {
  return url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : '80';
}
