import { RpcRefusal } from '../rpc/response-codes.ts';
import { isCryptoAddress } from '../formats/crypto-address.ts';

/** A crypto withdrawal's recipient as the customer typed it. */
export interface CryptoRecipientInput {
  network: string;
  address: string;
}

/** A crypto withdrawal's recipient as the rail is sent it; `name` is the address, what the history calls it. */
export interface CryptoRecipient extends Record<string, string> {
  name: string;
  network: string;
  address: string;
}

/**
 * Checks a crypto withdrawal's address on the server with the check the browser runs
 * (server/formats/crypto-address.ts): an address that is not one of its network's, or whose checksum is
 * wrong, is refused with TA1 on `address` and nothing is written.
 *
 * @example
 * cryptoRecipient({ network: 'tron', address: ' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ' });
 * // { name: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', network: 'tron', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }
 */
export function cryptoRecipient(input: CryptoRecipientInput): CryptoRecipient {
  const address = input.address.trim();
  if (!isCryptoAddress(input.network, address)) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'address', key: `rails.cryptoEft.invalidAddress.${input.network}` }] });
  }
  return { name: address, network: input.network, address };
}
