import { wordText, type KeyedText, type TextValues } from '../i18n/texts.ts';
import { keyedDescription } from '../ledger/descriptions.ts';
import type { Kysely, Transaction } from 'kysely';
import { payingAccount } from '../accounts/paying-account.ts';
import type { Database } from '../db/schema.ts';
import { PAYMENT_ACCOUNT_TYPE } from '../ledger/account-status.ts';
import { LedgerError } from '../ledger/errors.ts';
import { formatMinorUnits, toMinorUnits } from '../ledger/money.ts';
import { writeLedgerTransaction } from '../ledger/post-transaction.ts';
import { systemAccountId } from '../ledger/system-accounts.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { quoteTransfer } from '../pricing/pricing.ts';
import type { CardFees, CountryOffer } from './products.ts';

const refusal = (field: string, key: string, values?: TextValues) =>
  new RpcRefusal('TA1', { validationErrors: [{ field, key, ...(values ? { values } : {}) }] });

/** A payment account of the customer that pays fees or loads/settles a card. */
export interface PaymentAccount {
  id: number;
  currency_code: string;
  scale: number;
}

/**
 * The customer's OPEN payment account (type 1001) `accountId`, else a refusal: another customer's
 * (or a system) account → 13; a closed one → CA; another type, or another currency than `currency`
 * when given → TA1 on `field`.
 */
export async function paymentAccount(db: Kysely<Database>, customerId: number, accountId: number, field: string, currency?: string): Promise<PaymentAccount> {
  const account = await payingAccount(db, customerId, accountId, field, (type) =>
    // Only payment accounts pay card fees, settle and load cards.
    type === PAYMENT_ACCOUNT_TYPE ? undefined : 'server.cards.choosePaymentAccount',
  );
  if (currency && account.currency_code !== currency) throw refusal(field, 'server.cards.accountInCardCurrency', { currency });
  return { id: account.id, currency_code: account.currency_code, scale: account.scale };
}

/** The card fees the history names (locales/<language>/cards.json `cards.ledgerFees.<kind>`). */
export type CardFeeKind = 'issue' | 'annual' | 'shipping' | 'monthly' | 'expressShipping' | 'expressUpgrade';

/** A fee in the currency the price list states it in. */
export interface FeeItem {
  /** Which fee it is, which names it in the history ('Card issue fee') in the reader's language. */
  fee: CardFeeKind;
  amount: string;
  currency: string;
}

/**
 * What `items` cost in `currency` (minor units with `scale`): each converted at the day's rate when
 * the price list names another currency, rounded up (the bank never takes less than its fee).
 */
export function feesIn(items: readonly FeeItem[], currency: string, scale: number, currencyScale: (code: string) => number): bigint {
  let total = 0n;
  for (const item of items) {
    const feeScale = currencyScale(item.currency);
    const minor = toMinorUnits(item.amount, feeScale);
    if (minor === 0n) continue;
    total +=
      item.currency === currency
        ? minor
        : quoteTransfer({ kind: 'account', from: { currency, scale }, to: { currency: item.currency, scale: feeScale }, toAmount: minor }).amount;
  }
  return total;
}

/**
 * A price-list amount (decimal string in `from`) in `to`, as chargeCardFees takes it from an account
 * in `to`: converted at the day's rate and rounded up; the same amount when the currencies match.
 *
 * @example
 * feeAmountIn('4.00', 'GBP', 'EUR', scales); // '4.72' (what a EUR card's owner pays for a 4.00 GBP fee)
 */
export function feeAmountIn(amount: string, from: string, to: string, currencyScale: (code: string) => number): string {
  const scale = currencyScale(to);
  return formatMinorUnits(feesIn([{ fee: 'issue', amount, currency: from }], to, scale, currencyScale), scale);
}

/**
 * A country's card offer priced in the card's currency `currency`: its fees and its shipping options'
 * fees converted from the price list's currency as they will be charged, so every screen names a
 * card's fees in the card's own currency.
 *
 * @example
 * offerIn(countryOffer('GB'), 'EUR', scales).fees; // { annual: '10.62', issue: '4.72', monthly: '1.18', currency: 'EUR' }
 */
export function offerIn(offer: CountryOffer, currency: string, currencyScale: (code: string) => number): CountryOffer {
  const from = offer.fees.currency;
  if (from === currency) return offer;
  const convert = (amount: string) => feeAmountIn(amount, from, currency, currencyScale);
  const fees: CardFees = { annual: convert(offer.fees.annual), issue: convert(offer.fees.issue), monthly: convert(offer.fees.monthly), currency };
  return { ...offer, fees, shippingOptions: offer.shippingOptions.map((option) => ({ ...option, fee: convert(option.fee) })) };
}

/** The scale of every currency, for converting fees. */
export async function currencyScales(db: Kysely<Database>): Promise<(code: string) => number> {
  const rows = await db.selectFrom('currencies').select(['code', 'scale']).execute();
  const scales = new Map(rows.map((row) => [row.code, row.scale]));
  return (code) => {
    const scale = scales.get(code);
    if (scale === undefined) throw new Error(`Currency ${code} of schemas/data/card-products.json is not in the currencies table.`);
    return scale;
  };
}

const CARD_FEES: KeyedText = { key: 'cards.ledgerFees.counterparty' };
const ORDINALS = ['first', 'second', 'third', 'fourth'] as const;

/**
 * The keyed description of a card fee posting: the fees it holds, then the card ('Card issue fee, Card
 * annual fee: Virtual prepaid Mastercard •3118' in English), worded for each reader.
 */
function feesDescription(items: readonly FeeItem[], card: KeyedText): ReturnType<typeof keyedDescription> {
  const values: TextValues = { card };
  items.slice(0, ORDINALS.length).forEach((item, index) => {
    values[ORDINALS[index]!] = { key: `cards.ledgerFees.${item.fee}` };
  });
  return keyedDescription(`cards.ledgerFees.charged${Math.min(items.length, ORDINALS.length)}`, values);
}

/**
 * Charges card fees from a payment account through the ledger, to the bank's fee account in the
 * payment account's currency (fees priced in another currency are converted at the day's rate). One
 * ledger transaction, operation type 'Fees', described by the fees it holds, so the history shows
 * it. Not enough money → TA1 on `field`. Nothing is posted for a total of zero. Answers the total.
 */
export async function chargeCardFees(
  trx: Transaction<Database>,
  input: { account: PaymentAccount; items: readonly FeeItem[]; field: string; cardLabel: KeyedText },
): Promise<bigint> {
  const scales = await currencyScales(trx);
  const charged = input.items.filter((item) => toMinorUnits(item.amount, scales(item.currency)) > 0n);
  const total = feesIn(charged, input.account.currency_code, input.account.scale, scales);
  if (total === 0n) return 0n;
  try {
    await writeLedgerTransaction(trx, {
      operationType: 'Fees',
      ...feesDescription(charged, input.cardLabel),
      legs: [
        { accountId: input.account.id, amount: -total, counterparty: wordText('en', CARD_FEES), counterpartyText: CARD_FEES },
        { accountId: await systemAccountId(trx, 'fees', input.account.currency_code), amount: total },
      ],
    });
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'insufficientFunds') {
      throw refusal(input.field, 'server.cards.feesNotCovered', {
        total: { amount: formatMinorUnits(total, input.account.scale), currency: input.account.currency_code },
      });
    }
    throw error;
  }
  return total;
}
