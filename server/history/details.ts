import { counterpartyIn, describedIn } from '../ledger/descriptions.ts';
import type { Language } from '../i18n/texts.ts';
import type { Kysely } from 'kysely';
import type { TransactionDetails } from '../../generated/entities.ts';
import type { Database } from '../db/schema.ts';
import { maskedAccountNumber } from '../accounts/balances.ts';
import { entryState } from '../accounts/transaction-history.ts';
import { omitNull } from '../db/omit-null.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { localeTexts } from '../i18n/texts.ts';
import { reasonKey } from '../rails/reason-codes.ts';

type TimelineStep = NonNullable<TransactionDetails['timeline']>[number];

/**
 * The steps of a transaction, oldest first, from what the database recorded: created (the transfer's
 * request, else the transaction), held (a hold reserved the money), then how it ended: posted (when the
 * hold was settled, or at once), cancelled or voided (when the hold was released), and returned (when
 * escrow gave it back). A step without a recorded time is left out rather than guessed.
 *
 * @example
 * timeline({ createdAt, postedAt: createdAt, held: false, settledAt: null, state: 'completed', returnedAt: null });
 * // [{ event: 'created', at }, { event: 'posted', at }]
 */
export function timeline(facts: {
  createdAt: Date;
  /** When the ledger transaction was written. */
  postedAt: Date;
  held: boolean;
  settledAt: Date | null;
  state: NonNullable<TransactionDetails['state']>;
  returnedAt: Date | null;
}): TimelineStep[] {
  const steps: TimelineStep[] = [{ event: 'created', at: facts.createdAt.toISOString() }];
  if (facts.held) steps.push({ event: 'held', at: facts.postedAt.toISOString() });
  const ended = facts.held ? facts.settledAt : facts.postedAt;
  if (facts.state === 'completed' || facts.state === 'returned') {
    if (ended) steps.push({ event: 'posted', at: ended.toISOString() });
  } else if (facts.state !== 'pending' && ended) {
    steps.push({ event: facts.state, at: ended.toISOString() });
  }
  if (facts.state === 'returned' && facts.returnedAt) steps.push({ event: 'returned', at: facts.returnedAt.toISOString() });
  return steps;
}

/** The steps a payout's rail reported (its 'pending' is the transfer's creation, already a step). */
const RAIL_STEPS = new Set(['sent', 'settled', 'returned', 'failed']);

/**
 * The steps a rail reported for the payout of a transfer, if it is one (server/rails/payouts.ts,
 * rail_payout_events): sent, settled, returned or failed with their times, a return or failure with its
 * ISO 20022 reason code and its words in `language` (locales/<language>/rails.json, rails.reasons).
 *
 * @example
 * await payoutSteps(db, 42n, 'en'); // [{ event: 'sent', at }, { event: 'returned', at, reasonCode: 'AC04', reason: 'The account is closed.' }]
 */
export async function payoutSteps(db: Kysely<Database>, transferId: bigint, language: Language): Promise<TimelineStep[]> {
  const events = await db
    .selectFrom('rail_payout_events as e')
    .innerJoin('rail_payouts as p', 'p.id', 'e.payout_id')
    .select(['e.state', 'e.at', 'e.reason_code'])
    .where('p.transfer_id', '=', transferId)
    .orderBy('e.at')
    .orderBy('e.id')
    .execute();
  const words = localeTexts(language);
  return events
    .filter((event) => RAIL_STEPS.has(event.state))
    .map((event) => ({
      event: event.state as TimelineStep['event'],
      at: event.at.toISOString(),
      ...(event.reason_code ? { reasonCode: event.reason_code, reason: words(reasonKey(event.reason_code)) } : {}),
    }));
}

/**
 * One transaction as the customer sees it: its entries on the customer's own accounts (another
 * customer's side is never shown), and when a transfer row holds it, the transfer's amounts, fee,
 * rate, note and reference. The amount shown is the customer's first outgoing entry (what left
 * them), else their first entry. A transaction without an entry on the customer's accounts is
 * refused with 13, exactly like one that does not exist.
 *
 * A transfer's attributes (the request fields an analyst declared beyond its core) are spread into
 * the answer when `declared` (the properties the declared TransactionDetails lists, read from the
 * bundle at start) names them; an attribute the entity does not declare is left out, so the answer
 * stays inside its schema, and no attribute replaces a core field.
 *
 * @example
 * const details = await transactionDetails(db, customerId, 42n, ['transactionId', 'purposeOfPayment']);
 */
