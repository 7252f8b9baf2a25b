import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Adapters } from '../adapters/index.ts';
import type { Database, MerchantSubscriptionsTable, SubscriptionInterval, SubscriptionState } from '../db/schema.ts';
import { keyedDescription } from '../ledger/descriptions.ts';
import { ACCOUNT_STATUS } from '../ledger/account-status.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { currentLanguage } from '../i18n/request-language.ts';
import { wordText, type KeyedText, type Language } from '../i18n/texts.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { createTransfer } from '../transfers/create-transfer.ts';
import { receivingAccount } from '../transfers/parties.ts';
import { occurrenceAt, type RecurringFrequency } from '../transfers/recurring.ts';
import { enqueueEvent } from '../webhooks/index.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
type SubscriptionRow = Selectable<MerchantSubscriptionsTable>;

/** Subscribers a page (document 002 section 7, 'Subscribers: list (pageSize 50, pageNumber)'). */
export const SUBSCRIBERS_PAGE_SIZE = 50;

/** The length of each interval of entities/subscription-interval.schema.json, in the recurring payments' terms. */
const INTERVAL_FREQUENCY: Record<SubscriptionInterval, RecurringFrequency> = { day: 'daily', week: 'weekly', month: 'monthly', year: 'yearly' };

/** When installment `number` (1 is the checkout payment) of a subscription started at `first` is due. */
export const installmentDueAt = (first: Date, interval: SubscriptionInterval, number: number): Date =>
  occurrenceAt(first, INTERVAL_FREQUENCY[interval], number - 1);

const refusal = (field: string, key: string) => new RpcRefusal('TA1', { validationErrors: [{ field, key: `server.merchant.${key}` }] });

const payerName = sql<string>`coalesce(p.business_name, nullif(concat_ws(' ', nullif(p.first_name, ''), nullif(p.last_name, '')), ''), 'Customer ' || p.id)`;

/** Subscriptions with what the list shows beside them: the button's name, the payer's name, the scale, installments paid. */
const subscriptionsWithNames = (db: Db) =>
  db
    .selectFrom('merchant_subscriptions as s')
    .innerJoin('merchant_buttons as b', 'b.id', 's.button_id')
    .innerJoin('customers as p', 'p.id', 's.payer_customer_id')
    .innerJoin('currencies as c', 'c.code', 's.currency_code')
    .selectAll('s')
    .select([
      'b.name as button_name',
      'c.scale',
      payerName.as('payer_name'),
      (eb) =>
        eb
          .selectFrom('merchant_subscription_installments as i')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('i.subscription_id', '=', 's.id')
          .where('i.state', '=', 'paid')
          .as('paid_count'),
    ]);

type ListedRow = SubscriptionRow & { button_name: string; scale: number; payer_name: string; paid_count: string | null };

/** A subscription as the API shows it (entities/merchant-subscription.schema.json). */
export function toSubscriber(row: ListedRow) {
  return {
    subscriptionId: Number(row.id),
    buttonId: row.button_id,
    buttonName: row.button_name,
    payerName: row.payer_name,
    payerEmail: row.payer_email,
    amount: formatMinorUnits(row.amount, row.scale),
    currencyCode: row.currency_code,
    interval: row.recurring_interval,
    ...(row.installments_total !== null ? { installments: row.installments_total } : {}),
    installmentsPaid: Number(row.paid_count ?? 0),
    ...(row.next_due_at ? { nextDueAt: row.next_due_at.toISOString() } : {}),
    state: row.state,
    ...(row.failure_reason ? { failureReason: wordReason(row.failure_reason) } : {}),
    ...(row.cancelled_at ? { cancelledAt: row.cancelled_at.toISOString() } : {}),
    createdAt: row.created_at.toISOString(),
  };
}

/** The merchant's subscription `id` with its names, else 13. */
export async function ownSubscription(db: Db, id: number, merchantCustomerId: number): Promise<ListedRow> {
  const row = await subscriptionsWithNames(db).where('s.id', '=', BigInt(id)).where('s.merchant_customer_id', '=', merchantCustomerId).executeTakeFirst();
  if (!row) throw new RpcRefusal('13');
  return row;
}

/** What the subscriber list may be narrowed by. */
export interface SubscriberFilter {
  state?: SubscriptionState | undefined;
  /** A part of the payer's e-mail, any case. */
  payerEmail?: string | undefined;
}

/**
 * One page of the merchant's subscribers, newest first, with the total.
 *
 * @example
 * await listSubscribers(db, northwindId, { state: 'active' }, 1, SUBSCRIBERS_PAGE_SIZE);
 */
