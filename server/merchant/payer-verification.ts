import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import settingsData from '../../schemas/data/payer-verification.json' with { type: 'json' };
import settingsSchema from '../../schemas/data/payer-verification.schema.json' with { type: 'json' };
import { payingAccount } from '../accounts/paying-account.ts';
import type { Database, PayerVerificationRequestsTable } from '../db/schema.ts';
import { checked } from '../dictionaries/data.ts';
import type { Texts } from '../i18n/texts.ts';
import { PAYMENT_ACCOUNT_TYPE } from '../ledger/account-status.ts';
import { keyedCounterparty, keyedDescription } from '../ledger/descriptions.ts';
import { LedgerError } from '../ledger/errors.ts';
import { formatMinorUnits, toMinorUnits } from '../ledger/money.ts';
import { writeLedgerTransaction } from '../ledger/post-transaction.ts';
import { systemAccountId } from '../ledger/system-accounts.ts';
import type { MessageSender } from '../messaging/messages.ts';
import { quoteTransfer } from '../pricing/pricing.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import type { IdentityEvent } from '../verification/identity.ts';
import type { IdentityVerificationProvider } from '../verification/providers.ts';
import { enqueueEvent } from '../webhooks/index.ts';

/** schemas/data/payer-verification.json: the fee and how many requests may wait at once. */
export interface PayerVerificationSettings {
  fee: { amount: string; currencyCode: string };
  maxPending: number;
}

export const PAYER_VERIFICATION: PayerVerificationSettings = checked<PayerVerificationSettings>('payer-verification.json', settingsSchema, settingsData);

/** Page sizes of document 002 section 8: the current list (a default list) and the history (identity list). */
export const CURRENT_PAGE_SIZE = 25;
export const HISTORY_PAGE_SIZE = 1000;
/** Finished requests stay in the current list this long. */
const CURRENT_DAYS = 30;

type Row = Selectable<PayerVerificationRequestsTable>;

const refusal = (field: string, key: string, values?: Record<string, unknown>) =>
  new RpcRefusal('TA1', { validationErrors: [{ field, key: `server.payerVerification.${key}`, ...(values ? { values: values as never } : {}) }] });

/** A filter value as the merchant typed it: trimmed, and nothing when it is empty (document 002 section 5). */
export const filterValue = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** A request as the screens and the API show it. */
export function toPayerVerification(row: Row, scale: number) {
  return {
    id: row.id,
    email: row.payer_email,
    state: row.state,
    feeAmount: formatMinorUnits(row.fee_amount, scale),
    feeCurrencyCode: row.fee_currency_code,
    createdAt: row.created_at.toISOString(),
    ...(row.finished_at ? { finishedAt: row.finished_at.toISOString() } : {}),
    ...(row.reject_reason ? { rejectReason: row.reject_reason } : {}),
  };
}

async function scales(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('currencies').select(['code', 'scale']).execute();
  return new Map(rows.map((row) => [row.code, row.scale]));
}

/** The fee in an account's currency: the configured amount, converted at the day's rate when the currencies differ. */
function feeIn(currency: string, scale: number, scaleOf: Map<string, number>): bigint {
  const { amount, currencyCode } = PAYER_VERIFICATION.fee;
  const feeScale = scaleOf.get(currencyCode) ?? 2;
  const minor = toMinorUnits(amount, feeScale);
  if (currencyCode === currency || minor === 0n) return minor;
  return quoteTransfer({ kind: 'account', from: { currency, scale }, to: { currency: currencyCode, scale: feeScale }, toAmount: minor }).amount;
}

/**
 * Charges the fee and records a request that `email` verify their identity for merchant `customerId`, in the
 * call's transaction: the fee goes from the merchant's payment account `accountId` to the bank's fee account
 * in that account's currency (ledger operation 'Fees'); not enough money → TA1 on accountId. At most one
 * pending request per payer, and `maxPending` in all (TA1 on email). Answers the row; the provider's session
 * is opened after commit by {@link openPayerSession}.
 *
 * @example
 * const row = await createPayerVerification(trx, { customerId, userId, email: 'payer@example.com', accountId: 12 });
 */
