import type { Kysely } from 'kysely';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import type { Database } from '../db/schema.ts';
import { AmountFormatError, formatMinorUnits, toMinorUnits } from '../ledger/money.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { exchangeRate, pricedCurrencies, quoteTransfer, transferFee, transferLimits } from '../pricing/pricing.ts';
import { limitUsage } from './limits.ts';

/** The limit types of the 'Customer limits' lookup and the transfer kinds they price. */
const LIMIT_KINDS = { betweenAccounts: 'account', p2p: 'p2p', invoice: 'invoice' } as const;

/** One of the acting customer's accounts with what it can spend; another's (or none) is refused with 13. */
async function ownAccount(db: Kysely<Database>, customerId: number, accountId: number) {
  const account = await db
    .selectFrom('accounts as a')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .select(['a.id', 'a.customer_id', 'a.currency_code', 'a.balance', 'a.pending', 'a.balance_min', 'c.scale'])
    .where('a.id', '=', accountId)
    .executeTakeFirst();
  if (!account || account.customer_id !== customerId) throw new RpcRefusal('13');
  return account;
}

function minor(value: string | undefined, scale: number, field: string): bigint | undefined {
  if (value === undefined || value === '') return undefined;
  try {
    const parsed = toMinorUnits(value, scale);
    if (parsed < 0n) throw new AmountFormatError('Enter an amount above zero.', { key: 'server.amounts.aboveZero' });
    return parsed;
  } catch (error) {
    if (error instanceof AmountFormatError) throw new RpcRefusal('TA1', { validationErrors: [{ field, ...error.text }] });
    throw error;
  }
}

/** What an account can still send: balance less held amounts, down to its minimum; never below zero. */
const available = (account: { balance: bigint; pending: bigint; balance_min: bigint }) => {
  const left = account.balance - account.pending - account.balance_min;
  return left > 0n ? left : 0n;
};

/**
 * The limits of a kind in a currency, what was used today and this month, and what is left: the
 * smaller of what is left of the day and of the month. Read without the lock the transfer takes
 * (`checkTransferLimits`), so it is what the screen shows, not a promise.
 */
async function limitsOf(db: Kysely<Database>, customerId: number, kind: string, currency: string, scale: number) {
  const limits = transferLimits(kind, scale);
  const used = await limitUsage(db, customerId, kind, currency);
  const atLeastZero = (value: bigint) => (value > 0n ? value : 0n);
  const monthlyLeft = atLeastZero(limits.monthlyMax - used.month);
  const dayLeft = atLeastZero(limits.dailyMax - used.today);
  return { ...limits, used: used.today, left: dayLeft < monthlyLeft ? dayLeft : monthlyLeft, monthlyUsed: used.month, monthlyLeft };
}

/**
 * The lookups of document 001 section 7 that a transfer screen asks while the customer types:
 * exchange rates, fee and amounts of a transfer between own accounts, its maximum, and the limits.
 * All read-only; every account named must be the acting customer's (13 otherwise).
 */
export const transferLookupHandlers: Pick<
  RpcHandlerMap<RpcContext>,
  'exchangeRate' | 'defaultExchangeRates' | 'transferFee' | 'transferMaxAmount' | 'customerLimits'
