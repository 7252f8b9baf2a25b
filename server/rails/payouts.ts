import type { Kysely, Transaction } from 'kysely';
import { batchPayoutSettled } from './batch-payouts.ts';
import type { Database } from '../db/schema.ts';
import type { TextValues } from '../i18n/texts.ts';
import { payingAccount, positiveAmount } from '../accounts/paying-account.ts';
import { isCardAccountType } from '../ledger/account-status.ts';
import { keyedDescription } from '../ledger/descriptions.ts';
import { LedgerError } from '../ledger/errors.ts';
import { holdLedgerTransaction, settleHeldTransaction } from '../ledger/holds.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { writeLedgerTransaction } from '../ledger/post-transaction.ts';
import { systemAccountId, type SystemPurpose } from '../ledger/system-accounts.ts';
import { announceToCustomer } from '../push/customer-live.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import type { TransferStatus } from '../db/schema.ts';
import type { RpcContext } from '../rpc/context.ts';
import { startConfirmation } from '../transfers/confirmation.ts';
import { needsBusinessApproval, type SubmitResult } from '../transfers/create-transfer.ts';
import { checkTransferLimits } from '../transfers/limits.ts';
import { transferScope, type TransferScope } from '../transfers/scope.ts';
import { enqueueEvent } from '../webhooks/index.ts';
import { instructionOf, payoutInstruction, processingPayouts } from '../transfers/payout-handover.ts';
import { countryMaxAmount } from './country-max-amount.ts';
import { railQuote } from './fee-quote.ts';
import { receivingCurrency } from './payout-currencies.ts';
import { payoutTransition, transferStatusOf, type PayoutState } from './payout-states.ts';
import { asSandboxRail } from './adapters.ts';
import type { RailAdapter, RailAdapters, RailName, RailReport } from './rail-adapter.ts';

/** The system account each rail's money passes through (server/ledger/system-accounts.ts). */
const CLEARING: Record<RailName, SystemPurpose> = {
  wire: 'clearing:wire',
  eft: 'clearing:eft',
  oct: 'clearing:oct',
  crypto_eft: 'clearing:crypto_eft',
  instant_payment: 'clearing:instant_payment',
  interac: 'clearing:interac',
};

const refusal = (field: string, key: string, values?: TextValues) =>
  new RpcRefusal('TA1', { validationErrors: [{ field, key, ...(values ? { values } : {}) }] });

/**
 * Who creates a payout and how its effects leave after the commit: a transfer's scope (the call's
 * transaction, the customer, the user and their business rights) and the rails it is handed to.
 */
export interface PayoutScope extends TransferScope {
  rails: RailAdapters;
}

/**
 * The scope of a money-moving RPC call that creates a payout.
 *
 * @example
 * await createPayout(payoutScope(ctx), { rail: 'eft', fromAccountId, amount, beneficiary });
 */
export function payoutScope(ctx: RpcContext): PayoutScope {
  return { ...transferScope(ctx), rails: ctx.adapters.rails };
}

/** A payout as a rail's call asks for it, its beneficiary already checked by the rail's own rules. */
export interface PayoutInput {
  rail: RailName;
  fromAccountId: number;
  /** The currency the customer named; must be the source account's when given. */
  currency?: string;
  /** What leaves the account for the beneficiary, in the source account's currency (the fee comes on top). */
  amount: string;
  /**
   * The currency the beneficiary is sent, where the rail offers it to their country
   * (schemas/data/payout-currencies.json); the account's when not given. The account's amount is held and
   * converted at the rate account-to-account transfers use (quoteTransfer).
   */
  toCurrency?: string;
  /**
   * The beneficiary as the rail needs it; `name` is what the customer's history calls the payout, and
   * `countryCode` (the country of the beneficiary's bank, where the rail knows it) bounds the amount by
   * that country's maximum (country-max-amount.ts).
   */
  beneficiary: { name: string; countryCode?: string } & Record<string, string>;
  /** A way to pay the rail's fee other than its standard one (a wire's 'our' or 'express', a crypto withdrawal's network; transfer-pricing.json). */
  feeVariant?: string;
  /** More values the history's description of the payout reads besides `beneficiary` (a card's masked number). */
  descriptionValues?: Record<string, string>;
  reference?: string;
  note?: string;
}

