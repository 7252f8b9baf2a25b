import { createHash } from 'node:crypto';

/**
 * Address encodings of the crypto rails, used by the sandbox rail to derive addresses that look and
 * check like real ones: Bitcoin native SegWit (bech32, BIP 173) and TRON (base58check).
 */

const BECH32_ALPHABET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function bech32Polymod(values: number[]): number {
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    BECH32_GENERATORS.forEach((generator, bit) => {
      if ((top >>> bit) & 1) checksum ^= generator;
    });
  }
  return checksum;
}

function hrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((character) => character.charCodeAt(0));
  return [...codes.map((code) => code >>> 5), 0, ...codes.map((code) => code & 31)];
}

/** Regroups 8-bit bytes into 5-bit words, padding the last. */
function toWords(bytes: Uint8Array): number[] {
  const words: number[] = [];
  let accumulator = 0;
  let bits = 0;
  for (const byte of bytes) {
    accumulator = (accumulator << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((accumulator >>> bits) & 31);
    }
  }
  if (bits > 0) words.push((accumulator << (5 - bits)) & 31);
  return words;
}

/**
 * A bech32 segwit v0 address of a 20-byte program (P2WPKH).
 *
 * @example
 * segwitAddress('bc', Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex'));
 * // 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
 */
export function segwitAddress(hrp: string, program: Uint8Array): string {
  const data = [0, ...toWords(program)];
  const polymod = bech32Polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, index) => (polymod >>> (5 * (5 - index))) & 31);
  return `${hrp}1${[...data, ...checksum].map((word) => BECH32_ALPHABET[word]).join('')}`;
}

/**
 * Whether a bech32 string's checksum is right (the address as written was not mistyped).
 *
 * @example
 * isValidBech32('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'); // true
 */
export function isValidBech32(address: string): boolean {
  const separator = address.lastIndexOf('1');
  if (separator < 1 || address !== address.toLowerCase()) return false;
  const words = [...address.slice(separator + 1)].map((character) => BECH32_ALPHABET.indexOf(character));
  if (words.length < 6 || words.includes(-1)) return false;
  return bech32Polymod([...hrpExpand(address.slice(0, separator)), ...words]) === 1;
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function sha256(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest();
}

/**
 * Base58check: the payload, then the first four bytes of its double SHA-256, in base 58.
 *
 * @example
 * base58check(Buffer.from([0x41, ...twentyBytes])); // 'T…' (a TRON address)
 */
export function base58check(payload: Uint8Array): string {
  const bytes = Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]);
  let number = BigInt(`0x${bytes.toString('hex')}`);
  let text = '';
  while (number > 0n) {
    text = BASE58_ALPHABET[Number(number % 58n)] + text;
    number /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

/**
 * Whether a base58check string's checksum is right.
 *
 * @example
 * isValidBase58check('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'); // true
 */
export function isValidBase58check(text: string): boolean {
  let number = 0n;
  for (const character of text) {
    const digit = BASE58_ALPHABET.indexOf(character);
    if (digit < 0) return false;
    number = number * 58n + BigInt(digit);
  }
  let hex = number.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  const leadingZeros = text.length - text.replace(/^1+/, '').length;
  const bytes = Buffer.concat([Buffer.alloc(leadingZeros), Buffer.from(hex, 'hex')]);
  if (bytes.length < 5) return false;
  const payload = bytes.subarray(0, bytes.length - 4);
  return sha256(sha256(payload))
    .subarray(0, 4)
    .equals(bytes.subarray(bytes.length - 4));
}
