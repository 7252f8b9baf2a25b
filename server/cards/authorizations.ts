import { keyedDescription } from '../ledger/descriptions.ts';
import type { Kysely, Transaction } from 'kysely';
import type { CardAuthorization } from '../../generated/entities.ts';
import type { Database } from '../db/schema.ts';
import { ACCOUNT_STATUS, isCardAccountType } from '../ledger/account-status.ts';
import { formatMinorUnits, toMinorUnits } from '../ledger/money.ts';
import { errorCode, lockAccounts, RETRYABLE, writeLedgerTransaction } from '../ledger/post-transaction.ts';
import type { LedgerLeg } from '../ledger/posting-rules.ts';
import { systemAccountId } from '../ledger/system-accounts.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { quoteTransfer } from '../pricing/pricing.ts';
import { CARD_STATUS } from './card-status.ts';
import { maskedCardNumber } from './cards.ts';

type Trx = Transaction<Database>;

/** Why a purchase was declined. */
export type DeclineReason =
  | 'cardNotCurrent'
  | 'cardNotActive'
  | 'cardPaused'
  | 'cardExpired'
  | 'cardCanceled'
  | 'cardRestricted'
  | 'accountClosed'
  | 'currencyNotSupported'
  | 'insufficientFunds';

/** The processor's authorisation request, as the bank side receives it. */
export interface PurchaseRequest {
  /** The processor's reference of the card. */
  processorRef: string;
  /** In minor units (bigint) or as a decimal string in the merchant's currency. */
  amount: bigint | string;
  currencyCode: string;
  merchantName: string;
  merchantCountry: string;
  mcc: string;
  /** The processor's id of this authorisation: a repeated request answers the first outcome. */
  processorAuthId: string;
}

/** The bank's answer to an authorisation request. */
export interface PurchaseOutcome {
  authorizationId: bigint;
  status: 'approved' | 'declined' | 'reversed';
  declineReason?: string;
  /** What the account charged paid, in its own currency. */
  billedAmount?: string;
  billedCurrencyCode?: string;
  /** True when this processorAuthId had already been answered: nothing new happened. */
  replayed: boolean;
}

/** A request the bank cannot even record (an unknown card, a malformed amount); the processor's own error. */
export class PurchaseRequestError extends Error {
  override name = 'PurchaseRequestError';
}

const STATUS_DECLINE: Record<number, DeclineReason> = {
  [CARD_STATUS.paused]: 'cardPaused',
  [CARD_STATUS.expired]: 'cardExpired',
  [CARD_STATUS.canceled]: 'cardCanceled',
  [CARD_STATUS.fraud]: 'cardRestricted',
  [CARD_STATUS.limited]: 'cardRestricted',
};

async function outcomeOf(db: Kysely<Database> | Trx, processorAuthId: string, replayed: boolean): Promise<PurchaseOutcome | undefined> {
  const row = await db
    .selectFrom('card_authorizations as z')
    .leftJoin('currencies as c', 'c.code', 'z.billed_currency_code')
    .select(['z.id', 'z.status', 'z.decline_reason', 'z.billed_amount', 'z.billed_currency_code', 'c.scale'])
    .where('z.processor_auth_id', '=', processorAuthId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    authorizationId: row.id,
    status: row.status,
    ...(row.decline_reason ? { declineReason: row.decline_reason } : {}),
    ...(row.billed_amount !== null && row.billed_currency_code && row.scale !== null
      ? { billedAmount: formatMinorUnits(row.billed_amount, row.scale), billedCurrencyCode: row.billed_currency_code }
      : {}),
    replayed,
  };
}