export async function listSubscribers(db: Db, merchantCustomerId: number, filter: SubscriberFilter, pageNumber: number, pageSize: number) {
  const email = filter.payerEmail?.trim().toLowerCase();
  const base = db
    .selectFrom('merchant_subscriptions as s')
    .where('s.merchant_customer_id', '=', merchantCustomerId)
    .$if(filter.state !== undefined, (qb) => qb.where('s.state', '=', filter.state!))
    .$if(!!email, (qb) => qb.where(sql<boolean>`strpos(s.payer_email, ${email!}) > 0`));
  const [rows, count] = await Promise.all([
    subscriptionsWithNames(db)
      .where('s.id', 'in', base.select('s.id'))
      .orderBy('s.id', 'desc')
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { subscribers: rows.map(toSubscriber), total: Number(count.n), pageNumber, pageSize };
}

/** The installments of subscription `row`, first first (entities/subscription-installment.schema.json). */
export async function listInstallments(db: Db, row: ListedRow) {
  const installments = await db
    .selectFrom('merchant_subscription_installments')
    .selectAll()
    .where('subscription_id', '=', row.id)
    .orderBy('installment_no')
    .execute();
  return installments.map((i) => ({
    number: i.installment_no,
    dueAt: i.due_at.toISOString(),
    state: i.state,
    amount: formatMinorUnits(row.amount, row.scale),
    currencyCode: row.currency_code,
    ...(i.transfer_id !== null ? { transactionId: Number(i.transfer_id) } : {}),
    ...(i.failure_reason ? { failureReason: wordReason(i.failure_reason) } : {}),
  }));
}

/** The data of subscription.created and subscription.cancelled. */
function stateEvent(row: SubscriptionRow, scale: number, at: Date, extra: { transferId?: bigint } = {}) {
  return {
    subscriptionId: Number(row.id),
    buttonId: row.button_id,
    payerEmail: row.payer_email,
    amount: formatMinorUnits(row.amount, scale),
    currencyCode: row.currency_code,
    interval: row.recurring_interval,
    ...(row.installments_total !== null ? { installments: row.installments_total } : {}),
    ...(extra.transferId !== undefined ? { transferId: Number(extra.transferId) } : {}),
    ...(row.next_due_at ? { nextDueAt: row.next_due_at.toISOString() } : {}),
    state: row.state,
    ...(row.cancelled_by ? { cancelledBy: row.cancelled_by } : {}),
    at: at.toISOString(),
  };
}

const scaleOf = async (trx: Trx | Db, currency: string) =>
  (await trx.selectFrom('currencies').select('scale').where('code', '=', currency).executeTakeFirstOrThrow()).scale;

/** What a checkout payment of a recurring button starts a subscription with. */
export interface SubscriptionStart {
  button: {
    id: number;
    customer_id: number;
    currency_code: string;
    scale: number;
    recurring_interval: SubscriptionInterval;
    recurring_installments: number | null;
  };
  payerCustomerId: number;
  payerUserId: number | null;
  payerAccountId: number;
  amount: bigint;
  /** The checkout payment: installment 1, pending until the payer confirms it. */
  transferId: bigint;
}

/**
 * Starts a subscription inside the checkout payment's transaction: installment 1 is the checkout transfer
 * (pending until it completes), the next is due one interval later; the merchant's webhooks get
 * subscription.created in the same transaction.
 */
export async function startSubscription(trx: Trx, start: SubscriptionStart, now: Date = new Date()): Promise<bigint> {
  const email = await trx
    .selectFrom('customer_emails')
    .select('email')
    .where('customer_id', '=', start.payerCustomerId)
    .orderBy('is_primary', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  const userEmail =
    start.payerUserId === null ? undefined : await trx.selectFrom('users').select('email').where('id', '=', start.payerUserId).executeTakeFirst();
  const { button } = start;
  const row = await trx
    .insertInto('merchant_subscriptions')
    .values({
      button_id: button.id,
      merchant_customer_id: button.customer_id,
      payer_customer_id: start.payerCustomerId,
      payer_account_id: start.payerAccountId,
      payer_email: (email?.email ?? userEmail?.email ?? '').toLowerCase(),
      amount: start.amount,
      currency_code: button.currency_code,
      recurring_interval: button.recurring_interval,
      installments_total: button.recurring_installments,
      first_due_at: now,
      next_due_at: installmentDueAt(now, button.recurring_interval, 2),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('merchant_subscription_installments')
    .values({ subscription_id: row.id, installment_no: 1, due_at: now, state: 'pending', transfer_id: start.transferId })
    .execute();
  await enqueueEvent(
    trx,
    { customerId: button.customer_id, type: 'subscription.created', data: stateEvent(row, button.scale, now, { transferId: start.transferId }) },
    now,
  );
  return row.id;
}

/**
 * Cancels the merchant's subscription `id` (no later installment is charged) and raises
 * subscription.cancelled; one already ended is refused on subscriptionId.
 */
export async function cancelSubscription(trx: Trx, id: number, merchantCustomerId: number, by: 'merchant' | 'payer' | 'system', now: Date = new Date()) {
  const row = await trx
    .selectFrom('merchant_subscriptions')
    .selectAll()
    .where('id', '=', BigInt(id))
    .where('merchant_customer_id', '=', merchantCustomerId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new RpcRefusal('13');
  if (row.state !== 'active' && row.state !== 'pastDue') throw refusal('subscriptionId', 'subscriptionEnded');
  await endSubscription(trx, row, by, null, now);
}

async function endSubscription(trx: Trx, row: SubscriptionRow, by: 'merchant' | 'payer' | 'system', reason: string | null, now: Date) {
  const ended = await trx
    .updateTable('merchant_subscriptions')
    .set({ state: 'cancelled', next_due_at: null, cancelled_at: now, cancelled_by: by, ...(reason ? { failure_reason: reason } : {}), updated_at: now })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await enqueueEvent(
    trx,
    { customerId: row.merchant_customer_id, type: 'subscription.cancelled', data: stateEvent(ended, await scaleOf(trx, row.currency_code), now) },
    now,
  );
}

/** What the installment runner needs. */
export interface InstallmentRunOptions {
  db: Db;
  adapters: Pick<Adapters, 'messages' | 'push'>;
  /** The scheduler's clock: what is due at this time is charged. */
  now: Date;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** What one run did. */
export interface InstallmentRunOutcome {
  /** First installments settled (their checkout transfer completed, or never did). */
  settled: number;
  paid: number;
  failed: number;
}

const UNCONFIRMED = JSON.stringify({ key: 'server.merchant.firstPaymentUnconfirmed' });

/**
 * Settles first installments whose checkout transfer has ended: paid when it completed; otherwise failed,
 * and the subscription cancelled by the bank.
 */
async function settleFirstInstallments(db: Db, now: Date): Promise<number> {
  const waiting = await db
    .selectFrom('merchant_subscription_installments as i')
    .innerJoin('transfers as t', 't.id', 'i.transfer_id')
    .select(['i.id', 't.status'])
    .where('i.state', '=', 'pending')
    .where('t.status', 'in', ['completed', 'declined', 'canceled', 'failed'])
    .limit(100)
    .execute();
  let settled = 0;
  for (const { id, status } of waiting) {
    settled += await db.transaction().execute(async (trx) => {
      const installment = await trx
        .selectFrom('merchant_subscription_installments')
        .select(['subscription_id'])
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .forUpdate()
        .executeTakeFirst();
      if (!installment) return 0;
      const paid = status === 'completed';
      await trx
        .updateTable('merchant_subscription_installments')
        .set({ state: paid ? 'paid' : 'failed', failure_reason: paid ? null : UNCONFIRMED })
        .where('id', '=', id)
        .execute();
      if (!paid) {
        const row = await trx
          .selectFrom('merchant_subscriptions')
          .selectAll()
          .where('id', '=', installment.subscription_id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (row.state === 'active' || row.state === 'pastDue') await endSubscription(trx, row, 'system', UNCONFIRMED, now);
      }
      return 1;
    });
  }
  return settled;
}

type Charged = { outcome: 'none' } | { outcome: 'paid'; effects: Array<() => Promise<void>> } | { outcome: 'refused'; row: SubscriptionRow; reason: KeyedText };

/**
 * Why a charge was refused, kept as a keyed text (JSON in failure_reason) so each reader gets it in their
 * language: the refusal's first field error or its own text, else a general sentence.
 */
const refusalReason = (refusal: RpcRefusal): KeyedText => {
  const [first] = refusal.details.validationErrors ?? [];
  if (first?.key) return { key: first.key, ...(first.values ? { values: first.values } : {}) };
  if (refusal.details.key) return { key: refusal.details.key, ...(refusal.details.values ? { values: refusal.details.values } : {}) };
  return { key: 'server.merchant.installmentRefused' };
};

/** A stored reason worded in `language` (the request's by default); a reason stored as plain text as it is. */
export function wordReason(stored: string, language: Language = currentLanguage()): string {
  try {
    return wordText(language, JSON.parse(stored) as KeyedText);
  } catch {
    return stored;
  }
}

/**
 * Charges installment `last_installment_no + 1` of subscription `row` (claimed by the caller) inside `trx`:
 * the transfer is made like a checkout payment but authorised in advance (no second factor, the payer's
 * limits checked under the ledger's lock), the installment is recorded under its unique (subscription,
 * number), the merchant's IPN is queued, subscription.charged raised, the charge audited and the due date
 * advanced (the subscription finished after its last installment). Throws the transfer's refusal.
 */
export async function chargeInstallment(
  trx: Trx,
  row: SubscriptionRow,
  run: { adapters: Pick<Adapters, 'messages' | 'push'>; now: Date; afterCommit(effect: () => Promise<void>): void },
): Promise<bigint> {
  const { now } = run;
  const number = row.last_installment_no + 1;
  const button = await trx
    .selectFrom('merchant_buttons as b')
    .innerJoin('accounts as a', 'a.id', 'b.account_id')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .select(['b.id', 'b.name', 'b.account_id', 'b.item_reference', 'a.status', 'c.scale'])
    .where('b.id', '=', row.button_id)
    .executeTakeFirstOrThrow();
  const toAccountId = button.status === ACCOUNT_STATUS.open ? button.account_id : await receivingAccount(trx, row.merchant_customer_id, row.currency_code);
  const transfer = await createTransfer(
    { trx, customerId: row.payer_customer_id, userId: null, adapters: run.adapters, afterCommit: run.afterCommit },
    {
      kind: 'p2p',
      fromAccountId: row.payer_account_id,
      toAmount: formatMinorUnits(row.amount, button.scale),
      to: { accountId: toAccountId },
      ...keyedDescription('server.ledger.checkout', { name: button.name.slice(0, 80) }),
      ...(button.item_reference ? { reference: button.item_reference } : {}),
      fromField: 'accountId',
      toField: 'buttonId',
      confirmation: 'none',
    },
  );
  const transferId = BigInt(transfer.operationId);
  const dueAt = row.next_due_at ?? now;
  await trx
    .insertInto('merchant_subscription_installments')
    .values({ subscription_id: row.id, installment_no: number, due_at: dueAt, state: 'paid', transfer_id: transferId })
    .execute();
  await trx
    .insertInto('checkout_payments')
    .values({ transfer_id: transferId, button_id: row.button_id, merchant_customer_id: row.merchant_customer_id, payer_customer_id: row.payer_customer_id })
    .execute();
  const last = row.installments_total !== null && number >= row.installments_total;
  let next = installmentDueAt(row.first_due_at, row.recurring_interval, number + 1);
  // Installments missed while nothing ran are not charged in a burst: the next is the first still ahead.
  for (let n = number + 2; !last && next.getTime() <= now.getTime(); n++) next = installmentDueAt(row.first_due_at, row.recurring_interval, n);
  await trx
    .updateTable('merchant_subscriptions')
    .set({ last_installment_no: number, next_due_at: last ? null : next, state: last ? 'finished' : 'active', updated_at: now })
    .where('id', '=', row.id)
    .execute();
  await reportInstallment(
    trx,
    row,
    { installment: number, dueAt, amount: formatMinorUnits(row.amount, button.scale), now },
    {
      outcome: 'paid',
      transferId: Number(transferId),
    },
  );
  await trx
    .insertInto('audit_log')
    .values({
      actor_user_id: null,
      acting_customer_id: row.payer_customer_id,
      method: 'subscriptionInstallmentCharge',
      outcome: '00',
      ip: 'scheduler',
      params: JSON.stringify({ subscriptionId: Number(row.id), installment: number, transferId: Number(transferId) }),
    })
    .execute();
  return transferId;
}

/**
 * Charges the next due installment, if any, in one transaction: the subscription is claimed with `for update
 * skip locked` (another scheduler takes the next one instead of waiting) and charged by chargeInstallment;
 * everything commits together or not at all. A refusal rolls it back and is reported for recording.
 */
async function chargeNext(options: InstallmentRunOptions): Promise<Charged> {
  const { db, now } = options;
  const effects: Array<() => Promise<void>> = [];
  let current: SubscriptionRow | undefined;
  try {
    return await db.transaction().execute(async (trx): Promise<Charged> => {
      const row = await trx
        .selectFrom('merchant_subscriptions as s')
        .selectAll()
        .where('s.state', '=', 'active')
        .where('s.next_due_at', '<=', now)
        // The next installments wait until the first one is confirmed.
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('merchant_subscription_installments as i')
                .select(sql`1`.as('one'))
                .whereRef('i.subscription_id', '=', 's.id')
                .where('i.state', '=', 'pending'),
            ),
          ),
        )
        .orderBy('s.next_due_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!row) return { outcome: 'none' };
      current = row;
      const transferId = await chargeInstallment(trx, row, { adapters: options.adapters, now, afterCommit: (effect) => effects.push(effect) });
      options.log?.info(
        { subscriptionId: String(row.id), installment: row.last_installment_no + 1, transferId: String(transferId) },
        'Subscription installment charged',
      );
      return { outcome: 'paid', effects };
    });
  } catch (error) {
    if (error instanceof RpcRefusal && current) return { outcome: 'refused', row: current, reason: refusalReason(error) };
    throw error;
  }
}

/**
 * Records a refused installment (its transaction rolled back): the installment is failed with the reason and
 * the subscription is past due and no later installment is tried: the merchant sees it in the list and
 * cancels it, or the payer subscribes again. Skipped when the subscription moved on meanwhile.
 */
async function recordRefusal(options: InstallmentRunOptions, claimed: Extract<Charged, { outcome: 'refused' }>): Promise<void> {
  const { now } = options;
  await options.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('merchant_subscriptions')
      .selectAll()
      .where('id', '=', claimed.row.id)
      .where('state', '=', 'active')
      .where('last_installment_no', '=', claimed.row.last_installment_no)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return;
    const number = row.last_installment_no + 1;
    const dueAt = row.next_due_at ?? now;
    await trx
      .insertInto('merchant_subscription_installments')
      .values({ subscription_id: row.id, installment_no: number, due_at: dueAt, state: 'failed', failure_reason: JSON.stringify(claimed.reason) })
      .execute();
    await trx
      .updateTable('merchant_subscriptions')
      .set({ last_installment_no: number, state: 'pastDue', next_due_at: null, failure_reason: JSON.stringify(claimed.reason), updated_at: now })
      .where('id', '=', row.id)
      .execute();
    const amount = formatMinorUnits(row.amount, await scaleOf(trx, row.currency_code));
    await reportInstallment(
      trx,
      row,
      { installment: number, dueAt, amount, now },
      {
        outcome: 'failed',
        failureReason: wordText('en', claimed.reason).slice(0, 1024),
      },
    );
  });
  options.log?.warn({ subscriptionId: String(claimed.row.id), reason: claimed.reason }, 'Subscription installment refused; the subscription is past due');
}

/**
 * Charges every subscription installment due at `now`, each exactly once even with several schedulers on one
 * database (the claim skips locked rows; the installment's (subscription, number) is unique). A refused charge
 * (not enough money, a limit, a closed account) is recorded failed and the subscription becomes pastDue: it is
 * not retried (our rule: a payer short of money is not charged again and again; the merchant decides).
 *
 * @example
 * await runDueInstallments({ db, adapters, now: new Date() }); // { settled: 0, paid: 2, failed: 0 }
 */
export async function runDueInstallments(options: InstallmentRunOptions): Promise<InstallmentRunOutcome> {
  const outcome: InstallmentRunOutcome = { settled: await settleFirstInstallments(options.db, options.now), paid: 0, failed: 0 };
  for (let i = 0; i < 100; i++) {
    const charged = await chargeNext(options);
    if (charged.outcome === 'none') break;
    if (charged.outcome === 'refused') {
      await recordRefusal(options, charged);
      outcome.failed++;
      continue;
    }
    outcome.paid++;
    for (const effect of charged.effects) await effect().catch(() => undefined);
  }
  return outcome;
}

/** Tells the merchant's webhooks how one installment went (subscription.charged), in the charge's transaction. */
async function reportInstallment(
  trx: Transaction<Database>,
  row: { id: number | string | bigint; merchant_customer_id: number; button_id: number; currency_code: string },
  { installment, dueAt, amount, now }: { installment: number; dueAt: Date; amount: string; now: Date },
  outcome: { outcome: 'paid'; transferId: number } | { outcome: 'failed'; failureReason: string },
): Promise<void> {
  const data = {
    subscriptionId: Number(row.id),
    buttonId: row.button_id,
    installment,
    ...outcome,
    amount,
    currencyCode: row.currency_code,
    dueAt: dueAt.toISOString(),
  };
  await enqueueEvent(trx, { customerId: row.merchant_customer_id, type: 'subscription.charged', data }, now);
}
