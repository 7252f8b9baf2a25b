import { keyedDescription } from '../ledger/descriptions.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { LedgerError } from '../ledger/errors.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { writeLedgerTransaction } from '../ledger/post-transaction.ts';
import { systemAccountId } from '../ledger/system-accounts.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { customerName, receivingAccount } from './parties.ts';
import { messageTexts } from '../i18n/request-language.ts';

type Trx = Transaction<Database>;

/**
 * Lands every transfer waiting in escrow for this user's e-mail in the customer's account: one new
 * ledger transaction per transfer (escrow:p2p → the payee's account in the transfer's currency, opened
 * when they have none), then the transfer is 'completed' with its payee set. Runs in the caller's
 * transaction (activation); the locked row, the status check and the settlement's primary key make
 * each transfer land exactly once. Answers how many landed.
 *
 * @example
 * await releaseEscrowFor(trx, userId); // 2
 */
export async function releaseEscrowFor(trx: Trx, userId: number): Promise<number> {
  const user = await trx.selectFrom('users').select(['email', 'customer_id']).where('id', '=', userId).executeTakeFirst();
  if (!user?.customer_id) return 0;
  const waiting = await trx
    .selectFrom('transfers')
    .select(['id', 'customer_id', 'to_amount', 'to_currency_code', 'note'])
    .where((eb) => eb(eb.fn('lower', ['to_email']), '=', user.email.toLowerCase()))
    .where('status', '=', 'awaitingPayee')
    .orderBy('id')
    .forUpdate()
    .execute();
  let landed = 0;
  for (const transfer of waiting) {
    if (transfer.customer_id === user.customer_id) continue;
    const accountId = await receivingAccount(trx, user.customer_id, transfer.to_currency_code);
    const payer = await customerName(trx, transfer.customer_id);
    const posted = await writeLedgerTransaction(trx, {
      operationType: 'Transfer',
      ...(transfer.note?.trim() ? { description: transfer.note.trim() } : keyedDescription('server.ledger.p2p')),
      legs: [
        { accountId: await systemAccountId(trx, 'escrow:p2p', transfer.to_currency_code), amount: -transfer.to_amount, counterparty: user.email },
        { accountId, amount: transfer.to_amount, counterparty: payer },
      ],
    });
    await trx
      .insertInto('p2p_escrow_settlements')
      .values({ transfer_id: transfer.id, outcome: 'landed', ledger_transaction_id: posted.transactionId })
      .execute();
    await trx
      .updateTable('transfers')
      .set({ status: 'completed', to_customer_id: user.customer_id, to_account_id: accountId, updated_at: new Date() })
      .where('id', '=', transfer.id)
      .execute();
    landed++;
  }
  return landed;
}

/**
 * The sender takes back a transfer still waiting for its payee to register: the amount and its fee
 * return from escrow (and fees) to the source account in one ledger transaction, and the transfer is
 * 'canceled'. Another customer's transfer (or an unknown id) is refused with 13; one that is not
 * waiting for its payee with TA1; nothing changes then.
 *
 * @example
 * await returnEscrowed(trx, 7, 42n);
 */