/** The decision of one attempt: what to record. */
async function decide(trx: Trx, request: PurchaseRequest, amount: bigint, merchantScale: number) {
  const card = await trx
    .selectFrom('cards as k')
    .innerJoin('accounts as a', 'a.id', 'k.account_id')
    .select([
      'k.id',
      'k.role',
      'k.status_id',
      'k.bin',
      'k.last4',
      'a.id as card_account_id',
      'a.type',
      'a.sub_type',
      'a.status as account_status',
      'a.settlement_account_id',
    ])
    .where('k.processor_ref', '=', request.processorRef)
    .forUpdate()
    .executeTakeFirst();
  if (!card || !isCardAccountType(card.type)) throw new PurchaseRequestError(`No card with processor reference ${request.processorRef}: check the reference.`);
  const chargedId = card.sub_type === 'DEBIT' ? (card.settlement_account_id ?? card.card_account_id) : card.card_account_id;
  const base = { card_id: card.id, account_id: chargedId };
  const declined = (reason: DeclineReason, billed?: { amount: bigint; currency: string }) => ({
    ...base,
    status: 'declined' as const,
    decline_reason: reason,
    billed_amount: billed?.amount ?? null,
    billed_currency_code: billed?.currency ?? null,
    ledger_transaction_id: null,
  });

  if (card.role !== 'current') return declined('cardNotCurrent');
  if (card.status_id !== CARD_STATUS.active) return declined(STATUS_DECLINE[card.status_id] ?? 'cardNotActive');
  if (card.account_status !== ACCOUNT_STATUS.open) return declined('accountClosed');
  const charged = await trx
    .selectFrom('accounts as a')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .select(['a.id', 'a.status', 'a.currency_code', 'c.scale'])
    .where('a.id', '=', chargedId)
    .executeTakeFirstOrThrow();
  if (charged.status !== ACCOUNT_STATUS.open) return declined('accountClosed');

  let billed = amount;
  if (charged.currency_code !== request.currencyCode) {
    try {
      billed = quoteTransfer({
        kind: 'account',
        from: { currency: charged.currency_code, scale: charged.scale },
        to: { currency: request.currencyCode, scale: merchantScale },
        toAmount: amount,
      }).amount;
    } catch (error) {
      if (error instanceof RpcRefusal) return declined('currencyNotSupported');
      throw error;
    }
  }
  const bill = { amount: billed, currency: charged.currency_code };
  const merchant = request.merchantName;
  const legs: LedgerLeg[] =
    charged.currency_code === request.currencyCode
      ? [
          { accountId: charged.id, amount: -billed, counterparty: merchant },
          { accountId: await systemAccountId(trx, 'clearing:card', charged.currency_code), amount: billed },
        ]
      : [
          { accountId: charged.id, amount: -billed, counterparty: merchant },
          { accountId: await systemAccountId(trx, 'fx', charged.currency_code), amount: billed },
          { accountId: await systemAccountId(trx, 'fx', request.currencyCode), amount: -amount },
          { accountId: await systemAccountId(trx, 'clearing:card', request.currencyCode), amount },
        ];
  // Locked in id order, as every posting does, so the funds check below holds until the posting.
  await lockAccounts(trx, legs);
  const funds = await trx.selectFrom('accounts').select(['balance', 'pending', 'balance_min']).where('id', '=', charged.id).executeTakeFirstOrThrow();
  if (funds.balance - funds.pending - billed < funds.balance_min) return declined('insufficientFunds', bill);

  const posted = await writeLedgerTransaction(trx, {
    operationType: 'Card',
    ...(card.bin && card.last4
      ? keyedDescription('server.ledger.cardPurchase', { merchant, card: maskedCardNumber(card.bin, card.last4) })
      : keyedDescription('server.ledger.cardPurchaseNoCard', { merchant })),
    legs,
  });
  return {
    ...base,
    status: 'approved' as const,
    decline_reason: null,
    billed_amount: billed,
    billed_currency_code: charged.currency_code,
    ledger_transaction_id: posted.transactionId,
  };
}

/**
 * The bank side of the processor's authorisation request for a purchase: approved purchases are
 * posted to the ledger (operation type 'Card', the merchant as counterparty) from the card account
 * (prepaid) or the settlement account (debit) to the system account `clearing:card`, converted at
 * the bank's exchange rate when the merchant's currency differs. The card must be the account's
 * current card and active, the accounts open, the funds there; else the purchase is declined with
 * the reason. Declines are recorded too. Idempotent by `processorAuthId`.
 *
 * @example
 * await authorizeCardPurchase(db, { processorRef, amount: '12.50', currencyCode: 'USD', merchantName: 'Coffee Lab', merchantCountry: 'GB', mcc: '5814', processorAuthId: 'auth-1' });
 */