export async function createPayerVerification(
  trx: Transaction<Database>,
  input: { customerId: number; userId: number | null; email: string; accountId: number },
): Promise<{ row: Row; scale: number }> {
  const email = input.email.trim().toLowerCase();
  const pending = await trx
    .selectFrom('payer_verification_requests')
    .select(['payer_email'])
    .where('customer_id', '=', input.customerId)
    .where('state', '=', 'pending')
    .execute();
  if (pending.some((row) => row.payer_email === email)) throw refusal('email', 'alreadyPending');
  if (pending.length >= PAYER_VERIFICATION.maxPending) throw refusal('email', 'tooManyPending', { max: PAYER_VERIFICATION.maxPending });
  const account = await payingAccount(trx, input.customerId, input.accountId, 'accountId', (type) =>
    type === PAYMENT_ACCOUNT_TYPE ? undefined : 'server.payerVerification.choosePaymentAccount',
  );
  const total = feeIn(account.currency_code, account.scale, await scales(trx));
  let ledgerTransactionId: bigint | null = null;
  if (total > 0n) {
    try {
      const posted = await writeLedgerTransaction(trx, {
        operationType: 'Fees',
        ...keyedDescription('server.payerVerification.ledgerFee', { email }),
        legs: [
          { accountId: account.id, amount: -total, ...keyedCounterparty('server.payerVerification.feeCounterparty') },
          { accountId: await systemAccountId(trx, 'fees', account.currency_code), amount: total },
        ],
      });
      ledgerTransactionId = posted.transactionId;
    } catch (error) {
      if (error instanceof LedgerError && error.reason === 'insufficientFunds') {
        throw refusal('accountId', 'feeNotCovered', { total: { amount: formatMinorUnits(total, account.scale), currency: account.currency_code } });
      }
      throw error;
    }
  }
  const row = await trx
    .insertInto('payer_verification_requests')
    .values({
      id: `pvr_${randomBytes(16).toString('base64url')}`,
      customer_id: input.customerId,
      created_by_user_id: input.userId,
      payer_email: email,
      fee_account_id: account.id,
      fee_amount: total,
      fee_currency_code: account.currency_code,
      ledger_transaction_id: ledgerTransactionId,
      provider: null,
      provider_session_id: null,
      provider_url: null,
      reject_reason: null,
      finished_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, scale: account.scale };
}

/**
 * Opens the provider's session of a committed request and e-mails its link to the payer (never inside the
 * call's transaction: the provider is an outside service). The payer verifies on the provider's page (the
 * sandbox's /sandbox/identity/<id> outside production) and the provider reports the outcome.
 *
 * @example
 * ctx.afterCommit(() => openPayerSession(ctx.db, ctx.adapters, { id, origin, t, merchantName }));
 */
export async function openPayerSession(
  db: Kysely<Database>,
  adapters: { identityVerification: IdentityVerificationProvider; messages: MessageSender },
  request: { id: string; email: string; origin: string; merchantName: string; t: Texts },
): Promise<void> {
  const provider = adapters.identityVerification;
  const { sessionId, url } = await provider.startSession({ workflowRunId: request.id, expectedName: { firstName: '', lastName: '' }, returnPath: '/' });
  await db
    .updateTable('payer_verification_requests')
    .set({ provider: provider.name, provider_session_id: sessionId, provider_url: url })
    .where('id', '=', request.id)
    .execute();
  const link = /^https?:/.test(url) ? url : `${request.origin}${url}`;
  await adapters.messages.sendEmail({
    to: request.email,
    subject: request.t('server.payerVerification.emailSubject', { merchant: request.merchantName }),
    text: request.t('server.payerVerification.emailText', { merchant: request.merchantName, link }),
    purpose: 'payerVerification',
  });
}

/**
 * Applies the identity provider's outcome to a payer verification request: completed or failed (a request
 * for a video call fails it: payer verification offers none), once (later events for it are ignored), and
 * raises the merchant's `verification.finished` webhook event in the same transaction. False when the
 * session is not a payer verification's.
 *
 * @example
 * const known = await applyPayerVerificationEvent(db, 'sandbox', event);
 */
export async function applyPayerVerificationEvent(db: Kysely<Database>, provider: string, event: IdentityEvent): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('payer_verification_requests')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_session_id', '=', event.sessionId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return false;
    if (row.state !== 'pending' || !event.event.startsWith('session.')) return true;
    const now = new Date();
    const completed = event.event === 'session.completed';
    const reason =
      event.event === 'session.failed' ? event.reason.slice(0, 1024) : completed ? undefined : 'A video call was asked for; payer verification offers none.';
    await trx
      .updateTable('payer_verification_requests')
      .set({ state: completed ? 'completed' : 'failed', reject_reason: reason ?? null, finished_at: now })
      .where('id', '=', row.id)
      .execute();
    await enqueueEvent(trx, {
      customerId: row.customer_id,
      type: 'verification.finished',
      data: {
        verificationId: row.id,
        kind: 'identity',
        outcome: completed ? 'completed' : 'failed',
        ...(reason ? { rejectReason: reason } : {}),
        finishedAt: now.toISOString(),
      },
    });
    return true;
  });
}

