import { bech32 } from 'bech32';
import bs58check from 'bs58check';

/**
 * Address encodings of the crypto rails, used by the sandbox rail to derive addresses that look and
 * check like real ones: Bitcoin native SegWit (bech32, BIP 173) and TRON (base58check). The encodings are
 * the bitcoinjs libraries' (`bech32`, `bs58check`); this module only names what the rails use.
 */

/**
 * A bech32 segwit v0 address of a 20-byte program (P2WPKH).
 *
 * @example
 * segwitAddress('bc', Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex'));
 * // 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
 */
export function segwitAddress(hrp: string, program: Uint8Array): string {
  return bech32.encode(hrp, [0, ...bech32.toWords(program)]);
}

/**
 * Whether a bech32 string's checksum is right (the address as written was not mistyped). Mixed case is
 * refused, as BIP 173 says.
 *
 * @example
 * isValidBech32('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'); // true
 */
export function isValidBech32(address: string): boolean {
  return bech32.decodeUnsafe(address) !== undefined;
}

/**
 * Base58check: the payload, then the first four bytes of its double SHA-256, in base 58.
 *
 * @example
 * base58check(Buffer.from([0x41, ...twentyBytes])); // 'T…' (a TRON address)
 */
export function base58check(payload: Uint8Array): string {
  return bs58check.encode(payload);
}

/**
 * Whether a base58check string's checksum is right.
 *
 * @example
 * isValidBase58check('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'); // true
 */
export function isValidBase58check(text: string): boolean {
  const payload = bs58check.decodeUnsafe(text);
  return payload !== undefined && payload.length > 0;
}
