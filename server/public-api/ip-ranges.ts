import { isIP } from 'node:net';

/** An address as a number and its family, so ranges compare within one family. */
export interface NumericAddress {
  family: 4 | 6;
  value: bigint;
}

const V4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

const v4Value = (text: string): bigint => text.split('.').reduce((sum, part) => (sum << 8n) + BigInt(Number(part)), 0n);

/** The eight 16-bit groups of an IPv6 address, `::` expanded and a trailing dotted IPv4 part folded in. */
function v6Groups(text: string): number[] {
  let address = text;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const v4 = Number(v4Value(dotted[1]!));
    address = `${address.slice(0, -dotted[1]!.length)}${((v4 >>> 16) & 0xffff).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = address.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * An IPv4 or IPv6 address as a number, or undefined when the text is not one. An IPv4-mapped IPv6
 * address (`::ffff:127.0.0.1`, as a dual-stack socket reports an IPv4 peer) reads as its IPv4 address.
 *
 * @example
 * numericAddress('10.0.0.1'); // { family: 4, value: 167772161n }
 */
export function numericAddress(text: string): NumericAddress | undefined {
  const mapped = V4_MAPPED.exec(text);
  const address = mapped ? mapped[1]! : text;
  const family = isIP(address);
  if (family === 4) return { family: 4, value: v4Value(address) };
  if (family === 6) return { family: 6, value: v6Groups(address).reduce((sum, group) => (sum << 16n) + BigInt(group), 0n) };
  return undefined;
}

/** Why a range is refused, by the field it concerns; undefined when it is a range. */
export function rangeProblem(ipFrom: string, ipTo: string): { field: 'ipFrom' | 'ipTo'; reason: 'notAddress' | 'otherFamily' | 'fromAfterTo' } | undefined {
  const from = numericAddress(ipFrom);
  if (!from) return { field: 'ipFrom', reason: 'notAddress' };
  const to = numericAddress(ipTo);
  if (!to) return { field: 'ipTo', reason: 'notAddress' };
  if (from.family !== to.family) return { field: 'ipTo', reason: 'otherFamily' };
  if (from.value > to.value) return { field: 'ipTo', reason: 'fromAfterTo' };
  return undefined;
}

/**
 * Whether an address falls within a range (both ends included, same family).
 *
 * @example
 * inRange('10.0.0.7', { ipFrom: '10.0.0.1', ipTo: '10.0.0.9' }); // true
 */
export function inRange(address: string, range: { ipFrom: string; ipTo: string }): boolean {
  const at = numericAddress(address);
  const from = numericAddress(range.ipFrom);
  const to = numericAddress(range.ipTo);
  if (!at || !from || !to || at.family !== from.family || from.family !== to.family) return false;
  return at.value >= from.value && at.value <= to.value;
}