/** The filters of the history, each already trimmed and dropped when empty. */
export interface PayerVerificationFilter {
  email?: string | undefined;
  state?: 'pending' | 'completed' | 'failed' | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

/**
 * A page of a merchant's requests, newest first: `current` lists the pending ones and those finished in the
 * last 30 days; otherwise every request matching the filters (e-mail contains, state, created between the
 * dates inclusive).
 *
 * @example
 * const page = await listPayerVerifications(db, customerId, { email: 'anna' }, 1, 1000);
 */
export async function listPayerVerifications(
  db: Kysely<Database>,
  customerId: number,
  filter: PayerVerificationFilter & { current?: boolean },
  pageNumber: number,
  pageSize: number,
) {
  let query = db.selectFrom('payer_verification_requests').where('customer_id', '=', customerId);
  if (filter.current) {
    const since = new Date(Date.now() - CURRENT_DAYS * 86_400_000);
    query = query.where((eb) => eb.or([eb('state', '=', 'pending'), eb('finished_at', '>=', since)]));
  }
  if (filter.email) query = query.where(sql<boolean>`strpos(payer_email, ${filter.email.toLowerCase()}) > 0`);
  if (filter.state) query = query.where('state', '=', filter.state);
  if (filter.fromDate) query = query.where('created_at', '>=', new Date(`${filter.fromDate}T00:00:00Z`));
  if (filter.toDate) query = query.where('created_at', '<', new Date(new Date(`${filter.toDate}T00:00:00Z`).getTime() + 86_400_000));
  const { count } = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize)
    .execute();
  const scaleOf = await scales(db);
  return {
    verifications: rows.map((row) => toPayerVerification(row, scaleOf.get(row.fee_currency_code) ?? 2)),
    total: Number(count),
    pageNumber,
    pageSize,
  };
}

export const REPUTATION_PAGE_SIZE = 100;

/**
 * A merchant's payers (reputation, document 002): one row per payer e-mail and currency of the payments made
 * through the merchant's buttons and checkout (the merchant API's payment links are buttons too): completed
 * payments and their sum, failed or declined ones, the first and last payment, and whether the merchant has a
 * completed identity verification of that e-mail. Filtered by a trimmed e-mail fragment; 100 a page.
 *
 * @example
 * const page = await reputationList(db, customerId, 'anna', 1);
 */
export async function reputationList(db: Kysely<Database>, customerId: number, email: string | undefined, pageNumber: number, pageSize = REPUTATION_PAGE_SIZE) {
  const payments = db
    .selectFrom('checkout_payments as payment')
    .innerJoin('transfers as transfer', 'transfer.id', 'payment.transfer_id')
    .innerJoin('users as payer', 'payer.id', 'transfer.created_by_user_id')
    .where('payment.merchant_customer_id', '=', customerId)
    .$if(email !== undefined, (query) => query.where(sql<boolean>`strpos(lower(payer.email), ${email!.toLowerCase()}) > 0`))
    .select([
      sql<string>`lower(payer.email)`.as('email'),
      'transfer.to_currency_code as currencyCode',
      sql<string>`count(*) filter (where transfer.status = 'completed')`.as('payments'),
      sql<string | null>`sum(transfer.to_amount) filter (where transfer.status = 'completed')`.as('amount'),
      sql<string>`count(*) filter (where transfer.status in ('failed', 'declined', 'canceled'))`.as('failed'),
      sql<Date>`min(payment.created_at)`.as('firstPaymentAt'),
      sql<Date>`max(payment.created_at)`.as('lastPaymentAt'),
    ])
    .groupBy([sql`lower(payer.email)`, 'transfer.to_currency_code']);
  const { count } = await db
    .selectFrom(payments.as('grouped'))
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom(payments.as('grouped'))
    .selectAll()
    .orderBy('lastPaymentAt', 'desc')
    .orderBy('email')
    .orderBy('currencyCode')
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize)
    .execute();
  const verified = new Set(
    rows.length === 0
      ? []
      : (
          await db
            .selectFrom('payer_verification_requests')
            .select('payer_email')
            .where('customer_id', '=', customerId)
            .where('state', '=', 'completed')
            .where(
              'payer_email',
              'in',
              rows.map((row) => row.email),
            )
            .execute()
        ).map((row) => row.payer_email),
  );
  const scaleOf = await scales(db);
  return {
    payers: rows.map((row) => ({
      email: row.email,
      currencyCode: row.currencyCode,
      payments: Number(row.payments),
      amount: formatMinorUnits(BigInt(row.amount ?? 0), scaleOf.get(row.currencyCode) ?? 2),
      failed: Number(row.failed),
      firstPaymentAt: new Date(row.firstPaymentAt).toISOString(),
      lastPaymentAt: new Date(row.lastPaymentAt).toISOString(),
      verified: verified.has(row.email),
    })),
    total: Number(count),
    pageNumber,
    pageSize,
  };
}