export async function transactionDetails(
  db: Kysely<Database>,
  customerId: number,
  transactionId: bigint,
  declared: readonly string[] = [],
  language: Language = 'en',
): Promise<TransactionDetails> {
  const entries = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .innerJoin('accounts as a', 'a.id', 'e.account_id')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .select([
      'e.id',
      'e.account_id',
      'e.amount',
      'e.status',
      'e.counterparty',
      'e.counterparty_key',
      'e.counterparty_values',
      'a.currency_code',
      'c.scale',
      't.created_at',
      't.operation_type',
      't.description',
      't.description_key',
      't.description_values',
      't.settled_at',
    ])
    .where('e.transaction_id', '=', transactionId)
    .where('a.customer_id', '=', customerId)
    .orderBy('e.id')
    .execute();
  const main = entries.find((entry) => entry.amount < 0n) ?? entries[0];
  if (!main) throw new RpcRefusal('13');

  const transfer = await db
    .selectFrom('transfers as tr')
    .innerJoin('currencies as fc', 'fc.code', 'tr.currency_code')
    .innerJoin('currencies as tc', 'tc.code', 'tr.to_currency_code')
    .select([
      'tr.id',
      'tr.kind',
      'tr.status',
      'tr.amount',
      'tr.currency_code',
      'tr.to_amount',
      'tr.to_currency_code',
      'tr.fee',
      'tr.rate',
      'tr.note',
      'tr.reference',
      'tr.to_email',
      'tr.customer_id',
      'tr.updated_at',
      'tr.created_at',
      'tr.decided_at',
      'tr.attributes',
      (eb) =>
        eb
          .selectFrom('p2p_escrow_settlements as s')
          .select('s.created_at')
          .whereRef('s.transfer_id', '=', 'tr.id')
          .where('s.outcome', '=', 'returned')
          .as('returned_at'),
      'fc.scale as from_scale',
      'tc.scale as to_scale',
    ])
    .where('tr.ledger_transaction_id', '=', transactionId)
    .executeTakeFirst();
  // The sender sees their fee; the payee sees what arrived, not what the sender paid for it.
  const sender = transfer?.customer_id === customerId;
  const attributes = Object.fromEntries(
    Object.entries(transfer?.attributes ?? {}).filter(([name, value]) => declared.includes(name) && value !== null && value !== undefined),
  );

  const state = entryState(main.status, main.amount, transfer && { status: transfer.status, returned: transfer.returned_at !== null });

  return {
    ...attributes,
    transactionId: Number(transactionId),
    transactionDate: main.created_at.toISOString(),
    operationType: main.operation_type,
    ...(main.description ? { description: describedIn(language, main) } : {}),
    accountId: main.account_id,
    accountNumber: maskedAccountNumber(main.account_id),
    amount: formatMinorUnits(main.amount, main.scale),
    currencyCode: main.currency_code,
    status: main.status,
    state,
    direction: main.amount < 0n ? 'outgoing' : 'incoming',
    timeline: timeline({
      createdAt: transfer?.created_at ?? main.created_at,
      postedAt: main.created_at,
      held: entries.some((entry) => entry.status === 'pending') || main.settled_at !== null || main.status === 'voided',
      settledAt: main.settled_at ?? (main.status === 'voided' ? (transfer?.decided_at ?? transfer?.updated_at ?? null) : null),
      state,
      returnedAt: transfer?.returned_at ?? null,
    })
      .concat(transfer ? await payoutSteps(db, transfer.id, language) : [])
      // Stable: a payout's step and the ledger's at the same moment keep the order rail, then ledger.
      .sort((a, b) => a.at.localeCompare(b.at)),
    ...omitNull({ counterparty: counterpartyIn(language, main) }),
    ...(transfer
      ? {
          transferStatus: transfer.status,
          transferKind: transfer.kind,
          toAmount: formatMinorUnits(transfer.to_amount, transfer.to_scale),
          toCurrencyCode: transfer.to_currency_code,
          updatedDate: transfer.updated_at.toISOString(),
          ...(sender
            ? {
                sentAmount: formatMinorUnits(transfer.amount, transfer.from_scale),
                sentCurrencyCode: transfer.currency_code,
                fee: formatMinorUnits(transfer.fee, transfer.from_scale),
                // A rate only between two currencies: "Exchange rate 1" from EUR to EUR says nothing.
                ...(transfer.currency_code !== transfer.to_currency_code ? { rate: transfer.rate } : {}),
                ...omitNull({ toEmail: transfer.to_email }),
              }
            : {}),
          ...omitNull({ note: transfer.note, reference: transfer.reference }),
        }
      : {}),
    entries: entries.map((entry) => ({
      accountId: entry.account_id,
      amount: formatMinorUnits(entry.amount, entry.scale),
      currencyCode: entry.currency_code,
      status: entry.status,
      ...omitNull({ counterparty: counterpartyIn(language, entry) }),
    })),
  };
}
