import { createHash } from 'node:crypto';
import { base58check, segwitAddress } from './addresses.ts';

/**
 * The crypto rail: the custodian that holds the bank's crypto and gives each customer a deposit
 * address per currency. Deposits it sees arrive through the clearing:crypto system account.
 */
export interface CryptoRail {
  /** The deposit address of `customerId` in `currency`; the same address every time it is asked. */
  depositAddress(currency: string, customerId: number): Promise<string>;
}

/** Derives an address from a digest: Bitcoin native SegWit for BTC, TRON (TRC-20) for USDT. */
function sandboxAddress(currency: string, digest: Buffer): string {
  const program = digest.subarray(0, 20);
  if (currency === 'BTC') return segwitAddress('bc', program);
  if (currency === 'USDT') return base58check(Buffer.concat([Buffer.from([0x41]), program]));
  throw new Error(`The sandbox crypto rail has no address format for ${currency}: add one in server/wallets/crypto-rail.ts.`);
}

/**
 * The sandbox rail: addresses derived from the currency and the customer, deterministic (the same
 * customer always gets the same address, even after a restart on a new database) and, as hashes,
 * unique; they pass the real checksum of their chain. Deposits are sent from `/sandbox/crypto`.
 *
 * @example
 * await sandboxCryptoRail().depositAddress('BTC', 42); // 'bc1q…'
 */
export function sandboxCryptoRail(): CryptoRail {
  return {
    async depositAddress(currency, customerId) {
      return sandboxAddress(currency, createHash('sha256').update(`sandbox-crypto-rail:${currency}:${customerId}`).digest());
    },
  };
}

/**
 * The real rail: posts `{ currency, customerReference }` as JSON to `<CRYPTO_GATEWAY_URL>/addresses`
 * and reads `{ address }`. The custodian answers the same address for the same reference.
 *
 * @example
 * const rail = gatewayCryptoRail('https://custody.example/api');
 */
export function gatewayCryptoRail(url: string, send: typeof fetch = fetch): CryptoRail {
  return {
    async depositAddress(currency, customerId) {
      const response = await send(`${url.replace(/\/$/, '')}/addresses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ currency, customerReference: `C${customerId}` }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await response.json().catch(() => ({}))) as { address?: unknown };
      if (!response.ok || typeof body.address !== 'string' || body.address === '') {
        throw new Error(`The crypto gateway at ${url} answered ${response.status} without an address; check the gateway and CRYPTO_GATEWAY_URL.`);
      }
      return body.address;
    },
  };
}
