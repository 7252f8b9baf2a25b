import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import rulesData from '../../schemas/data/card-payouts.json' with { type: 'json' };
import rulesSchema from '../../schemas/data/card-payouts.schema.json' with { type: 'json' };
import { binInfo, type BinInfo } from '../cards/bins.ts';
import { compactCardNumber, isCardNumber, maskedCardNumber } from '../../schemas/rules/card-number.ts';
import { seal, unseal } from '../cards/processor.ts';
import { keptRandomKey } from '../db/app-settings.ts';
import type { Database } from '../db/schema.ts';
import type { ExternalCard } from '../../generated/entities.ts';
import { checked } from '../dictionaries/data.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/** schemas/data/card-payouts.json: the card networks a payout to a card is sent on. */
export const CARD_PAYOUT_RULES = checked<{ networks: string[] }>('card-payouts.json', rulesSchema, rulesData);

/** The key sealing the card vault's numbers, and the one hashing them into fingerprints. */
const vaultKey = (db: Kysely<Database>) => keptRandomKey(db, 'card_vault_key');
const fingerprintKey = (db: Kysely<Database>) => keptRandomKey(db, 'card_fingerprint_key');

/** A card payout's card as the customer gave it: a new number, or one of their saved cards. */
export interface OctCardInput {
  cardNumber?: string;
  externalCardId?: number;
  cardholderName?: string;
  saveCard?: boolean;
}

/** The beneficiary a card payout keeps: never the full number, only its mask and the vault's token. */
export interface OctBeneficiary extends Record<string, string> {
  name: string;
  cardNumber: string;
  cardToken: string;
  cardBrand: string;
}

type FieldError = { field: string; key: string };

/**
 * Why a card cannot be paid to, as a refusal on `cardNumber`: not a card number by the Luhn check, a
 * blocked bin, or a bin of a network the rail does not serve (or of no known network). Undefined when
 * the card can be paid to.
 *
 * @example
 * cardRefusal('4012 8888 8888 1881', await binInfo(db, '401288')); // 'rails.oct.blockedBin'
 */
export function cardRefusal(cardNumber: string, info: BinInfo | undefined): string | undefined {
  if (!isCardNumber(cardNumber)) return 'rails.oct.invalidCardNumber';
  if (info?.blocked) return 'rails.oct.blockedBin';
  if (!info?.valid || !info.cardBrand || !CARD_PAYOUT_RULES.networks.includes(info.cardBrand)) return 'rails.oct.networkNotServed';
  return undefined;
}

async function newToken(db: Kysely<Database>, pan: string): Promise<string> {
  const token = `ctk_${randomBytes(16).toString('base64url')}`;
  await db
    .insertInto('card_vault')
    .values({ token, pan_sealed: seal(await vaultKey(db), pan) })
    .execute();
  return token;
}

/** The full number a vault token stands for. */
async function vaultNumber(db: Kysely<Database>, token: string): Promise<string> {
  const row = await db.selectFrom('card_vault').select('pan_sealed').where('token', '=', token).executeTakeFirstOrThrow();
  return unseal(await vaultKey(db), row.pan_sealed);
}

/**
 * The card a payout goes to, checked on the server as the browser checks it (schemas/rules/card-number.ts):
 * a saved card of the customer's (another customer's, or a deleted one, is 13, as one that does not
 * exist), or a new number that passes the Luhn check, whose bin (its first 6 digits, spaces removed) is
 * not blocked and is of a network the rail serves; a cardholder's name that is not blank. Every wrong
 * field is refused at once with TA1 on its field. The number is sealed in the vault; when `saveCard`
 * the card joins the customer's saved cards (once per number). Answers the beneficiary the payout keeps
 * (masked) and the one its rail is sent (the full number).
 *
 * @example
 * const { beneficiary, railBeneficiary } = await octCard(trx, customerId, { cardNumber: '4111 1111 1111 1111', cardholderName: 'Ada Lovelace' });
 * // beneficiary.cardNumber: '411111******1111', railBeneficiary.cardNumber: '4111111111111111'
 */
