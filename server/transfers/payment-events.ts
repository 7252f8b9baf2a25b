import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { enqueueEvent } from '../webhooks/index.ts';
import { customerName } from './parties.ts';

/** What `payment.received` says of a transfer, as the transfer's row holds it. */
export interface ReceivedPayment {
  transferId: bigint;
  /** The paying customer. */
  customerId: number;
  toCustomerId: number | null;
  toAccountId: number | null;
  /** In minor units of `toCurrencyCode`. */
  toAmount: bigint;
  toCurrencyCode: string;
  /** The decimal places of `toCurrencyCode`. */
  scale: number;
  note: string | null;
  /** The payer's name, when the caller has already read it. */
  payerName?: string;
}

/** The transfer's row, for a caller that has only its id. */
async function receivedPayment(trx: Transaction<Database>, transferId: bigint): Promise<ReceivedPayment> {
  const row = await trx
    .selectFrom('transfers as t')
    .innerJoin('currencies as c', 'c.code', 't.to_currency_code')
    .select(['t.customer_id', 't.to_customer_id', 't.to_account_id', 't.to_amount', 't.to_currency_code', 't.note', 'c.scale'])
    .where('t.id', '=', transferId)
    .executeTakeFirstOrThrow();
  return {
    transferId,
    customerId: row.customer_id,
    toCustomerId: row.to_customer_id,
    toAccountId: row.to_account_id,
    toAmount: row.to_amount,
    toCurrencyCode: row.to_currency_code,
    scale: row.scale,
    note: row.note,
  };
}

/**
 * Raises `payment.received` for the customer a completed transfer credited, when the money came from
 * another customer (a move between a customer's own accounts is no payment). Called in the transaction
 * that completed the transfer, so the event exists exactly when the money moved. Given the transfer's
 * facts (as the call that wrote it has them), it reads nothing more; given its id, it reads the row.
 *
 * @example
 * if (status === 'completed') await reportPaymentReceived(trx, transferId);
 */
export async function reportPaymentReceived(trx: Transaction<Database>, transfer: bigint | ReceivedPayment, now: Date = new Date()): Promise<void> {
  const payment = typeof transfer === 'bigint' ? await receivedPayment(trx, transfer) : transfer;
  if (payment.toCustomerId === null || payment.toAccountId === null || payment.toCustomerId === payment.customerId) return;
  await enqueueEvent(
    trx,
    {
      customerId: payment.toCustomerId,
      type: 'payment.received',
      data: {
        transferId: Number(payment.transferId),
        accountId: payment.toAccountId,
        amount: formatMinorUnits(payment.toAmount, payment.scale),
        currencyCode: payment.toCurrencyCode,
        payerName: (payment.payerName ?? (await customerName(trx, payment.customerId))).slice(0, 512),
        ...(payment.note ? { note: payment.note.slice(0, 1024) } : {}),
        receivedAt: now.toISOString(),
      },
    },
    now,
  );
}