export async function returnEscrowed(trx: Trx, customerId: number, transferId: bigint): Promise<void> {
  const transfer = await trx
    .selectFrom('transfers')
    .select(['id', 'customer_id', 'status', 'from_account_id', 'amount', 'fee', 'currency_code', 'to_amount', 'to_currency_code', 'to_email', 'note'])
    .where('id', '=', transferId)
    .forUpdate()
    .executeTakeFirst();
  if (!transfer || transfer.customer_id !== customerId) throw new RpcRefusal('13');
  if (transfer.status !== 'awaitingPayee') {
    throw new RpcRefusal('TA1', { key: 'server.transfers.notAwaitingPayee' });
  }
  if (transfer.currency_code !== transfer.to_currency_code || transfer.amount !== transfer.to_amount) {
    throw new Error(`Transfer ${transfer.id} waits in escrow in another currency than it was sent in: escrowed transfers are sent in the source currency.`);
  }
  const legs = [
    {
      accountId: await systemAccountId(trx, 'escrow:p2p', transfer.to_currency_code),
      amount: -transfer.to_amount,
      counterparty: transfer.to_email ?? undefined,
    },
    { accountId: transfer.from_account_id, amount: transfer.amount + transfer.fee, counterparty: transfer.to_email ?? undefined },
  ];
  if (transfer.fee > 0n) legs.push({ accountId: await systemAccountId(trx, 'fees', transfer.currency_code), amount: -transfer.fee, counterparty: undefined });
  let posted;
  try {
    posted = await writeLedgerTransaction(trx, {
      operationType: 'Transfer',
      ...(transfer.note?.trim() ? keyedDescription('server.ledger.returned', { what: transfer.note.trim() }) : keyedDescription('server.ledger.returnedP2p')),
      legs: legs.map(({ counterparty, ...leg }) => (counterparty ? { ...leg, counterparty } : leg)),
    });
  } catch (error) {
    if (error instanceof LedgerError && error.accountId === transfer.from_account_id) {
      throw new RpcRefusal('CA', { key: 'server.transfers.sourceClosed' });
    }
    throw error;
  }
  await trx
    .insertInto('p2p_escrow_settlements')
    .values({ transfer_id: transfer.id, outcome: 'returned', ledger_transaction_id: posted.transactionId })
    .execute();
  await trx
    .updateTable('transfers')
    .set({ status: 'canceled', decline_reason: 'Cancelled by the sender before the payee registered', updated_at: new Date() })
    .where('id', '=', transfer.id)
    .execute();
}

/** The invitation e-mail to the payee of a transfer waiting in escrow. */
export interface PayeeInvitation {
  to: string;
  subject: string;
  text: string;
  purpose: 'p2pInvitation';
}

/**
 * Records the invitation of a transfer waiting in escrow for its payee and answers the e-mail to
 * send once the caller's transaction committed; undefined when the transfer is not waiting for its
 * payee or its invitation was already recorded (each payee is invited once per transfer).
 *
 * @example
 * const invitation = await payeeInvitation(trx, 42n);
 * if (invitation) ctx.afterCommit(() => adapters.messages.sendEmail(invitation));
 */
export async function payeeInvitation(db: Kysely<Database> | Trx, transferId: bigint, origin?: string): Promise<PayeeInvitation | undefined> {
  const transfer = await db
    .selectFrom('transfers as t')
    .innerJoin('currencies as c', 'c.code', 't.to_currency_code')
    .select(['t.id', 't.customer_id', 't.status', 't.to_email', 't.to_amount', 't.to_currency_code', 't.note', 'c.scale'])
    .where('t.id', '=', transferId)
    .executeTakeFirst();
  if (!transfer || transfer.status !== 'awaitingPayee' || !transfer.to_email) return undefined;
  const recorded = await db
    .insertInto('p2p_invitations')
    .values({ transfer_id: transfer.id, email: transfer.to_email })
    .onConflict((conflict) => conflict.column('transfer_id').doNothing())
    .returning('transfer_id')
    .executeTakeFirst();
  if (!recorded) return undefined;
  const payer = await customerName(db as Trx, transfer.customer_id);
  const amount = { amount: formatMinorUnits(transfer.to_amount, transfer.scale), currency: transfer.to_currency_code };
  const register = `${origin ?? ''}/register?email=${encodeURIComponent(transfer.to_email)}`;
  const t = messageTexts();
  return {
    to: transfer.to_email,
    subject: t('messages.p2pInvitation.subject', { payer, amount }),
    text: [
      transfer.note ? t('messages.p2pInvitation.sentWithNote', { payer, amount, note: transfer.note }) : t('messages.p2pInvitation.sent', { payer, amount }),
      t('messages.p2pInvitation.kept', { email: transfer.to_email, link: register }),
    ].join('\n\n'),
    purpose: 'p2pInvitation',
  };
}
