import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { enqueueEvent } from '../webhooks/index.ts';
import { customerName } from './parties.ts';

/**
 * Raises `payment.received` for the customer a completed transfer credited, when the money came from
 * another customer (a move between a customer's own accounts is no payment). Called in the transaction
 * that completed the transfer, so the event exists exactly when the money moved.
 *
 * @example
 * if (status === 'completed') await reportPaymentReceived(trx, transferId);
 */
export async function reportPaymentReceived(trx: Transaction<Database>, transferId: bigint, now: Date = new Date()): Promise<void> {
  const transfer = await trx
    .selectFrom('transfers as t')
    .innerJoin('currencies as c', 'c.code', 't.to_currency_code')
    .select(['t.customer_id', 't.to_customer_id', 't.to_account_id', 't.to_amount', 't.to_currency_code', 't.note', 'c.scale'])
    .where('t.id', '=', transferId)
    .executeTakeFirstOrThrow();
  if (transfer.to_customer_id === null || transfer.to_account_id === null || transfer.to_customer_id === transfer.customer_id) return;
  await enqueueEvent(
    trx,
    {
      customerId: transfer.to_customer_id,
      type: 'payment.received',
      data: {
        transferId: Number(transferId),
        accountId: transfer.to_account_id,
        amount: formatMinorUnits(transfer.to_amount, transfer.scale),
        currencyCode: transfer.to_currency_code,
        payerName: (await customerName(trx, transfer.customer_id)).slice(0, 512),
        ...(transfer.note ? { note: transfer.note.slice(0, 1024) } : {}),
        receivedAt: now.toISOString(),
      },
    },
    now,
  );
}
