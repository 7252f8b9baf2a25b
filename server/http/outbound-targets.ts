import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

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
  /**
   * POSTs to `url`, connecting only to an address this check passed: the host is resolved once, when the
   * connection is made, and the socket goes to the address that was checked. A name that resolves to a public
   * address when the URL is saved and to a private one when it is called (DNS rebinding) never reaches the
   * private one: the call is refused with {@link RefusedTarget}, and nothing is sent.
   */
  post(url: string, request: OutboundRequest): Promise<OutboundAnswer>;
}

/** One POST to a customer's URL. */
export interface OutboundRequest {
  body: string;
  headers: Record<string, string>;
  /** Given up after this long: the promise rejects with the signal's TimeoutError. */
  timeoutMs: number;
}

/** What the URL answered: its status and the first {@link ANSWER_TEXT_LIMIT} characters of its body. */
export interface OutboundAnswer {
  status: number;
  text: string;
}

/** More of an answer than this is neither read nor kept: callers log its start. */
export const ANSWER_TEXT_LIMIT = 64 * 1024;

/** Why a call to a customer's URL was not made: the addresses its host resolves to that are not public. */
export class RefusedTarget extends Error {
  constructor(readonly addresses: string[]) {
    super(`Not sent: the host resolves to an address that is not public (${addresses.join(', ')})`);
    this.name = 'RefusedTarget';
  }
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
  const refusedOf = (addresses: string[]) => addresses.filter((address) => isRefusedAddress(blocked, address));
  /** The socket's lookup: resolves, refuses the whole name when one address is not public, else answers the first. */
  const pinned: LookupFunction = (hostname, lookupOptions, callback) => {
    const answer = async () => {
      const addresses = await resolve(hostname);
      const refused = refusedOf(addresses);
      const [address] = addresses;
      if (refused.length > 0) return callback(new RefusedTarget(refused), '');
      if (address === undefined) return callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), '');
      const family = isIP(address);
      if (lookupOptions.all) return (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
      return callback(null, address, family);
    };
    answer().catch((error: Error) => callback(error, ''));
  };
  return {
    async refusedAddresses(url) {
      const host = hostOf(url);
      if (host === undefined) return [url];
      return refusedOf(isIP(host) !== 0 ? [host] : await resolve(host));
    },
    async post(url, request) {
      const host = hostOf(url);
      if (host === undefined) throw new TypeError(`Not sent: ${url} is not a URL`);
      // An address literal is never looked up: it is checked here.
      const refused = isIP(host) !== 0 ? refusedOf([host]) : [];
      if (refused.length > 0) throw new RefusedTarget(refused);
      return postOnce(url, request, pinned);
    },
  };
}

/** The host of a URL, IPv6 literals without their brackets; undefined when `url` is not one. */
function hostOf(url: string): string | undefined {
  try {
    const host = new URL(url).hostname;
    return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  } catch {
    return undefined;
  }
}

/** Reads at most {@link ANSWER_TEXT_LIMIT} bytes of an answer as text, then lets the rest go; rejects when it is cut off. */
function answerText(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const text = () => Buffer.concat(chunks).subarray(0, ANSWER_TEXT_LIMIT).toString('utf8');
    response.on('data', (chunk: Buffer) => {
      if (size >= ANSWER_TEXT_LIMIT) return;
      chunks.push(chunk);
      size += chunk.length;
      if (size >= ANSWER_TEXT_LIMIT) {
        resolve(text());
        response.destroy();
      }
    });
    response.on('end', () => resolve(text()));
    response.on('error', reject);
    response.on('close', () => reject(new Error('The answer was cut off')));
  });
}

/**
 * One POST with Node's own client, `lookup` resolving the host (the platform's resolver when absent). Follows no
 * redirect (a 3xx is an answer like any other).
 */
export function postOnce(url: string, { body, headers, timeoutMs }: OutboundRequest, lookup?: LookupFunction): Promise<OutboundAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => reject(signal.aborted ? signal.reason : error);
    const call = send(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, signal, ...(lookup ? { lookup } : {}) },
      (response) => {
        answerText(response).then((text) => resolve({ status: response.statusCode ?? 0, text }), fail);
      },
    );
    call.on('error', fail);
    call.end(body);
  });
}
