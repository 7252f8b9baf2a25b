import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where the server may post on a customer's behalf (webhook endpoints, IPN notify URLs). A customer names
 * the URL, so without this check they could make the server call its own network (server-side request
 * forgery): the database, an admin port, the cloud's metadata service at 169.254.169.254.
 */
export interface OutboundTargets {
  /**
   * The addresses `url`'s host resolves to that the server must not reach, empty when all are public.
   * A host that does not resolve has none (nothing is reached; the delivery itself fails later).
   */
  refusedAddresses(url: string): Promise<string[]>;
}

/** Addresses no customer URL may reach: private, loopback, link-local (metadata), shared, multicast, reserved. */
function blockedRanges(loopbackAllowed: boolean): BlockList {
  const blocked = new BlockList();
  const v4: Array<[string, number]> = [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ];
  const v6: Array<[string, number]> = [
    ['::', 128],
    ['64:ff9b::', 96],
    ['100::', 64],
    ['2001:db8::', 32],
    ['fc00::', 7],
    ['fe80::', 10],
    ['fec0::', 10],
    ['ff00::', 8],
  ];
  if (!loopbackAllowed) {
    v4.push(['127.0.0.0', 8]);
    v6.push(['::1', 128]);
  }
  for (const [network, prefix] of v4) blocked.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of v6) blocked.addSubnet(network, prefix, 'ipv6');
  return blocked;
}

/** An IPv6 address that carries an IPv4 one (::ffff:10.0.0.1, ::10.0.0.1) is judged by the IPv4 one. */
function embeddedIpv4(address: string): string | undefined {
  const match = /^::(?:ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (match) return match[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * Whether one address is refused by `blocked`.
 *
 * @example
 * isRefusedAddress(blockedRanges(false), '169.254.169.254'); // true
 */
function isRefusedAddress(blocked: BlockList, address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  return v4 !== undefined ? blocked.check(v4, 'ipv4') : blocked.check(address, 'ipv6');
}

/** How a host name is resolved: every address, IPv4 and IPv6 (a test gives its own). */
export type Resolve = (host: string) => Promise<string[]>;

const resolveAll: Resolve = async (host) => {
  try {
    return (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    return [];
  }
};

/**
 * The outbound check of a server. `loopbackAllowed` (server config OUTBOUND_LOOPBACK_ALLOWED, off by
 * default) lets customer URLs reach 127.0.0.0/8 and ::1, and nothing else private: it is for tests and a
 * developer's machine, whose receivers listen on 127.0.0.1. Every address the host resolves to is
 * checked, so a name with one public and one private address is refused.
 *
 * @example
 * const targets = outboundTargets({ loopbackAllowed: false });
 * await targets.refusedAddresses('http://169.254.169.254/latest/meta-data'); // ['169.254.169.254']
 * await targets.refusedAddresses('https://example.com/hooks'); // []
 */
export function outboundTargets(options: { loopbackAllowed: boolean; resolve?: Resolve }): OutboundTargets {
  const blocked = blockedRanges(options.loopbackAllowed);
  const resolve = options.resolve ?? resolveAll;
  return {
    async refusedAddresses(url) {
      let host: string;
      try {
        host = new URL(url).hostname;
      } catch {
        return [url];
      }
      // URL keeps an IPv6 literal in brackets.
      const literal = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
      const addresses = isIP(literal) !== 0 ? [literal] : await resolve(literal);
      return addresses.filter((address) => isRefusedAddress(blocked, address));
    },
  };
}