/**
 * The answer to a payout: the transfer's submit result (document 001 section 3): 'processing' when it
 * went to its rail, 'awaitingConfirmation' with the second factor asked, 'awaitingApproval' for a
 * business user who may only create requests.
 */
export interface PayoutCreated extends SubmitResult {
  /** The ledger transaction holding the money: its page in the history and its receipt. */
  transactionId: number;
}

/** The end-to-end id of a payout: its rail and its transfer, which the rail's reports repeat. */
export const payoutEndToEndId = (rail: RailName, transferId: bigint) => `${rail.toUpperCase()}-${transferId}`;

/**
 * Creates a payout inside the money-moving call's transaction: checks the source account, prices the fee
 * (schemas/data/transfer-pricing.json, the rail's kind), checks the customer's limits (which locks the
 * customer, so the check and the hold are one step for concurrent payouts), then holds amount plus fee
 * towards the rail's clearing account and the fee account (a payout sent in another currency, where the
 * rail offers it (payout-currencies.ts), through the FX accounts at the transfers' rate, the clearing
 * account taking the converted amount), and writes the transfer (both amounts and the rate) and the payout
 * ('pending', its first timeline step). Then, as every transfer (create-transfer.ts):
 * - a business user who may only create requests: the transfer is 'awaitingApproval' and waits in the
 *   business queue (server/approvals/), whose approval hands it to its rail;
 * - the customer's two-step setting asks for a second factor: 'awaitingConfirmation', the code sent
 *   after the commit, bound to amount, currency, rail and beneficiary (transferApprove hands it over);
 * - else 'processing', handed to its rail after the commit.
 * Nothing reaches the rail before the commit; `resendPendingPayouts` hands over again a payout whose
 * hand-over was lost. Refusals name their field and change nothing.
 *
 * @example
 * const created = await createPayout(payoutScope(ctx), { rail: 'wire', fromAccountId: 12, amount: '250.00', beneficiary: { name, iban, bic } });
 */
export async function createPayout(scope: PayoutScope, input: PayoutInput): Promise<PayoutCreated> {
  const { trx } = scope;
  const source = await payingAccount(trx, scope.customerId, input.fromAccountId, 'accountId', (type) =>
    isCardAccountType(type) ? 'server.transfers.cardAccount' : undefined,
  );
  if (input.currency && input.currency !== source.currency_code) {
    throw refusal('currency', 'server.transfers.wrongCurrency', { currency: source.currency_code });
  }
  const amount = positiveAmount(input.amount, source.scale);
  const countryCode = input.beneficiary.countryCode;
  const countryMax = countryCode ? countryMaxAmount({ countryCode, currencyCode: source.currency_code, operation: input.rail, scale: source.scale }) : null;
  if (countryMax !== null && amount > countryMax) {
    throw refusal('amount', 'rails.countryMaxAmount', {
      max: { amount: formatMinorUnits(countryMax, source.scale), currency: source.currency_code },
    });
  }
  const receive = await receivingCurrency(trx, input.rail, source, input.toCurrency, countryCode);
  const quote = railQuote(input.rail, amount, source, receive, input.feeVariant);
  const { fee, toAmount } = quote;
  const converts = receive.currency_code !== source.currency_code;
  const payer = await checkTransferLimits(trx, { customerId: scope.customerId, kind: input.rail, currency: source.currency_code, scale: source.scale, amount });

  let held;
  try {
    held = await holdPayout(trx, {
      rail: input.rail,
      fromAccountId: source.id,
      amount,
      fee,
      currency: source.currency_code,
      beneficiaryName: input.beneficiary.name,
      ...(input.descriptionValues ? { descriptionValues: input.descriptionValues } : {}),
      ...(converts ? { received: { amount: toAmount, currency: receive.currency_code } } : {}),
    });
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'insufficientFunds') {
      throw refusal('amount', 'server.transfers.insufficientFunds', {
        total: { amount: formatMinorUnits(amount + fee, source.scale), currency: source.currency_code },
      });
    }
    throw error;
  }

  const businessApproval = await needsBusinessApproval(trx, scope);
  const confirms = !businessApproval && scope.userId !== null && payer.approveMode !== null;
  const status: TransferStatus = businessApproval ? 'awaitingApproval' : confirms ? 'awaitingConfirmation' : 'processing';
  const { transferId, endToEndId: id } = await recordPayout(trx, {
    customerId: scope.customerId,
    userId: scope.userId,
    rail: input.rail,
    status,
    fromAccountId: source.id,
    amount,
    fee,
    currency: source.currency_code,
    received: { amount: toAmount, currency: receive.currency_code, rate: quote.rate },
    ledgerTransactionId: held.transactionId,
    beneficiary: input.beneficiary,
    note: input.note ?? null,
    reference: input.reference ?? null,
  });

  const sent = formatMinorUnits(toAmount, receive.scale);
  const created: PayoutCreated = {
    operationId: Number(transferId),
    transactionId: Number(held.transactionId),
    status,
    amount: formatMinorUnits(amount, source.scale),
    toAmount: sent,
    fee: formatMinorUnits(fee, source.scale),
    currencyCode: source.currency_code,
    toCurrencyCode: receive.currency_code,
    exchangeRate: quote.rate,
  };
  if (status === 'processing') {
    // The rail is told what the beneficiary receives, in the payout's currency.
    const instruction = payoutInstruction({ ...input.beneficiary }, id, sent, receive.currency_code, input.reference ?? null);
    scope.afterCommit(() => scope.rails[input.rail].sendPayout(instruction));
    return created;
  }
  if (!confirms) return created;
  const confirmation = await startConfirmation(scope, transferId, undefined, payer.approveMode);
  return confirmation ? { ...created, ...confirmation } : created;
}