> = {
  async exchangeRate(params) {
    const rate = exchangeRate(params.fromCurrencyCode, params.toCurrencyCode);
    return {
      rate: rate.text,
      ...(params.fromCurrencyCode ? { fromCurrencyCode: params.fromCurrencyCode } : {}),
      ...(params.toCurrencyCode ? { toCurrencyCode: params.toCurrencyCode } : {}),
    };
  },

  async defaultExchangeRates() {
    const currencies = pricedCurrencies();
    const rates = currencies.flatMap((from) =>
      currencies.filter((to) => to !== from).map((to) => ({ fromCurrencyCode: from, toCurrencyCode: to, rate: exchangeRate(from, to).text })),
    );
    return { rates };
  },

  async transferFee(params, ctx) {
    const { customerId } = callerOf(ctx);
    const from = await ownAccount(ctx.db, customerId, params.fromAccountId);
    const to = await ownAccount(ctx.db, customerId, params.toAccountId);
    const amount = minor(params.amount, from.scale, 'amount');
    const toAmount = amount === undefined ? minor(params.toAmount, to.scale, 'toAmount') : undefined;
    const quote = quoteTransfer({
      kind: 'account',
      from: { currency: from.currency_code, scale: from.scale },
      to: { currency: to.currency_code, scale: to.scale },
      ...(amount !== undefined ? { amount } : {}),
      ...(toAmount !== undefined ? { toAmount } : {}),
    });
    return {
      amount: formatMinorUnits(quote.amount, from.scale),
      fee: formatMinorUnits(quote.fee, from.scale),
      total: formatMinorUnits(quote.amount + quote.fee, from.scale),
      feeCurrencyCode: from.currency_code,
      toAmount: formatMinorUnits(quote.toAmount, to.scale),
      toCurrencyCode: to.currency_code,
      exchangeRate: quote.rate.text,
    };
  },

  async transferMaxAmount(params, ctx) {
    const { customerId } = callerOf(ctx);
    const from = await ownAccount(ctx.db, customerId, params.fromAccountId);
    const to = await ownAccount(ctx.db, customerId, params.toAccountId);
    const kind = LIMIT_KINDS[params.operation];
    const spendable = available(from);
    // The fee grows with the amount, so the fee on everything is an upper bound of the fee on the maximum.
    const afterFee = spendable - transferFee(kind, spendable);
    const limits = await limitsOf(ctx.db, customerId, kind, from.currency_code, from.scale);
    let max = [afterFee, limits.perTransactionMax, limits.left].reduce((a, b) => (b < a ? b : a));
    if (max < 0n) max = 0n;
    const rate = exchangeRate(from.currency_code, to.currency_code);
    const quote = quoteTransfer({
      kind,
      from: { currency: from.currency_code, scale: from.scale },
      to: { currency: to.currency_code, scale: to.scale },
      amount: max,
    });
    return {
      maxAmount: formatMinorUnits(quote.toAmount > 0n ? max : 0n, from.scale),
      currencyCode: from.currency_code,
      toMaxAmount: formatMinorUnits(quote.toAmount, to.scale),
      toCurrencyCode: to.currency_code,
      exchangeRate: rate.text,
    };
  },

  async customerLimits(params, ctx) {
    const { customerId } = callerOf(ctx);
    let currency = params.currencyCode;
    let scale: number | undefined;
    if (params.fromAccountId !== undefined) {
      const from = await ownAccount(ctx.db, customerId, params.fromAccountId);
      currency = from.currency_code;
      scale = from.scale;
    }
    if (!currency) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'fromAccountId', key: 'server.transfers.chooseSource' }] });
    if (scale === undefined) {
      const row = await ctx.db.selectFrom('currencies').select('scale').where('code', '=', currency).executeTakeFirst();
      if (!row) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'currencyCode', key: 'server.transfers.unknownCurrency', values: { currency } }] });
      scale = row.scale;
    }
    const kind = LIMIT_KINDS[params.type];
    const limits = await limitsOf(ctx.db, customerId, kind, currency, scale);
    return {
      type: params.type,
      currencyCode: currency,
      perTransactionMax: formatMinorUnits(limits.perTransactionMax, scale),
      dailyMax: formatMinorUnits(limits.dailyMax, scale),
      dailyUsed: formatMinorUnits(limits.used, scale),
      dailyLeft: formatMinorUnits(limits.left, scale),
      monthlyMax: formatMinorUnits(limits.monthlyMax, scale),
      monthlyUsed: formatMinorUnits(limits.monthlyUsed, scale),
      monthlyLeft: formatMinorUnits(limits.monthlyLeft, scale),
    };
  },
};
