import { isIPv4, isIPv6 } from 'node:net';

/** An IP address read into a number, with its family, so ranges can be compared. */
export interface ParsedIp {
  family: 4 | 6;
  value: bigint;
  /** The canonical text: dotted quad, or RFC 5952 lower-case compressed IPv6. */
  text: string;
}

function ipv4Value(text: string): bigint {
  return text.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

function ipv6Value(text: string): bigint {
  let address = text.toLowerCase().replace(/%.*$/, '');
  // An embedded IPv4 tail (::ffff:192.0.2.1) becomes two hextets.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (v4) {
    const value = ipv4Value(v4[1]!);
    address = `${address.slice(0, -v4[1]!.length)}${(value >> 16n).toString(16)}:${(value & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const parts = tail === undefined ? headParts : [...headParts, ...Array<string>(missing).fill('0'), ...tailParts];
  return parts.reduce((value, part) => (value << 16n) | BigInt(parseInt(part, 16)), 0n);
}

function ipv6Text(value: bigint): string {
  const hextets = Array.from({ length: 8 }, (_, index) => Number((value >> BigInt((7 - index) * 16)) & 0xffffn));
  // RFC 5952: the longest run (2 or more) of zero hextets becomes '::', the first one on a tie.
  let bestStart = -1;
  let bestLength = 0;
  for (let start = 0; start < 8;) {
    if (hextets[start] !== 0) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < 8 && hextets[end] === 0) end += 1;
    if (end - start > bestLength && end - start >= 2) {
      bestStart = start;
      bestLength = end - start;
    }
    start = end;
  }
  const hex = hextets.map((hextet) => hextet.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/**
 * Reads an IPv4 or IPv6 address; undefined when it is neither. An IPv4-mapped IPv6 address
 * (::ffff:127.0.0.1, as dual-stack sockets report IPv4 callers) counts as the IPv4 address.
 *
 * @example
 * parseIp('2001:DB8:0:0::1'); // { family: 6, value: 4254...n, text: '2001:db8::1' }
 * parseIp('::ffff:127.0.0.1'); // { family: 4, value: 2130706433n, text: '127.0.0.1' }
 */
export function parseIp(text: string): ParsedIp | undefined {
  const trimmed = text.trim();
  if (isIPv4(trimmed)) {
    const value = ipv4Value(trimmed);
    return { family: 4, value, text: trimmed.split('.').map(Number).join('.') };
  }
  if (!isIPv6(trimmed) || trimmed.includes('%')) return undefined;
  const value = ipv6Value(trimmed);
  if (value >> 32n === 0xffffn) {
    const v4 = value & 0xffffffffn;
    return { family: 4, value: v4, text: [24n, 16n, 8n, 0n].map((shift) => Number((v4 >> shift) & 0xffn)).join('.') };
  }
  return { family: 6, value, text: ipv6Text(value) };
}

/** An allow-list entry as stored: one address, or an inclusive range from ip to toIp. */
export interface IpRangeText {
  ip: string;
  toIp: string | null;
}

/**
 * Whether an address falls inside an entry (the same family, between its ends inclusive).
 *
 * @example
 * ipInRange('192.0.2.7', { ip: '192.0.2.0', toIp: '192.0.2.255' }); // true
 */
export function ipInRange(address: string, entry: IpRangeText): boolean {
  const ip = parseIp(address);
  const from = parseIp(entry.ip);
  const to = entry.toIp ? parseIp(entry.toIp) : from;
  if (!ip || !from || !to || ip.family !== from.family || ip.family !== to.family) return false;
  return ip.value >= from.value && ip.value <= to.value;
}