/**
 * Holds a payout's money towards its rail: `amount` plus `fee` leave `fromAccountId` (a customer's account,
 * or a batch's escrow, whose fees were taken when it was funded), the fee to the fee account and the amount to
 * the rail's clearing account, pending until the rail settles it (post) or it fails (void). Refused with
 * LedgerError 'insufficientFunds' as any hold.
 *
 * @example
 * const held = await holdPayout(trx, { rail: 'wire', fromAccountId: 12, amount: 25000n, fee: 1500n, currency: 'EUR', beneficiaryName: 'Ada' });
 */
export async function holdPayout(
  trx: Transaction<Database>,
  hold: {
    rail: RailName;
    fromAccountId: number;
    amount: bigint;
    fee: bigint;
    currency: string;
    beneficiaryName: string;
    descriptionValues?: Record<string, string>;
    /** What the beneficiary receives when the payout is sent in another currency (through the FX accounts). */
    received?: { amount: bigint; currency: string };
  },
) {
  return holdLedgerTransaction(trx, {
    operationType: 'Withdrawal',
    ...keyedDescription(`rails.ledger.${hold.rail}`, { ...hold.descriptionValues, beneficiary: hold.beneficiaryName }),
    legs: [
      { accountId: hold.fromAccountId, amount: -(hold.amount + hold.fee), counterparty: hold.beneficiaryName },
      ...(hold.fee > 0n ? [{ accountId: await systemAccountId(trx, 'fees', hold.currency), amount: hold.fee }] : []),
      // A payout in another currency passes through the FX accounts, as an account-to-account transfer does.
      ...(hold.received
        ? [
            { accountId: await systemAccountId(trx, 'fx', hold.currency), amount: hold.amount },
            { accountId: await systemAccountId(trx, 'fx', hold.received.currency), amount: -hold.received.amount },
            { accountId: await systemAccountId(trx, CLEARING[hold.rail], hold.received.currency), amount: hold.received.amount },
          ]
        : [{ accountId: await systemAccountId(trx, CLEARING[hold.rail], hold.currency), amount: hold.amount }]),
    ],
  });
}

/** A payout to write: its transfer's fields and the beneficiary its rail is sent. */
export interface PayoutRecord {
  customerId: number;
  userId: number | null;
  rail: RailName;
  status: TransferStatus;
  /** The customer's account the payout is paid from (a batch's account for a batch's payout). */
  fromAccountId: number;
  amount: bigint;
  fee: bigint;
  currency: string;
  /** What the beneficiary receives and at what rate, when it differs from the amount and currency paid. */
  received?: { amount: bigint; currency: string; rate: string };
  /** The hold of the payout's money (holdPayout). */
  ledgerTransactionId: bigint;
  beneficiary: { name: string } & Record<string, string>;
  note: string | null;
  reference: string | null;
  /** The batch the payout is a row of (mass payments, server/batches/). */
  batchId?: bigint;
  /** The beneficiary's e-mail, where the payout is known by one (a global-pay recipient). */
  toEmail?: string;
  /** What else the transfer keeps (e.g. the global-pay payment it pays). */
  attributes?: Record<string, unknown>;
}

