import type { Kysely, Selectable } from 'kysely';
import type { Database, MerchantButtonsTable, SubscriptionInterval } from '../db/schema.ts';
import { ACCOUNT_STATUS, isCardAccountType } from '../ledger/account-status.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { positiveAmount } from '../accounts/paying-account.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

type Db = Kysely<Database>;

/** A saved button row with its account's currency and scale. */
export type ButtonRow = Selectable<MerchantButtonsTable> & { currency_code: string; scale: number };

/** What a merchant sends to save or change a button (forms/merchant-button-form.schema.json). */
export interface ButtonForm {
  name: string;
  accountId: number;
  amount?: string | undefined;
  minAmount?: string | undefined;
  maxAmount?: string | undefined;
  description?: string | undefined;
  itemReference?: string | undefined;
  successUrl: string;
  cancelUrl: string;
  logoId?: number | undefined;
  enabled?: boolean | undefined;
  recurringInterval?: SubscriptionInterval | undefined;
  recurringInstallments?: number | undefined;
}

const refusal = (field: string, key: string) => new RpcRefusal('TA1', { validationErrors: [{ field, key: `server.merchant.${key}` }] });

/** The page a payer opens for a button, relative to the product's address. */
export const checkoutPath = (id: number) => `/checkout/${id}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A saved button as the API shows it, with the checkout link and a snippet to paste into a shop page.
 *
 * @example
 * toButton(row, 'https://bank.example'); // { id: 3, checkoutUrl: 'https://bank.example/checkout/3', … }
 */
export function toButton(row: ButtonRow, origin = '') {
  const checkoutUrl = `${origin}${checkoutPath(row.id)}`;
  const money = (value: bigint | null) => (value === null ? undefined : formatMinorUnits(value, row.scale));
  const optional = <T>(key: string, value: T | null | undefined) => (value === null || value === undefined ? {} : { [key]: value });
  return {
    id: row.id,
    name: row.name,
    accountId: row.account_id,
    currencyCode: row.currency_code,
    ...optional('amount', money(row.amount)),
    ...optional('minAmount', money(row.min_amount)),
    ...optional('maxAmount', money(row.max_amount)),
    ...optional('description', row.description),
    ...optional('itemReference', row.item_reference),
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    ...optional('logoId', row.logo_id),
    enabled: row.enabled,
    ...optional('recurringInterval', row.recurring_interval),
    ...optional('recurringInstallments', row.recurring_installments),
    checkoutUrl,
    htmlSnippet: `<a href="${escapeHtml(checkoutUrl)}" target="_blank" rel="noopener">${escapeHtml(row.name)}</a>`,
    createdAt: row.created_at.toISOString(),
  };
}

/** Buttons not deleted, each with its account's currency and that currency's scale. */
const liveButtons = (db: Db) =>
  db
    .selectFrom('merchant_buttons as b')
    .innerJoin('accounts as a', 'a.id', 'b.account_id')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .selectAll('b')
    .select(['a.currency_code', 'c.scale'])
    .where('b.deleted_at', 'is', null);

/**
 * The button `id` with its currency, or undefined; `customerId` limits it to that merchant's. Deleted buttons
 * are never found.
 */
export async function buttonRow(db: Db, id: number, customerId?: number): Promise<ButtonRow | undefined> {
  return liveButtons(db)
    .where('b.id', '=', id)
    .$if(customerId !== undefined, (qb) => qb.where('b.customer_id', '=', customerId!))
    .executeTakeFirst();
}

/** The merchant's own button `id`, else 13. */
export async function ownButton(db: Db, id: number, customerId: number): Promise<ButtonRow> {
  const row = await buttonRow(db, id, customerId);
  if (!row) throw new RpcRefusal('13');
  return row;
}

/** The merchant's buttons, newest first. */
export async function listButtons(db: Db, customerId: number): Promise<ButtonRow[]> {
  return liveButtons(db).where('b.customer_id', '=', customerId).orderBy('b.id', 'desc').execute();
}

/**
 * The columns a form saves, checked: the account credited is the merchant's own open payment account (not
 * a card), amounts fit its currency, a fixed amount excludes bounds, min ≤ max, the logo is the merchant's;
 * a recurring button charges a fixed amount, and a number of installments needs an interval.
 */
export async function buttonColumns(db: Db, customerId: number, form: ButtonForm) {
  const account = await db
    .selectFrom('accounts as a')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .select(['a.customer_id', 'a.status', 'a.type', 'c.scale'])
    .where('a.id', '=', form.accountId)
    .executeTakeFirst();
  if (!account || account.customer_id !== customerId) throw refusal('accountId', 'ownAccount');
  if (account.status !== ACCOUNT_STATUS.open || isCardAccountType(account.type)) throw refusal('accountId', 'openAccount');
  const amount = form.amount ? positiveAmount(form.amount, account.scale, 'amount') : null;
  const minAmount = form.minAmount ? positiveAmount(form.minAmount, account.scale, 'minAmount') : null;
  const maxAmount = form.maxAmount ? positiveAmount(form.maxAmount, account.scale, 'maxAmount') : null;
  if (amount !== null && minAmount !== null) throw refusal('minAmount', 'boundsWithFixed');
  if (amount !== null && maxAmount !== null) throw refusal('maxAmount', 'boundsWithFixed');
  if (minAmount !== null && maxAmount !== null && minAmount > maxAmount) throw refusal('maxAmount', 'maxBelowMin');
  if (form.logoId !== undefined) {
    const logo = await db
      .selectFrom('merchant_logos')
      .select('id')
      .where('id', '=', form.logoId)
      .where('customer_id', '=', customerId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!logo) throw refusal('logoId', 'ownLogo');
  }
  if (form.recurringInstallments !== undefined && form.recurringInterval === undefined) throw refusal('recurringInterval', 'intervalRequired');
  if (form.recurringInterval !== undefined && amount === null) throw refusal('amount', 'recurringFixedAmount');
  return {
    name: form.name.trim(),
    account_id: form.accountId,
    amount,
    min_amount: minAmount,
    max_amount: maxAmount,
    description: form.description?.trim() || null,
    item_reference: form.itemReference?.trim() || null,
    success_url: form.successUrl,
    cancel_url: form.cancelUrl,
    logo_id: form.logoId ?? null,
    enabled: form.enabled ?? true,
    recurring_interval: form.recurringInterval ?? null,
    recurring_installments: form.recurringInterval === undefined ? null : (form.recurringInstallments ?? null),
  };
}
