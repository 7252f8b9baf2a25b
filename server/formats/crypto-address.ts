import { keccak_256 } from '@noble/hashes/sha3';
import { bech32, bech32m } from 'bech32';
import bs58check from 'bs58check';
import cryptoNetworks from '../../schemas/data/crypto-networks.json' with { type: 'json' };

/**
 * The address checks of the crypto withdrawal rail (crypto_eft), one per address kind of
 * schemas/data/crypto-networks.json. Pure functions with no Node built-in, so the browser bundle imports
 * this module as the server does and both refuse the same addresses. Each check is the chain's own
 * checksum, so a mistyped character is caught before money leaves: base58check (double SHA-256) for
 * Bitcoin's legacy addresses and TRON, bech32 (BIP 173) and bech32m (BIP 350) for Bitcoin's SegWit
 * addresses, EIP-55's mixed-case Keccak-256 checksum for Ethereum and its ERC-20 tokens. The encodings are
 * maintained libraries' (`bech32`, `bs58check`, `@noble/hashes`).
 */

/** The kinds of address the networks use; a network names its kind in schemas/data/crypto-networks.json. */
export type CryptoAddressKind = 'bitcoin' | 'ethereum' | 'tron';

/** A network's facts in schemas/data/crypto-networks.json. */
export interface CryptoNetwork {
  /** Which check its addresses pass. */
  addressKind: CryptoAddressKind;
  /** The assets the network carries (BTC, ETH, USDT), for the screen's help. */
  assets: string[];
}

/** The networks a crypto withdrawal may go to, by name (the request's `network`). */
export const CRYPTO_NETWORKS: Readonly<Record<string, CryptoNetwork>> = cryptoNetworks.networks as Record<string, CryptoNetwork>;

/** Base58check version bytes of Bitcoin's legacy addresses: P2PKH ('1…') and P2SH ('3…'). */
const BITCOIN_VERSIONS = [0x00, 0x05];
/** The version byte of a TRON address ('T…'). */
const TRON_VERSION = 0x41;

function base58Payload(address: string): Uint8Array | undefined {
  try {
    return bs58check.decodeUnsafe(address);
  } catch {
    return undefined;
  }
}

/** A SegWit address by BIP 173 and BIP 350: version 0 in bech32 with a 20- or 32-byte program, 1 to 16 in bech32m. */
function isSegwitAddress(address: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const lower = address.toLowerCase();
  if (!lower.startsWith('bc1')) return false;
  const decoded = bech32.decodeUnsafe(lower) ?? bech32m.decodeUnsafe(lower);
  if (!decoded || decoded.prefix !== 'bc' || decoded.words.length === 0) return false;
  const [version, ...words] = decoded.words as [number, ...number[]];
  if (version > 16) return false;
  const usedBech32m = bech32.decodeUnsafe(lower) === undefined;
  if (usedBech32m !== version > 0) return false;
  const program = bech32.fromWordsUnsafe(words);
  if (!program || program.length < 2 || program.length > 40) return false;
  return version !== 0 || program.length === 20 || program.length === 32;
}

/**
 * Whether a Bitcoin address is right: a legacy P2PKH or P2SH address with its base58check checksum, or a
 * SegWit address (bech32 for version 0, bech32m for Taproot and later).
 *
 * @example
 * isBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'); // true
 * isBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'); // true
 * isBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'); // false: checksum
 */
export function isBitcoinAddress(address: string): boolean {
  if (/^bc1/i.test(address)) return isSegwitAddress(address);
  const payload = base58Payload(address);
  return payload !== undefined && payload.length === 21 && BITCOIN_VERSIONS.includes(payload[0]!);
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Whether an Ethereum (or ERC-20) address is right: `0x` and 40 hexadecimal digits, whose letters, when
 * they mix cases, follow the EIP-55 checksum (a letter is capital where the Keccak-256 of the lower-case
 * address has a nibble of 8 or more). An address in one case only carries no checksum, and EIP-55 takes
 * it as written.
 *
 * @example
 * isEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'); // true
 * isEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'); // false: checksum
 */
export function isEthereumAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const digits = address.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true;
  const hash = hex(keccak_256(new TextEncoder().encode(digits.toLowerCase())));
  return [...digits].every((char, index) => {
    if (/[0-9]/.test(char)) return true;
    const capital = Number.parseInt(hash[index]!, 16) >= 8;
    return capital ? char === char.toUpperCase() : char === char.toLowerCase();
  });
}

/**
 * Whether a TRON address is right: base58check of 21 bytes starting with 0x41 ('T…').
 *
 * @example
 * isTronAddress('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'); // true
 */
export function isTronAddress(address: string): boolean {
  const payload = base58Payload(address);
  return payload !== undefined && payload.length === 21 && payload[0] === TRON_VERSION;
}

const CHECKS: Record<CryptoAddressKind, (address: string) => boolean> = {
  bitcoin: isBitcoinAddress,
  ethereum: isEthereumAddress,
  tron: isTronAddress,
};

/**
 * Whether `address` is an address of `network` (a name of schemas/data/crypto-networks.json) with a
 * right checksum; spaces around it are ignored. An unknown network has no valid address.
 *
 * @example
 * isCryptoAddress('tron', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'); // true
 * isCryptoAddress('ethereum', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'); // false
 */
export function isCryptoAddress(network: string, address: string): boolean {
  const known = Object.hasOwn(CRYPTO_NETWORKS, network) ? CRYPTO_NETWORKS[network] : undefined;
  return known !== undefined && CHECKS[known.addressKind](address.trim());
}

/**
 * Whether `address` is an address of any network the product sends to, with a right checksum: what a
 * form can check before it knows the network (the `crypto-address` format of the request schema); the
 * network's own check ({@link isCryptoAddress}) follows on the server.
 *
 * @example
 * isAnyCryptoAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'); // true
 * isAnyCryptoAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'); // false: checksum
 */
export function isAnyCryptoAddress(address: string): boolean {
  const trimmed = address.trim();
  return Object.values(CHECKS).some((check) => check(trimmed));
}