/**
 * Writes a payout: its transfer (what histories, limits and the approval queue read), its rail record
 * ('pending', with the end-to-end id its rail's reports repeat) and the first step of its timeline.
 * createPayout and the batch runner (server/batches/batches.ts) both write payouts with it.
 *
 * @example
 * const { transferId, endToEndId } = await recordPayout(trx, { customerId, userId, rail: 'wire', status: 'processing', ... });
 */
export async function recordPayout(trx: Transaction<Database>, record: PayoutRecord): Promise<{ transferId: bigint; endToEndId: string }> {
  const transfer = await trx
    .insertInto('transfers')
    .values({
      customer_id: record.customerId,
      created_by_user_id: record.userId,
      kind: record.rail,
      status: record.status,
      from_account_id: record.fromAccountId,
      to_account_id: null,
      to_customer_id: null,
      to_email: record.toEmail ?? null,
      amount: record.amount,
      currency_code: record.currency,
      to_amount: record.received?.amount ?? record.amount,
      to_currency_code: record.received?.currency ?? record.currency,
      ...(record.received ? { rate: record.received.rate } : {}),
      fee: record.fee,
      note: record.note,
      reference: record.reference,
      ledger_transaction_id: record.ledgerTransactionId,
      invoice_id: null,
      subscription_id: null,
      decline_reason: null,
      approved_by_user_id: null,
      attributes: JSON.stringify(record.attributes ?? {}),
      ...(record.batchId !== undefined ? { batch_id: record.batchId } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const endToEndId = payoutEndToEndId(record.rail, transfer.id);
  const payout = await trx
    .insertInto('rail_payouts')
    .values({
      transfer_id: transfer.id,
      rail: record.rail,
      end_to_end_id: endToEndId,
      state: 'pending',
      beneficiary: JSON.stringify(record.beneficiary),
      reason_code: null,
      refund_transaction_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('rail_payout_events').values({ payout_id: payout.id, report_id: 'created', state: 'pending', reason_code: null }).execute();
  return { transferId: transfer.id, endToEndId };
}

/** What became of a rail's report. */
export type ReportOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown';

/**
 * Raises the customer's `payout.settled` or `payout.returned` webhook event (a failure is reported as
 * returned, with state 'failed'), in the transaction that applied the rail's report.
 */
async function reportPayoutState(
  trx: Transaction<Database>,
  payout: {
    customer_id: number;
    transfer_id: bigint;
    amount: bigint;
    currency_code: string;
    beneficiary: { name?: string | null };
    rail: RailName;
    endToEndId: string;
    state: 'settled' | 'returned' | 'failed';
    reasonCode: string | null;
    at: Date;
  },
): Promise<void> {
  const { scale } = await trx.selectFrom('currencies').select('scale').where('code', '=', payout.currency_code).executeTakeFirstOrThrow();
  await enqueueEvent(trx, {
    customerId: payout.customer_id,
    type: payout.state === 'settled' ? 'payout.settled' : 'payout.returned',
    data: {
      transferId: Number(payout.transfer_id),
      rail: payout.rail,
      endToEndId: payout.endToEndId,
      amount: formatMinorUnits(payout.amount, scale),
      currencyCode: payout.currency_code,
      beneficiaryName: (payout.beneficiary.name ?? '').slice(0, 512),
      state: payout.state,
      ...(payout.reasonCode ? { reasonCode: payout.reasonCode } : {}),
      at: payout.at.toISOString(),
    },
  });
}

/**
 * Applies one rail report to its payout, in one database transaction: the payout is locked; a report id
 * it already has is a duplicate and changes nothing; a change the state machine does not allow
 * (payout-states.ts) is ignored; otherwise the ledger does what the table says (post the hold, void it
 * and give amount and fee back, or refund the amount of a settled payout from the rail's clearing
 * account, the fee kept), and the payout, its transfer and its timeline take the new state with its time
 * and reason code; a settlement, return or failure raises the customer's webhook event. The customer's open pages, on every server instance, are told (announceToCustomer) once
 * it is committed.
 *
 * @example
 * await applyRailReport(db, 'wire', { endToEndId: 'WIRE-42', reportId: 'R-1', state: 'settled', at: new Date() }); // 'applied'
 */
export async function applyRailReport(db: Kysely<Database>, rail: RailName, report: RailReport): Promise<ReportOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<ReportOutcome> => {
    const payout = await trx
      .selectFrom('rail_payouts as p')
      .innerJoin('transfers as t', 't.id', 'p.transfer_id')
      .select([
        'p.id',
        'p.state',
        'p.beneficiary',
        'p.transfer_id',
        't.customer_id',
        't.ledger_transaction_id',
        't.from_account_id',
        't.amount',
        't.currency_code',
        't.batch_id',
        't.to_amount',
        't.to_currency_code',
      ])
      .where('p.end_to_end_id', '=', report.endToEndId)
      .where('p.rail', '=', rail)
      .forUpdate()
      .executeTakeFirst();
    if (!payout) return 'unknown';
    const seen = await trx
      .selectFrom('rail_payout_events')
      .select('id')
      .where('payout_id', '=', payout.id)
      .where('report_id', '=', report.reportId)
      .executeTakeFirst();
    if (seen) return 'duplicate';
    const effect = payoutTransition(payout.state, report.state);
    if (effect === undefined) return 'ignored';

    let refundId: bigint | null = null;
    if (effect === 'post' || effect === 'void') await settleHeldTransaction(trx, payout.ledger_transaction_id!, effect);
    if (effect === 'refund') {
      const refund = await writeLedgerTransaction(trx, {
        operationType: 'Withdrawal',
        ...keyedDescription(`rails.ledger.${rail}Returned`, { beneficiary: payout.beneficiary.name ?? '' }),
        legs: [
          { accountId: await systemAccountId(trx, CLEARING[rail], payout.to_currency_code), amount: -payout.to_amount },
          // A payout sent in another currency comes back through the FX accounts at the rate it left at:
          // the account gets back what was held for the beneficiary, in its own currency.
          ...(payout.to_currency_code !== payout.currency_code
            ? [
                { accountId: await systemAccountId(trx, 'fx', payout.to_currency_code), amount: payout.to_amount },
                { accountId: await systemAccountId(trx, 'fx', payout.currency_code), amount: -payout.amount },
              ]
            : []),
          { accountId: payout.from_account_id, amount: payout.amount, counterparty: payout.beneficiary.name ?? '' },
        ],
      });
      refundId = refund.transactionId;
    }
    const reasonCode = report.state === 'returned' || report.state === 'failed' ? (report.reasonCode ?? null) : null;
    await trx
      .updateTable('rail_payouts')
      .set({
        state: report.state,
        ...(reasonCode ? { reason_code: reasonCode } : {}),
        ...(refundId ? { refund_transaction_id: refundId } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', payout.id)
      .execute();
    await trx
      .updateTable('transfers')
      .set({ status: transferStatusOf(report.state), ...(reasonCode ? { decline_reason: reasonCode } : {}), updated_at: new Date() })
      .where('id', '=', payout.transfer_id)
      .execute();
    await trx
      .insertInto('rail_payout_events')
      .values({ payout_id: payout.id, report_id: report.reportId, state: report.state, reason_code: reasonCode, at: report.at })
      .execute();
    // A batch's payout also settles its row (batch-payouts.ts).
    if (payout.batch_id !== null) await batchPayoutSettled(trx, payout.transfer_id, report.state, effect, reasonCode);
    if (report.state === 'settled' || report.state === 'returned' || report.state === 'failed') {
      await reportPayoutState(trx, { ...payout, rail, endToEndId: report.endToEndId, state: report.state, reasonCode, at: report.at });
    }
    // Once committed, the customer's open pages (history, details) on every instance ask again and show
    // the new state: the announcement is a NOTIFY, delivered at commit.
    await announceToCustomer(trx, payout.customer_id, 'payouts');
    return 'applied';
  });
  return outcome;
}

/**
 * Collects a rail's waiting reports, applies each (applyRailReport) and acknowledges them, so the rail
 * does not deliver them again. Answers how many of each outcome.
 *
 * @example
 * await collectRailReports(db, adapters.rails.wire); // { applied: 2, duplicate: 0, ignored: 0, unknown: 0 }
 */
export async function collectRailReports(db: Kysely<Database>, adapter: RailAdapter): Promise<Record<ReportOutcome, number>> {
  const counts: Record<ReportOutcome, number> = { applied: 0, duplicate: 0, ignored: 0, unknown: 0 };
  for (;;) {
    const reports = await adapter.reports(100);
    if (!reports.length) return counts;
    for (const report of reports) counts[await applyRailReport(db, adapter.rail, report)] += 1;
    await adapter.acknowledge(reports.map((report) => report.reportId));
  }
}

/** Seconds a payout stays pending before it is handed to its rail again (the rail is idempotent on its id). */
export const RESEND_AFTER_SECONDS = 60;

/**
 * Hands again to its rail every payout still pending RESEND_AFTER_SECONDS after it was let go (created,
 * confirmed or approved: its transfer 'processing') or last handed over: the send after the commit may
 * have failed (the rail unreachable). A payout waiting for its second factor or its approver is never
 * sent. Answers how many were sent.
 */
export async function resendPendingPayouts(db: Kysely<Database>, rails: RailAdapters, now: Date): Promise<number> {
  const pending = await processingPayouts(db)
    .where('p.updated_at', '<=', new Date(now.getTime() - RESEND_AFTER_SECONDS * 1000))
    .orderBy('p.updated_at')
    .limit(100)
    .execute();
  let sent = 0;
  for (const payout of pending) {
    const adapter = rails[payout.rail as RailName];
    if (!adapter) continue;
    await adapter.sendPayout(instructionOf(payout));
    // The next try waits another RESEND_AFTER_SECONDS (the state is checked: a report may have come meanwhile).
    await db.updateTable('rail_payouts').set({ updated_at: now }).where('id', '=', payout.id).where('state', '=', 'pending').execute();
    sent += 1;
  }
  return sent;
}

/** One step of a payout's timeline, oldest first. */
export interface PayoutStep {
  state: PayoutState;
  at: string;
  reasonCode?: string;
}

/**
 * A payout of the customer as its timeline shows it, or 13 when the transfer is not theirs (or is no
 * payout), exactly as when it does not exist.
 */
export async function payoutOf(db: Kysely<Database>, customerId: number, transferId: bigint) {
  const payout = await db
    .selectFrom('rail_payouts as p')
    .innerJoin('transfers as t', 't.id', 'p.transfer_id')
    .innerJoin('currencies as c', 'c.code', 't.currency_code')
    .innerJoin('currencies as tc', 'tc.code', 't.to_currency_code')
    .select([
      'p.id',
      'p.rail',
      'p.state',
      'p.reason_code',
      'p.beneficiary',
      'p.end_to_end_id',
      't.customer_id',
      't.amount',
      't.fee',
      't.currency_code',
      'c.scale',
      't.to_amount',
      't.to_currency_code',
      't.rate',
      'tc.scale as to_scale',
    ])
    .where('p.transfer_id', '=', transferId)
    .executeTakeFirst();
  if (!payout || payout.customer_id !== customerId) throw new RpcRefusal('13');
  const events = await db
    .selectFrom('rail_payout_events')
    .select(['state', 'reason_code', 'at'])
    .where('payout_id', '=', payout.id)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return {
    payout,
    timeline: events.map((event): PayoutStep => ({
      state: event.state,
      at: event.at.toISOString(),
      ...(event.reason_code ? { reasonCode: event.reason_code } : {}),
    })),
  };
}

/**
 * The scheduler's job for the rails: moves each sandbox network's clock (acknowledged payouts are sent,
 * sent ones settle when their rail's day says), hands pending payouts to their rail again, and applies
 * every rail's waiting reports. Answers how many reports were applied.
 *
 * @example
 * jobs: [{ name: 'rail payouts', run: (now) => advanceRailPayouts(db, adapters.rails, now) }]
 */
export async function advanceRailPayouts(db: Kysely<Database>, rails: RailAdapters, now: Date): Promise<number> {
  let applied = 0;
  for (const adapter of Object.values(rails)) {
    await asSandboxRail(adapter)?.advance(now);
    applied += (await collectRailReports(db, adapter)).applied;
  }
  await resendPendingPayouts(db, rails, now);
  return applied;
}