export async function octCard(
  db: Kysely<Database>,
  customerId: number,
  input: OctCardInput,
): Promise<{ beneficiary: OctBeneficiary; railBeneficiary: Record<string, string> }> {
  const errors: FieldError[] = [];
  const typedName = input.cardholderName?.trim() ?? '';
  if (input.externalCardId !== undefined) {
    const card = await db
      .selectFrom('external_cards')
      .selectAll()
      .where('id', '=', input.externalCardId)
      .where('customer_id', '=', customerId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!card) throw new RpcRefusal('13');
    const pan = await vaultNumber(db, card.token);
    // The bin may have been blocked since the card was saved.
    const refused = cardRefusal(pan, await binInfo(db, pan));
    if (refused) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'externalCardId', key: refused }] });
    const name = typedName || card.holder_name;
    const beneficiary: OctBeneficiary = { name, cardNumber: card.masked_number, cardToken: card.token, cardBrand: card.card_brand };
    return { beneficiary, railBeneficiary: railCard(beneficiary, pan) };
  }

  const pan = compactCardNumber(input.cardNumber ?? '');
  let info: BinInfo | undefined;
  if (!pan) errors.push({ field: 'cardNumber', key: 'rails.oct.cardRequired' });
  else {
    info = isCardNumber(pan) ? await binInfo(db, pan) : undefined;
    const refused = cardRefusal(pan, info);
    if (refused) errors.push({ field: 'cardNumber', key: refused });
  }
  if (!typedName) errors.push({ field: 'cardholderName', key: 'rails.oct.nameRequired' });
  if (errors.length) throw new RpcRefusal('TA1', { validationErrors: errors });

  const masked = maskedCardNumber(pan);
  let token: string | undefined;
  if (input.saveCard) {
    const fingerprint = createHmac('sha256', await fingerprintKey(db))
      .update(pan)
      .digest('base64url');
    const saved = await db
      .selectFrom('external_cards')
      .select('token')
      .where('customer_id', '=', customerId)
      .where('fingerprint', '=', fingerprint)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    token = saved?.token;
    if (!token) {
      token = await newToken(db, pan);
      await db
        .insertInto('external_cards')
        .values({
          customer_id: customerId,
          token,
          fingerprint,
          masked_number: masked,
          card_brand: info!.cardBrand!,
          issuer: info!.issuer ?? null,
          country_code: info!.countryCode ?? null,
          holder_name: typedName,
        })
        .execute();
    }
  }
  token ??= await newToken(db, pan);
  const beneficiary: OctBeneficiary = { name: typedName, cardNumber: masked, cardToken: token, cardBrand: info!.cardBrand! };
  return { beneficiary, railBeneficiary: railCard(beneficiary, pan) };
}

/** What the card network is sent: the holder, the full number and its brand (never the vault's token). */
function railCard(beneficiary: OctBeneficiary, pan: string): Record<string, string> {
  return { name: beneficiary.name, cardNumber: pan, cardBrand: beneficiary.cardBrand };
}

/**
 * The beneficiary a kept card payout is handed to its rail with again (resendPendingPayouts): the full
 * number unsealed from the vault by the kept token.
 */
export async function octRailBeneficiary(db: Kysely<Database>, kept: Record<string, string>): Promise<Record<string, string>> {
  const { name = '', cardToken, cardBrand = '' } = kept;
  if (!cardToken) return kept;
  return railCard({ name, cardNumber: kept.cardNumber ?? '', cardToken, cardBrand }, await vaultNumber(db, cardToken));
}

/** The networks' own names, which no language translates. */
const NETWORK_NAMES: Record<string, string> = { MC: 'Mastercard', VISA: 'Visa', UPI: 'UnionPay' };

/** One saved card as the customer's list shows it. */
export type ExternalCardView = ExternalCard;

/** The customer's saved cards, newest first (document 001, 'External card: a credit card list'). */
export async function externalCards(db: Kysely<Database>, customerId: number): Promise<ExternalCardView[]> {
  const rows = await db
    .selectFrom('external_cards')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    maskedNumber: row.masked_number,
    cardBrand: row.card_brand as ExternalCard['cardBrand'],
    ...(row.issuer ? { issuer: row.issuer } : {}),
    ...(row.country_code ? { countryCode: row.country_code } : {}),
    holderName: row.holder_name,
    label: `${NETWORK_NAMES[row.card_brand] ?? row.card_brand} •••• ${row.masked_number.slice(-4)} · ${row.holder_name}`,
    createdAt: row.created_at.toISOString(),
  }));
}

/** Deletes one of the customer's saved cards; another customer's, or one already deleted, is 13. */
export async function deleteExternalCard(db: Kysely<Database>, customerId: number, id: number): Promise<void> {
  const deleted = await db
    .updateTable('external_cards')
    .set({ deleted_at: new Date() })
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw new RpcRefusal('13');
}
