import { isIPv4 } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Finds the country an IP address is in. The real adapter asks a geolocation service; the sandbox
 * answers from a small built-in range table.
 */
export interface IpCountryLookup {
  /** ISO country code, or '' when unknown. */
  countryOf(ip: string): Promise<string>;
}

/**
 * What an IP privacy service says about an address. `service` names a known service (a corporate
 * proxy, a cloud relay the customer's company uses); it is the only flag that does not block.
 */
export interface IpPrivacyFlags {
  vpn: boolean;
  proxy: boolean;
  tor: boolean;
  relay: boolean;
  hosting: boolean;
  service: string | null;
}

/** Tells whether an address hides its user (VPN, proxy, Tor...). */
export interface IpPrivacyCheck {
  flagsOf(ip: string): Promise<IpPrivacyFlags>;
}

/** The address as the application sees it: IPv4-mapped IPv6 ('::ffff:127.0.0.1') as plain IPv4. */
export const plainIp = (ip: string): string => (ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip);

function ipv4ToNumber(ip: string): number {
  return ip.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

/** Whether an IPv4 address is inside a CIDR block such as '10.0.0.0/8'. */
export function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/') as [string, string];
  if (!isIPv4(ip) || !isIPv4(base)) return false;
  const size = 2 ** (32 - Number(bits));
  const start = Math.floor(ipv4ToNumber(base) / size) * size;
  const value = ipv4ToNumber(ip);
  return value >= start && value < start + size;
}

/**
 * The sandbox's range table: loopback and private networks are where testers sit, so they answer the
 * configured local country; a few documentation and public ranges answer fixed countries so a tester
 * can see other answers.
 */
export const SANDBOX_RANGES: readonly { cidr: string; country: string | 'local' }[] = [
  { cidr: '127.0.0.0/8', country: 'local' },
  { cidr: '10.0.0.0/8', country: 'local' },
  { cidr: '172.16.0.0/12', country: 'local' },
  { cidr: '192.168.0.0/16', country: 'local' },
  { cidr: '192.0.2.0/24', country: 'US' },
  { cidr: '198.51.100.0/24', country: 'GB' },
  { cidr: '203.0.113.0/24', country: 'MD' },
  { cidr: '81.180.64.0/18', country: 'MD' },
  { cidr: '86.120.0.0/13', country: 'RO' },
  { cidr: '93.72.0.0/13', country: 'UA' },
  { cidr: '200.147.0.0/16', country: 'BR' },
];

/**
 * The sandbox country lookup: the first range of {@link SANDBOX_RANGES} that holds the address;
 * loopback and private addresses answer `localCountry`; anything else is unknown ('').
 *
 * @example
 * await sandboxIpCountry('GB').countryOf('127.0.0.1'); // 'GB'
 */
export function sandboxIpCountry(localCountry: string): IpCountryLookup {
  return {
    async countryOf(ip) {
      const address = plainIp(ip);
      if (address === '::1') return localCountry;
      const range = SANDBOX_RANGES.find((candidate) => inCidr(address, candidate.cidr));
      if (!range) return '';
      return range.country === 'local' ? localCountry : range.country;
    },
  };
}

/**
 * The real country lookup: GET `<url><ip>`, answering JSON with `country_code` (or `countryCode`).
 * A failure or an unexpected answer is unknown (''), never a refused request.
 */
export function gatewayIpCountry(url: string): IpCountryLookup {
  return {
    async countryOf(ip) {
      try {
        const response = await fetch(`${url}${encodeURIComponent(plainIp(ip))}`, { signal: AbortSignal.timeout(5_000) });
        if (!response.ok) return '';
        const body = (await response.json()) as Record<string, unknown>;
        const code = body.country_code ?? body.countryCode;
        return typeof code === 'string' && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : '';
      } catch {
        return '';
      }
    },
  };
}

const NO_FLAGS: IpPrivacyFlags = { vpn: false, proxy: false, tor: false, relay: false, hosting: false, service: null };

/**
 * The sandbox privacy check: the addresses a tester marked on /sandbox/ip-privacy (table
 * sandbox_ip_privacy); every other address is clean.
 */
export function sandboxIpPrivacy(db: Kysely<Database>): IpPrivacyCheck {
  return {
    async flagsOf(ip) {
      const row = await db.selectFrom('sandbox_ip_privacy').selectAll().where('ip', '=', plainIp(ip)).executeTakeFirst();
      if (!row) return NO_FLAGS;
      return { vpn: row.vpn, proxy: row.proxy, tor: row.tor, relay: row.relay, hosting: row.hosting, service: row.service };
    },
  };
}

/**
 * The real privacy check (document 000 section 7): GET `<url><ip>`, answering `{ privacy: { vpn,
 * proxy, tor, relay, hosting, service } }` (or the flags at the top level). The service being down
 * must not lock every customer out, so a failure answers no flags; it is logged by the caller's
 * server logs through the thrown-away error only.
 */
export function gatewayIpPrivacy(url: string): IpPrivacyCheck {
  return {
    async flagsOf(ip) {
      try {
        const response = await fetch(`${url}${encodeURIComponent(plainIp(ip))}`, { signal: AbortSignal.timeout(5_000) });
        if (!response.ok) return NO_FLAGS;
        const body = (await response.json()) as Record<string, unknown>;
        const privacy = (typeof body.privacy === 'object' && body.privacy !== null ? body.privacy : body) as Record<string, unknown>;
        const service = privacy.service;
        return {
          vpn: privacy.vpn === true,
          proxy: privacy.proxy === true,
          tor: privacy.tor === true,
          relay: privacy.relay === true,
          hosting: privacy.hosting === true,
          service: typeof service === 'string' && service !== '' ? service : null,
        };
      } catch {
        return NO_FLAGS;
      }
    },
  };
}

/**
 * The rule of document 000 section 7: access is blocked if any privacy flag other than `service` is
 * true. Answers the flags that block, empty when the address may go on.
 *
 * @example
 * blockingFlags({ vpn: true, proxy: false, tor: false, relay: false, hosting: false, service: null }); // ['vpn']
 */
export function blockingFlags(flags: IpPrivacyFlags): string[] {
  return (['vpn', 'proxy', 'tor', 'relay', 'hosting'] as const).filter((flag) => flags[flag]);
}