export async function authorizeCardPurchase(db: Kysely<Database>, request: PurchaseRequest): Promise<PurchaseOutcome> {
  const earlier = await outcomeOf(db, request.processorAuthId, true);
  if (earlier) return earlier;
  const currency = await db.selectFrom('currencies').select('scale').where('code', '=', request.currencyCode).executeTakeFirst();
  if (!currency) throw new PurchaseRequestError(`The currency ${request.currencyCode} is not one the bank knows.`);
  let amount: bigint;
  try {
    amount = typeof request.amount === 'bigint' ? request.amount : toMinorUnits(request.amount, currency.scale);
  } catch (error) {
    throw new PurchaseRequestError(error instanceof Error ? error.message : String(error));
  }
  if (amount <= 0n) throw new PurchaseRequestError('A purchase amount must be above zero.');
  if (!request.merchantName.trim()) throw new PurchaseRequestError('A purchase needs the merchant name.');

  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction().execute(async (trx) => {
        const record = await decide(trx, request, amount, currency.scale);
        await trx
          .insertInto('card_authorizations')
          .values({
            ...record,
            processor_auth_id: request.processorAuthId,
            amount,
            currency_code: request.currencyCode,
            merchant_name: request.merchantName.trim().slice(0, 200),
            merchant_country: request.merchantCountry.trim().slice(0, 2).toUpperCase(),
            mcc: request.mcc.trim().slice(0, 4),
          })
          .execute();
      });
      return (await outcomeOf(db, request.processorAuthId, false))!;
    } catch (error) {
      const code = errorCode(error);
      // The same processorAuthId answered by a concurrent request: answer its outcome.
      if (code === '23505') {
        const raced = await outcomeOf(db, request.processorAuthId, true);
        if (raced) return raced;
      }
      if (code && RETRYABLE.has(code) && attempt < 5) continue;
      throw error;
    }
  }
}

/** One page of authorisations, newest first, with the total. */
export interface AuthorizationPage {
  authorizations: CardAuthorization[];
  total: number;
  pageNumber: number;
  pageSize: number;
}

type PageQuery = { pageNumber?: number; pageSize?: number };

async function authorizationPage(
  db: Kysely<Database>,
  filter: { cardAccountId: number } | { chargedAccountId: number },
  page: PageQuery,
): Promise<AuthorizationPage> {
  const pageSize = page.pageSize ?? 10;
  const pageNumber = page.pageNumber ?? 1;
  const base = () => {
    const query = db.selectFrom('card_authorizations as z').innerJoin('cards as k', 'k.id', 'z.card_id');
    return 'cardAccountId' in filter
      ? query.where('k.account_id', '=', filter.cardAccountId)
      : query.where('z.account_id', '=', filter.chargedAccountId).where('k.sub_type', '=', 'DEBIT');
  };
  const [{ total }, rows] = await Promise.all([
    base()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
    base()
      .innerJoin('currencies as mc', 'mc.code', 'z.currency_code')
      .leftJoin('currencies as bc', 'bc.code', 'z.billed_currency_code')
      .select([
        'z.id',
        'z.card_id',
        'z.account_id',
        'z.amount',
        'z.currency_code',
        'z.merchant_name',
        'z.merchant_country',
        'z.mcc',
        'z.status',
        'z.decline_reason',
        'z.billed_amount',
        'z.billed_currency_code',
        'z.created_at',
        'mc.scale as merchant_scale',
        'bc.scale as billed_scale',
        'k.account_id as card_account_id',
        'k.bin',
        'k.last4',
      ])
      .orderBy('z.id', 'desc')
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize)
      .execute(),
  ]);
  return {
    authorizations: rows.map((row) => {
      const merchantAmount = formatMinorUnits(row.amount, row.merchant_scale);
      const billed = row.billed_amount !== null && row.billed_currency_code && row.billed_scale !== null;
      return {
        authorizationId: Number(row.id),
        cardId: row.card_id,
        cardAccountId: row.card_account_id,
        accountId: row.account_id,
        maskedCardNumber: row.bin && row.last4 ? maskedCardNumber(row.bin, row.last4) : '•••• •••• •••• ••••',
        amount: billed ? formatMinorUnits(row.billed_amount!, row.billed_scale!) : merchantAmount,
        currencyCode: billed ? row.billed_currency_code! : row.currency_code,
        merchantAmount,
        merchantCurrencyCode: row.currency_code,
        merchantName: row.merchant_name,
        merchantCountry: row.merchant_country,
        mcc: row.mcc,
        status: row.status,
        ...(row.decline_reason ? { declineReason: row.decline_reason } : {}),
        createdAt: row.created_at.toISOString(),
      };
    }),
    total: Number(total),
    pageNumber,
    pageSize,
  };
}

