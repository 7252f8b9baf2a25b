import banks from '../../schemas/data/instant-banks.json' with { type: 'json' };
import directory from '../../schemas/data/instant-directory.json' with { type: 'json' };
import { isBrTaxId, isInstantKey, normalInstantKey, normalTaxId, type InstantKeyType } from '../formats/instant-key.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/** What the rail's directory says of an instant key: its holder and their bank. */
export interface InstantKeyHolder {
  holderName: string;
  taxId: string;
  bankCode: string;
  bankName: string;
}

/** An instant payment's recipient as the rail is sent it; `name` is the holder's, what the history calls it. */
export interface InstantRecipient extends Record<string, string> {
  name: string;
  keyType: InstantKeyType;
  key: string;
  bankCode: string;
}

const BANKS: Readonly<Record<string, string>> = banks.banks;

const refusal = (field: string, key: string) => new RpcRefusal('TA1', { validationErrors: [{ field, key }] });

/**
 * The instant rail's participants, sorted by name in `locale` (schemas/data/instant-banks.json).
 *
 * @example
 * instantBanks('pt')[0]; // { code: '60746948', name: 'Banco Bradesco' }
 */
export function instantBanks(locale = 'en'): Array<{ code: string; name: string }> {
  return Object.entries(BANKS)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/**
 * Looks an instant key up in the rail's directory (the sandbox's, schemas/data/instant-directory.json):
 * a key wrong for its type is refused with TA1 on `key` ('rails.instant.invalidKey.<type>'), as is one
 * nobody holds ('rails.instant.keyNotFound').
 *
 * @example
 * instantKeyHolder('email', 'Ana.Souza@example.com'); // { holderName: 'Ana Souza', taxId: '52998224725', bankCode: '00000000', bankName: 'Banco do Brasil' }
 */
export function instantKeyHolder(keyType: InstantKeyType, key: string): InstantKeyHolder {
  if (!isInstantKey(keyType, key)) throw refusal('key', `rails.instant.invalidKey.${keyType}`);
  const normal = normalInstantKey(keyType, key);
  const entry = directory.keys.find((candidate) => candidate.keyType === keyType && candidate.key === normal);
  if (!entry) throw refusal('key', 'rails.instant.keyNotFound');
  return { holderName: entry.holderName, taxId: entry.taxId, bankCode: entry.bankCode, bankName: BANKS[entry.bankCode] ?? entry.bankCode };
}

/**
 * A tax id with all but its first three and last two digits hidden, as the key lookup answers it.
 *
 * @example
 * maskedTaxId('52998224725'); // '529•••••••25' with six dots
 */
export const maskedTaxId = (taxId: string): string => `${taxId.slice(0, 3)}${'•'.repeat(taxId.length - 5)}${taxId.slice(-2)}`;

/**
 * Checks an instant payment's recipient on the server: the key by its type and in the directory (refused
 * on `key`), and the tax id by its check digits and as the key holder's (refused on `taxId`). Nothing is
 * written when it refuses.
 *
 * @example
 * instantRecipient({ keyType: 'phone', key: '+55 11 98765-4321', taxId: '123.456.789-09' });
 * // { name: 'Bruno Lima', keyType: 'phone', key: '+5511987654321', bankCode: '18236120' }
 */
export function instantRecipient(input: { keyType: InstantKeyType; key: string; taxId: string }): InstantRecipient {
  const holder = instantKeyHolder(input.keyType, input.key);
  if (!isBrTaxId(input.taxId)) throw refusal('taxId', 'rails.instant.invalidTaxId');
  if (normalTaxId(input.taxId) !== holder.taxId) throw refusal('taxId', 'rails.instant.taxIdNotHolders');
  return { name: holder.holderName, keyType: input.keyType, key: normalInstantKey(input.keyType, input.key), bankCode: holder.bankCode };
}
