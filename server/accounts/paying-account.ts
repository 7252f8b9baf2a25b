import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ACCOUNT_STATUS } from '../ledger/account-status.ts';
import { AmountFormatError, toMinorUnits } from '../ledger/money.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/** An account with the scale of its currency (minor units per unit), or undefined when there is none. */
export async function accountWithScale(db: Kysely<Database>, accountId: number) {
  return db
    .selectFrom('accounts as a')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .select(['a.id', 'a.customer_id', 'a.status', 'a.currency_code', 'a.type', 'c.scale'])
    .where('a.id', '=', accountId)
    .executeTakeFirst();
}

/**
 * The caller's own account with its currency's scale, for a quote before money moves (its status is the
 * move's business); another customer's account, a system account or none → 13.
 *
 * @example
 * const { currency_code, scale } = await ownAccountWithScale(ctx.db, params.accountId, customerId);
 */
export async function ownAccountWithScale(db: Kysely<Database>, accountId: number, customerId: number) {
  const account = await accountWithScale(db, accountId);
  if (!account || account.customer_id !== customerId) throw new RpcRefusal('13');
  return account;
}

/**
 * The customer's OPEN account `accountId` that money leaves (a transfer's source, the account paying
 * card fees), else a refusal: another customer's (or a system) account → 13; a type `refuseType`
 * answers a locale key for → TA1 on `field` with its text; a closed one → CA on `field`.
 *
 * @example
 * const source = await payingAccount(trx, customerId, 12, 'fromAccountId', (type) => (type === 1001 ? undefined : 'server.cards.choosePaymentAccount'));
 */
export async function payingAccount(
  db: Kysely<Database>,
  customerId: number,
  accountId: number,
  field: string,
  refuseType: (type: number) => string | undefined,
) {
  const account = await accountWithScale(db, accountId);
  if (!account || account.customer_id !== customerId) throw new RpcRefusal('13');
  const wrongType = refuseType(account.type);
  if (wrongType) throw new RpcRefusal('TA1', { validationErrors: [{ field, key: wrongType }] });
  if (account.status !== ACCOUNT_STATUS.open) throw new RpcRefusal('CA', { validationErrors: [{ field, key: 'server.transfers.closedAccount' }] });
  return account;
}

/**
 * An amount the customer typed, in minor units of a currency with `scale` decimals: refused with TA1 on
 * `field` when it is not a plain decimal, has more decimals than the currency, or is not above zero
 * (`zeroKey` words that refusal). `refusal` adds the call's own words to the refusal (its popup `key`).
 *
 * @example
 * positiveAmount('12.50', 2); // 1250n
 * positiveAmount('0', 2, 'amount', 'server.amounts.aboveZeroForFee'); // throws TA1 on amount
 */
export function positiveAmount(value: string, scale: number, field = 'amount', zeroKey = 'server.amounts.aboveZero', refusal: { key?: string } = {}): bigint {
  let minor: bigint;
  try {
    minor = toMinorUnits(value, scale);
  } catch (error) {
    if (error instanceof AmountFormatError) throw new RpcRefusal('TA1', { ...refusal, validationErrors: [{ field, ...error.text }] });
    throw error;
  }
  if (minor <= 0n) throw new RpcRefusal('TA1', { ...refusal, validationErrors: [{ field, key: zeroKey }] });
  return minor;
}