/**
 * The authorisations of the cards of the customer's card account (document 001 'debit card
 * authorization list'). Another customer's account, or not a card account → 13.
 */
export async function cardAuthorizations(db: Kysely<Database>, customerId: number, accountId: number, page: PageQuery): Promise<AuthorizationPage> {
  const account = await db.selectFrom('accounts').select(['customer_id', 'type']).where('id', '=', accountId).executeTakeFirst();
  if (!account || account.customer_id !== customerId || !isCardAccountType(account.type)) throw new RpcRefusal('13');
  return authorizationPage(db, { cardAccountId: accountId }, page);
}

/**
 * The debit-card purchases charged to the customer's payment account (document 001 'current
 * account authorization list'). Another customer's account → 13; a card account is refused (TA1).
 */
export async function currentAccountAuthorizations(db: Kysely<Database>, customerId: number, accountId: number, page: PageQuery): Promise<AuthorizationPage> {
  const account = await db.selectFrom('accounts').select(['customer_id', 'type']).where('id', '=', accountId).executeTakeFirst();
  if (!account || account.customer_id !== customerId) throw new RpcRefusal('13');
  if (isCardAccountType(account.type)) {
    throw new RpcRefusal('TA1', {
      validationErrors: [{ field: 'accountId', key: 'server.cards.purchasesInCardHistory' }],
    });
  }
  return authorizationPage(db, { chargedAccountId: accountId }, page);
}

/**
 * The demo's card history: a few approved purchases and one declined (not enough money) on the
 * active virtual card of `login` (seeded by seedDemoCards). Does nothing without such a card or
 * when it already has authorisations.
 *
 * @example
 * await seedDemoCardPurchases(db, 'personal@example.com');
 */
export async function seedDemoCardPurchases(db: Kysely<Database>, login: string): Promise<void> {
  const card = await db
    .selectFrom('cards as k')
    .innerJoin('users as u', 'u.customer_id', 'k.customer_id')
    .select(['k.id', 'k.processor_ref'])
    .where('u.email', '=', login)
    .where('k.is_virtual', '=', true)
    .where('k.role', '=', 'current')
    .where('k.status_id', '=', CARD_STATUS.active)
    .orderBy('k.id')
    .executeTakeFirst();
  if (!card?.processor_ref) return;
  const earlier = await db.selectFrom('card_authorizations').select('id').where('card_id', '=', card.id).executeTakeFirst();
  if (earlier) return;
  const purchases = [
    { amount: '4.50', currencyCode: 'EUR', merchantName: 'Corner Coffee', merchantCountry: 'GB', mcc: '5814' },
    { amount: '5.99', currencyCode: 'USD', merchantName: 'StreamBox', merchantCountry: 'US', mcc: '4899' },
    { amount: '3.20', currencyCode: 'EUR', merchantName: 'City Metro', merchantCountry: 'GB', mcc: '4111' },
    { amount: '250.00', currencyCode: 'EUR', merchantName: 'Gadget Store', merchantCountry: 'DE', mcc: '5732' },
  ];
  for (const [index, purchase] of purchases.entries()) {
    await authorizeCardPurchase(db, { ...purchase, processorRef: card.processor_ref, processorAuthId: `demo-${card.id}-${index + 1}` });
  }
}
