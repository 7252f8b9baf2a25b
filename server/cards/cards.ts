import type { Kysely, Transaction } from 'kysely';
import type { Card } from '../../generated/entities.ts';
import type { CardsTable, Database } from '../db/schema.ts';
import { omitNull } from '../db/omit-null.ts';
import { maskedAccountNumber } from '../accounts/balances.ts';
import { isCardAccountType } from '../ledger/account-status.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { cardCapabilities, type CardFacts } from './card-status.ts';
import { cardProduct, productName } from './products.ts';
import type { Language } from '../i18n/texts.ts';

/**
 * The masked number shown everywhere: the first six digits grouped, then •, then the last four
 * ("5355 22•• •••• 1234"). The full number never leaves the processor except through the reveal call.
 *
 * @example
 * maskedCardNumber('535522', '1234'); // '5355 22•• •••• 1234'
 */
export function maskedCardNumber(bin: string, last4: string): string {
  return `${bin.slice(0, 4)} ${bin.slice(4, 6)}•• •••• ${last4}`;
}

/**
 * The expiry as printed on a card, MM/YY.
 *
 * @example
 * printedExpiry(3, 2029); // '03/29'
 */
export function printedExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

type CardRow = Pick<CardsTable, 'status_id' | 'is_virtual' | 'express_shipping' | 'role'> & { id: number };

/** The facts the status rules look at, for a card and whether a replacement is on its way. */
export function factsOf(card: Pick<CardRow, 'status_id' | 'is_virtual'> & { express_shipping: boolean }, hasReplacement: boolean): CardFacts {
  return { status: card.status_id, isVirtual: card.is_virtual, expressShipping: card.express_shipping, hasReplacement };
}

function cardQuery(db: Kysely<Database>, customerId: number) {
  return db
    .selectFrom('cards as k')
    .innerJoin('accounts as a', 'a.id', 'k.account_id')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .leftJoin('cards as r', (join) => join.onRef('r.account_id', '=', 'k.account_id').on('r.role', '=', 'replacement'))
    .select([
      'k.id',
      'k.account_id',
      'k.product_type',
      'k.sub_type',
      'k.is_virtual',
      'k.status_id',
      'k.bin',
      'k.last4',
      'k.expiry_month',
      'k.expiry_year',
      'k.holder_name',
      'k.express_shipping',
      'k.shipping_option_id',
      'k.country_code',
      'k.created_at',
      'a.name',
      'a.currency_code',
      'a.balance',
      'a.pending',
      'a.status as account_status',
      'a.settlement_account_id',
      'c.scale',
      'r.status_id as replacement_status',
    ])
    .where('k.customer_id', '=', customerId)
    .where('a.customer_id', '=', customerId)
    .where('k.role', '=', 'current');
}

type CardQueryRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];

function toCard(row: CardQueryRow, language: Language): Card {
  const product = cardProduct(row.product_type);
  return {
    cardId: row.id,
    accountId: row.account_id,
    productType: row.product_type,
    productName: productName(row.product_type, language),
    subType: row.sub_type,
    cardIsVirtual: row.is_virtual,
    cardStatusId: row.status_id,
    currencyCode: row.currency_code,
    balance: formatMinorUnits(row.balance, row.scale),
    pendingAmount: formatMinorUnits(row.pending, row.scale),
    accountStatusId: row.account_status,
    settlementAccountId: row.settlement_account_id ?? 0,
    ...(row.settlement_account_id ? { settlementAccountNumber: maskedAccountNumber(row.settlement_account_id) } : {}),
    countryCode: row.country_code,
    expressShipping: row.express_shipping,
    holderName: row.holder_name,
    capabilities: cardCapabilities(factsOf(row, row.replacement_status !== null)),
    createdAt: row.created_at.toISOString(),
    ...(product ? { network: product.network } : {}),
    ...(row.bin && row.last4 ? { maskedCardNumber: maskedCardNumber(row.bin, row.last4) } : {}),
    ...(row.expiry_month && row.expiry_year ? { cardExpiry: printedExpiry(row.expiry_month, row.expiry_year) } : {}),
    ...omitNull({
      cardReissuedStatusId: row.replacement_status,
      cardExpiryMonth: row.expiry_month,
      cardExpiryYear: row.expiry_year,
      cardAliasName: row.name,
      shippingOptionId: row.shipping_option_id,
    }),
  };
}

/** Every card account of the customer with its current card, closed ones too, oldest first. */
export async function customerCards(db: Kysely<Database>, customerId: number, language: Language = 'en'): Promise<Card[]> {
  const rows = await cardQuery(db, customerId).orderBy('k.account_id').execute();
  return rows.map((row) => toCard(row, language));
}

/** The customer's card account `accountId` as a Card; another customer's (or no card account) → 13. */
export async function customerCard(db: Kysely<Database>, customerId: number, accountId: number, language: Language = 'en'): Promise<Card> {
  const row = await cardQuery(db, customerId).where('k.account_id', '=', accountId).executeTakeFirst();
  if (!row) throw new RpcRefusal('13');
  return toCard(row, language);
}

/** A card account locked for a change: the account, its current card and its replacement (if any). */
export interface LockedCard {
  account: {
    id: number;
    type: number;
    status: number;
    currency_code: string;
    balance: bigint;
    pending: bigint;
    settlement_account_id: number | null;
    scale: number;
  };
  current: Awaited<ReturnType<typeof selectCards>>[number];
  replacement: Awaited<ReturnType<typeof selectCards>>[number] | undefined;
}

function selectCards(trx: Transaction<Database>, accountId: number) {
  return trx
    .selectFrom('cards')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('role', 'in', ['current', 'replacement'])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Locks the customer's card account `accountId` and its cards (row locks, so two concurrent
 * changes do one thing after the other). Another customer's account, or not a card account → 13.
 */
export async function lockCard(trx: Transaction<Database>, customerId: number, accountId: number): Promise<LockedCard> {
  const account = await trx
    .selectFrom('accounts as a')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .select(['a.id', 'a.type', 'a.status', 'a.currency_code', 'a.balance', 'a.pending', 'a.settlement_account_id', 'a.customer_id', 'c.scale'])
    .where('a.id', '=', accountId)
    .forUpdate()
    .executeTakeFirst();
  if (!account || account.customer_id !== customerId || !isCardAccountType(account.type)) throw new RpcRefusal('13');
  const cards = await selectCards(trx, accountId);
  const current = cards.find((card) => card.role === 'current');
  if (!current) throw new RpcRefusal('13');
  return { account, current, replacement: cards.find((card) => card.role === 'replacement') };
}
