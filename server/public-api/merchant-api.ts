import type { Kysely, Transaction } from 'kysely';
import { ACCOUNT_STATUS } from '../ledger/account-status.ts';
import type { Database } from '../db/schema.ts';
import { keyedDescription } from '../ledger/descriptions.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import type { KeyCaller, RestContext, RestHandler } from '../rpc/context.ts';
import { RestNotFound, RpcRefusal } from '../rpc/response-codes.ts';
import { createTransfer } from '../transfers/create-transfer.ts';
import { blacklistedForP2p } from '../transfers/p2p-payee.ts';

/** The key's customer: the gate always provides it for the merchant API's operations. */
function keyOf(ctx: RestContext): KeyCaller {
  if (!ctx.key) throw new Error('A merchant API handler needs an API key caller: declare its operation with x-access "apiKey".');
  return ctx.key;
}

/** A payment as the merchant API answers it. */
const paymentColumns = [
  't.id',
  't.status',
  't.amount',
  't.to_amount',
  't.fee',
  't.currency_code',
  't.to_currency_code',
  't.to_email',
  't.customer_id',
  't.created_at',
  'c.scale',
  'tc.scale as to_scale',
  'u.email as from_email',
] as const;

function paymentsOf(db: Kysely<Database>) {
  return db
    .selectFrom('transfers as t')
    .innerJoin('currencies as c', 'c.code', 't.currency_code')
    .innerJoin('currencies as tc', 'tc.code', 't.to_currency_code')
    .leftJoin('users as u', (join) => join.onRef('u.customer_id', '=', 't.customer_id'))
    .select(paymentColumns);
}

type PaymentRow = {
  id: bigint;
  status: string;
  amount: bigint;
  to_amount: bigint;
  fee: bigint;
  currency_code: string;
  to_currency_code: string;
  to_email: string | null;
  customer_id: number;
  created_at: Date;
  scale: number;
  to_scale: number;
  from_email: string | null;
};

/** A payment seen from `customerId`: what it sent (amount and fee), or what it received. */
function paymentView(row: PaymentRow, customerId: number) {
  const sent = row.customer_id === customerId;
  return {
    id: Number(row.id),
    status: row.status,
    amount: sent ? formatMinorUnits(row.amount, row.scale) : formatMinorUnits(row.to_amount, row.to_scale),
    ...(sent ? { fee: formatMinorUnits(row.fee, row.scale) } : {}),
    currencyCode: sent ? row.currency_code : row.to_currency_code,
    ...(row.to_email ? { toEmail: row.to_email } : {}),
    ...(!sent && row.from_email ? { fromEmail: row.from_email } : {}),
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The merchant API (/merchant-api/v1, schemas/api/rest.openapi.json 'Merchant API'), opened by an API
 * key: the key's customer's balances, payouts to a person by e-mail (an internal P2P transfer through
 * the ledger with the same limits, fees and blacklist, completed at once: the key is the merchant's
 * authorisation, so no second factor is asked), a payment's status, and the payments received.
 */
export const merchantApiHandlers: Record<string, RestHandler> = {
  async merchantBalance(_input, ctx) {
    const { customerId } = keyOf(ctx);
    const rows = await ctx.db
      .selectFrom('accounts as a')
      .innerJoin('currencies as c', 'c.code', 'a.currency_code')
      .select(['a.id', 'a.currency_code', 'a.balance', 'a.pending', 'c.scale'])
      .where('a.customer_id', '=', customerId)
      .where('a.status', '=', ACCOUNT_STATUS.open)
      .orderBy('a.id')
      .execute();
    return {
      accounts: rows.map((row) => ({
        accountId: row.id,
        currencyCode: row.currency_code,
        balance: formatMinorUnits(row.balance, row.scale),
        available: formatMinorUnits(row.balance - row.pending, row.scale),
      })),
    };
  },

  async merchantPayout(input, ctx) {
    const { customerId } = keyOf(ctx);
    const { accountId, amount, toEmail, note } = input as { accountId: number; amount: string; toEmail: string; note?: string };
    const trx = ctx.db as Transaction<Database>;
    if (await blacklistedForP2p(trx, customerId, toEmail)) {
      throw new RpcRefusal('TA1', { validationErrors: [{ field: 'toEmail', key: 'server.transfers.blacklisted' }] });
    }
    const result = await createTransfer(
      { trx, customerId, userId: null, rights: null, adapters: ctx.adapters, afterCommit: ctx.afterCommit },
      {
        kind: 'p2p',
        fromAccountId: accountId,
        amount,
        to: { email: toEmail },
        ...(note?.trim() ? { description: note.trim(), note } : keyedDescription('server.ledger.p2p')),
        confirmation: 'none',
        toField: 'toEmail',
      },
    );
    const row = await paymentsOf(trx).where('t.id', '=', BigInt(result.operationId)).executeTakeFirstOrThrow();
    return paymentView(row, customerId);
  },

  async merchantPaymentStatus(input, ctx) {
    const { customerId } = keyOf(ctx);
    const row = await paymentsOf(ctx.db)
      .where('t.id', '=', BigInt(input.id as number))
      .where((eb) => eb.or([eb('t.customer_id', '=', customerId), eb('t.to_customer_id', '=', customerId)]))
      .executeTakeFirst();
    if (!row) throw new RestNotFound();
    return paymentView(row, customerId);
  },

  async merchantPaymentList(input, ctx) {
    const { customerId } = keyOf(ctx);
    const rows = await paymentsOf(ctx.db)
      .where('t.to_customer_id', '=', customerId)
      .where('t.customer_id', '<>', customerId)
      .orderBy('t.id', 'desc')
      .limit((input.limit as number | undefined) ?? 50)
      .execute();
    return { payments: rows.map((row) => paymentView(row, customerId)) };
  },
};
