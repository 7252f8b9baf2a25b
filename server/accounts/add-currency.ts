import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ACCOUNT_STATUS } from '../ledger/account-status.ts';
import { ACCOUNT_TYPE } from './account-flags.ts';

/** Why an account could not be opened; the handler turns it into a refusal on the field. */
export type OpenAccountRefusal = 'alreadyHeld' | 'unknownCurrency';

/**
 * Opens a payment account (1001) for the customer in `currency`, unless the customer already holds
 * an open payment account in it. The customer's row is locked first, so two requests racing for the
 * same currency open one account and refuse the other.
 *
 * @example
 * const opened = await openPaymentAccount(db, customerId, 'AUD');
 * if ('refusal' in opened) …; else opened.accountId;
 */
export async function openPaymentAccount(
  db: Kysely<Database>,
  customerId: number,
  currency: string,
  options: { crypto?: boolean } = {},
): Promise<{ accountId: number } | { refusal: OpenAccountRefusal }> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().executeTakeFirstOrThrow();
    const known = await trx.selectFrom('currencies').select('crypto').where('code', '=', currency).executeTakeFirst();
    if (!known || known.crypto !== (options.crypto ?? false)) return { refusal: 'unknownCurrency' as const };
    const held = await trx
      .selectFrom('accounts')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('currency_code', '=', currency)
      .where('type', '=', ACCOUNT_TYPE.payment)
      .where('status', '=', ACCOUNT_STATUS.open)
      .executeTakeFirst();
    if (held) return { refusal: 'alreadyHeld' as const };
    const { id } = await trx
      .insertInto('accounts')
      .values({ customer_id: customerId, currency_code: currency, type: ACCOUNT_TYPE.payment })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { accountId: id };
  });
}
