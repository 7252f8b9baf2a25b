import { sql, type Kysely, type Transaction } from 'kysely';
import { codeMatches, hashCode, maskEmail, numericCode, MAX_CODE_ATTEMPTS, ONE_TIME_CODE_SECONDS } from '../auth/codes.ts';
import type { Database, GlobalPayPaymentsTable } from '../db/schema.ts';
import type { InstantKeyType } from '../formats/instant-key.ts';
import type { TextValues } from '../i18n/texts.ts';
import { keyedDescription } from '../ledger/descriptions.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { writeLedgerTransaction } from '../ledger/post-transaction.ts';
import { systemAccountId } from '../ledger/system-accounts.ts';
import { transferFee } from '../pricing/pricing.ts';
import { announceToCustomer } from '../push/customer-live.ts';
import { cryptoRecipient } from '../rails/crypto-eft.ts';
import { eftBeneficiary } from '../rails/eft.ts';
import { instantRecipient } from '../rails/instant.ts';
import { interacRecipient } from '../rails/interac.ts';
import { octCard } from '../rails/oct.ts';
import { railQuote, type CurrencyScale } from '../rails/fee-quote.ts';
import { payoutCurrencies } from '../rails/payout-currencies.ts';
import { holdPayout, recordPayout } from '../rails/payouts.ts';
import type { RailAdapters, RailName } from '../rails/rail-adapter.ts';
import { wireBeneficiary } from '../rails/wire.ts';
import { countCall } from '../db/call-counts.ts';
import { RefusalToRecord, RpcRefusal } from '../rpc/response-codes.ts';
import { payoutInstruction } from '../transfers/payout-handover.ts';
import { customerName } from '../transfers/parties.ts';
import { secretHash, type Messenger } from './batches.ts';
import { allowedMethods, EXPIRE_DAYS, globalPayCountries, type CountryMethod } from './rules.ts';

type Trx = Transaction<Database>;
type Db = Kysely<Database> | Trx;

/** The statuses a recipient sees (entities/global-pay.schema.json#/$defs/ReceiveStatus). */
export type ReceiveStatus = 'available' | 'awaitingApproval' | 'processing' | 'paid' | 'failed' | 'refused' | 'expired';

/** Recipient-link calls allowed per link and per network address in one window. */
export const LOOKUP_WINDOW_SECONDS = 600;
export const LOOKUPS_PER_LINK = 120;
export const LOOKUPS_PER_ADDRESS = 300;

/** The one refusal of a link that does not open a payment: wrong, expired or another's alike. */
export const linkRefusal = () => new RpcRefusal('TA1', { validationErrors: [{ field: 'paymentSecret', key: 'server.receive.linkNotValid' }] });

const fieldRefusal = (field: string, key: string, values?: TextValues) =>
  new RpcRefusal('TA1', { validationErrors: [{ field, key, ...(values ? { values } : {}) }] });

/**
 * Counts one recipient-link call against its link and its network address (ten-minute windows, kept even
 * when the call is refused); over either limit → AE. The link's count is by the hash of what was sent, so a
 * guesser trying many secrets is stopped by the address limit.
 */
export async function countLookup(db: Db, secret: string, ip: string | undefined): Promise<void> {
  const over = await countCall(db, LOOKUP_WINDOW_SECONDS, [
    { key: `link:${secretHash(secret)}`, limit: LOOKUPS_PER_LINK },
    { key: `ip:${ip ?? 'unknown'}`, limit: LOOKUPS_PER_ADDRESS },
  ]);
  if (over) throw new RpcRefusal('AE', { key: 'server.receive.tooMany', values: { minutes: LOOKUP_WINDOW_SECONDS / 60 } });
}

/** The payment a link opens with its batch and sender, locked when `forUpdate`; a link that opens none → the one refusal. */
export async function paymentOfLink(db: Db, secret: string, forUpdate = false) {
  const payment = await db
    .selectFrom('global_pay_payments as p')
    .innerJoin('global_pay_batches as b', 'b.id', 'p.batch_id')
    .innerJoin('currencies as c', 'c.code', 'b.currency_code')
    .leftJoin('transfers as t', 't.id', 'p.transfer_id')
    .selectAll('p')
    .select([
      'b.customer_id',
      'b.account_id',
      'b.currency_code',
      'b.name as batch_name',
      'b.approved_at',
      'b.status as batch_status',
      'c.scale',
      't.status as transfer_status',
      't.fee as transfer_fee',
      't.amount as transfer_amount',
      't.created_at as transfer_date',
    ])
    .where('p.secret_hash', '=', secretHash(secret))
    .$if(forUpdate, (qb) => qb.forUpdate('p'))
    .executeTakeFirst();
  if (!payment || payment.status === 'expired' || payment.status === 'draft' || payment.status === 'removed') throw linkRefusal();
  if ((payment.status === 'sent' || payment.status === 'awaitingApproval') && payment.expires_at !== null && payment.expires_at.getTime() <= Date.now()) {
    throw linkRefusal();
  }
  return payment;
}

type LinkedPayment = Awaited<ReturnType<typeof paymentOfLink>>;

/** Where a payment stands for its recipient (a payout's transfer decides once it is on its rail). */
export function receiveStatus(payment: { status: GlobalPayPaymentsTable['status']; transfer_status?: string | null }): ReceiveStatus {
  if (payment.status === 'processing' || payment.status === 'paid' || payment.status === 'failed') {
    if (payment.transfer_status === 'completed') return 'paid';
    if (payment.transfer_status === 'failed' || payment.transfer_status === 'declined' || payment.transfer_status === 'canceled') return 'failed';
    return payment.status === 'processing' ? 'processing' : payment.status;
  }
  if (payment.status === 'sent') return 'available';
  return payment.status as ReceiveStatus;
}

/** The countries a payment may be paid in: those global pay serves where a method the sender did not forbid is offered. */
export const allowedCountries = (payment: { forbidden_methods: string[] }): string[] =>
  globalPayCountries().filter((country) => allowedMethods(country, payment.forbidden_methods).length > 0);

/** The recipient's view of their payment (document 001 section 3, 'Recipient flow payment details'). */
export async function recipientDetails(db: Db, payment: LinkedPayment) {
  const daysLeft = payment.expires_at ? Math.max(0, Math.ceil((payment.expires_at.getTime() - Date.now()) / 86_400_000)) : EXPIRE_DAYS;
  const status = receiveStatus(payment);
  return {
    beneficiaryName: payment.beneficiary_name,
    senderName: await customerName(db as Trx, payment.customer_id),
    amount: formatMinorUnits(payment.amount, payment.scale),
    currencyCode: payment.currency_code,
    description: payment.description,
    feeIsBen: payment.fee_share === 'beneficiary',
    paymentId: Number(payment.id),
    submittedDate: (payment.sent_at ?? payment.approved_at ?? new Date()).toISOString(),
    expireDays: daysLeft,
    status,
    allowedCountries: allowedCountries(payment),
    ...(payment.chosen_method ? { paymentMethod: payment.chosen_method as RailName } : {}),
    ...(status === 'awaitingApproval' ? { operationId: Number(payment.id) } : {}),
  };
}

/** A country the payment may be paid in, else TA1 on countryCode. */
function allowedCountry(payment: LinkedPayment, countryCode: string) {
  if (!allowedCountries(payment).includes(countryCode)) throw fieldRefusal('countryCode', 'server.receive.countryNotAllowed');
  return allowedMethods(countryCode, payment.forbidden_methods);
}

/**
 * The currencies a recipient may be paid in by a country's method: the batch's first (always), then those
 * the method pays in there (global-pay-methods.json) that its rail may send to that country
 * (payout-currencies.json, as every payout of the rail).
 *
 * @example
 * payoutCurrenciesOf('EUR', { name: 'wire', currencies: ['USD'] }, 'US'); // ['EUR', 'USD']
 */
export function payoutCurrenciesOf(batchCurrency: string, method: CountryMethod, countryCode: string): string[] {
  const rail = payoutCurrencies(method.name, batchCurrency, countryCode);
  return [batchCurrency, ...method.currencies.filter((code) => code !== batchCurrency && rail.includes(code))];
}

/** The methods the recipient may choose in a country, each with the currencies it may pay them in. */
export function recipientMethods(payment: LinkedPayment, countryCode: string) {
  return allowedCountry(payment, countryCode).map((method) => ({
    name: method.name,
    currencies: payoutCurrenciesOf(payment.currency_code, method, countryCode),
  }));
}

/** A method of the country the recipient may choose, paying in `currency`; else TA1 on the field that is wrong. */
function chosenMethod(
  payment: LinkedPayment,
  countryCode: string,
  method: string,
  currency: string,
  methodField = 'paymentMethod',
  currencyField = 'currencyCode',
) {
  const found = allowedCountry(payment, countryCode).find((candidate) => candidate.name === method);
  if (!found) throw fieldRefusal(methodField, 'server.receive.methodNotAllowed');
  const currencies = payoutCurrenciesOf(payment.currency_code, found, countryCode);
  if (!currencies.includes(currency)) throw fieldRefusal(currencyField, 'server.receive.currencyNotOffered', { currencies: currencies.join(', ') });
  return found;
}

/** What a payment pays its recipient by a rail in a currency, in minor units, and at what rate. */
interface RecipientQuote {
  /** The rail's fee on the payment, in the batch's currency. */
  fee: bigint;
  /** What leaves the batch's hold for the recipient, in the batch's currency (the fee taken from it when feeIsBen). */
  out: bigint;
  /** `out` in the payout's currency. */
  toAmount: bigint;
  receive: CurrencyScale;
  /** The rate of quoteTransfer (pricing.ts), '1' in the batch's currency. */
  rate: string;
}

/**
 * The recipient's payout priced as every payout of its rail is (railQuote: the rail's fee, and the
 * conversion of quoteTransfer, the product's rate with its margin): what leaves the batch's hold and what
 * arrives in `toCurrency`. receiveMeta answers it and approving pays exactly it.
 */
async function recipientQuote(db: Db, payment: LinkedPayment, rail: RailName, toCurrency: string, currencyField: string): Promise<RecipientQuote> {
  const fee = transferFee(rail, payment.amount);
  const out = payment.fee_share === 'beneficiary' ? payment.amount - fee : payment.amount;
  const batch: CurrencyScale = { scale: payment.scale, currency_code: payment.currency_code };
  let receive = batch;
  if (toCurrency !== batch.currency_code) {
    const target = await db.selectFrom('currencies').select('scale').where('code', '=', toCurrency).executeTakeFirst();
    if (!target) throw fieldRefusal(currencyField, 'server.receive.currencyNotOffered', { currencies: batch.currency_code });
    receive = { scale: target.scale, currency_code: toCurrency };
  }
  const quote = railQuote(rail, out, batch, receive);
  return { fee, out, toAmount: quote.toAmount, receive, rate: quote.rate };
}

/** What the recipient receives by a method in a currency: the fee, the amount to receive and the rate (recipientQuote). */
export async function recipientMeta(db: Db, payment: LinkedPayment, input: { paymentMethod: RailName; toCurrencyCode: string; countryCode: string }) {
  chosenMethod(payment, input.countryCode, input.paymentMethod, input.toCurrencyCode, 'paymentMethod', 'toCurrencyCode');
  const quote = await recipientQuote(db, payment, input.paymentMethod, input.toCurrencyCode, 'toCurrencyCode');
  return {
    exchangeRate: quote.rate,
    toAmount: formatMinorUnits(quote.toAmount, quote.receive.scale),
    fee: formatMinorUnits(quote.fee, payment.scale),
    currencyCode: payment.currency_code,
    toCurrencyCode: quote.receive.currency_code,
  };
}

/** The rail's own check of the recipient's details; its refusals said on 'paymentDetails.<field>'. */
async function railBeneficiary(
  trx: Trx,
  payment: LinkedPayment,
  rail: RailName,
  countryCode: string,
  details: Record<string, string>,
): Promise<{ name: string; countryCode?: string } & Record<string, string>> {
  const name = details.beneficiaryName?.trim() || payment.beneficiary_name;
  try {
    switch (rail) {
      case 'wire':
        return wireBeneficiary({
          beneficiaryName: name,
          countryCode,
          ...(details.iban ? { iban: details.iban } : {}),
          ...(details.swift ? { swift: details.swift } : {}),
          ...(details.routingNumber ? { routingNumber: details.routingNumber } : {}),
          ...(details.sortCode ? { sortCode: details.sortCode } : {}),
          ...(details.accountNumber ? { accountNumber: details.accountNumber } : {}),
        });
      case 'eft': {
        const { accountNumber = '', bankCode, branchCode, beneficiaryName: _name, ...extraParams } = details;
        return eftBeneficiary({
          countryCode,
          beneficiaryName: name,
          accountNumber,
          ...(bankCode ? { bankCode } : {}),
          ...(branchCode ? { branchCode } : {}),
          extraParams,
        });
      }
      case 'oct': {
        const { beneficiary } = await octCard(trx, payment.customer_id, {
          cardNumber: details.cardNumber ?? '',
          cardholderName: details.cardholderName ?? name,
          saveCard: false,
        });
        return beneficiary;
      }
      case 'crypto_eft':
        return cryptoRecipient({ network: details.network ?? '', address: details.address ?? '' });
      case 'instant_payment':
        return instantRecipient({ keyType: (details.keyType ?? 'email') as InstantKeyType, key: details.key ?? '', taxId: details.taxId ?? '' });
      case 'interac':
        return await interacRecipient({
          recipient: details.recipient ?? '',
          recipientName: details.recipientName ?? name,
          securityQuestion: details.securityQuestion ?? '',
          securityAnswer: details.securityAnswer ?? '',
        });
    }
  } catch (error) {
    if (error instanceof RpcRefusal && error.code === 'TA1' && error.details.validationErrors) {
      throw new RpcRefusal('TA1', {
        ...error.details,
        validationErrors: error.details.validationErrors.map((problem) => ({
          ...problem,
          field: problem.field ? `paymentDetails.${problem.field}` : 'paymentDetails',
        })),
      });
    }
    throw error;
  }
}

/** Issues a fresh recipient's code for the payment (earlier ones stop working) and e-mails it after the commit. */
async function sendRecipientCode(trx: Trx, payment: LinkedPayment, messenger: Messenger) {
  const code = numericCode(6);
  await trx
    .updateTable('global_pay_payments')
    .set({ code_hash: hashCode(code, `globalPayReceive:${payment.id}`), code_attempts: 0, updated_at: new Date() })
    .where('id', '=', payment.id)
    .execute();
  messenger.afterCommit(() =>
    messenger.messages.sendEmail({
      to: payment.beneficiary_email,
      subject: messenger.t('messages.globalPay.recipientCodeSubject'),
      text: messenger.t('messages.globalPay.recipientCode', { code }),
      purpose: 'globalPayReceiveCode',
    }),
  );
  return { operationId: Number(payment.id), approveType: 'approvalCode' as const, approvalSentTo: maskEmail(payment.beneficiary_email) };
}

/**
 * The recipient's choice: a method of an allowed country paying in one of its currencies, and details the
 * rail's own check accepts. Kept with the payment (awaitingApproval) and a code e-mailed to the recipient.
 */
export async function submitRecipientChoice(
  trx: Trx,
  secret: string,
  input: { paymentMethod: RailName; currencyCode: string; countryCode: string; paymentDetails: Record<string, string> },
  messenger: Messenger,
) {
  const payment = await paymentOfLink(trx, secret, true);
  if (payment.status !== 'sent' && payment.status !== 'awaitingApproval') throw fieldRefusal('paymentSecret', 'server.receive.alreadyTaken');
  chosenMethod(payment, input.countryCode, input.paymentMethod, input.currencyCode);
  const beneficiary = await railBeneficiary(trx, payment, input.paymentMethod, input.countryCode, input.paymentDetails);
  await trx
    .updateTable('global_pay_payments')
    .set({
      status: 'awaitingApproval',
      chosen_method: input.paymentMethod,
      chosen_currency: input.currencyCode,
      chosen_country: input.countryCode,
      payment_details: JSON.stringify({ countryCode: input.countryCode, ...beneficiary }),
    })
    .where('id', '=', payment.id)
    .execute();
  return { ...(await sendRecipientCode(trx, payment, messenger)), availableApprovalMethods: ['approvalCode' as const], status: 'awaitingApproval' as const };
}

/** A new recipient's code for a choice still waiting for it. */
export async function resendRecipientCode(trx: Trx, secret: string, operationId: number, messenger: Messenger) {
  const payment = await paymentOfLink(trx, secret, true);
  if (Number(payment.id) !== operationId) throw linkRefusal();
  if (payment.status !== 'awaitingApproval') throw fieldRefusal('operationId', 'server.receive.notAwaitingApproval');
  return sendRecipientCode(trx, payment, messenger);
}

/**
 * Approves the recipient's choice with their code: the payment becomes a payout on the chosen rail, funded
 * from the batch's hold in `escrow:batch` (held towards the rail's clearing account and the fee account,
 * as a payout's hold is; posted when the rail settles), a transfer of the sender's, in the currency the
 * recipient chose at the rate receiveMeta quoted (recipientQuote; through the FX accounts when it is not the
 * batch's); what was kept for a dearer method than the chosen one goes back to the sender. The payout is handed to the rail after the
 * commit. A wrong code counts (RefusalToRecord); the fifth sets the choice aside (choose again).
 * Approving a payment already on its way answers its status.
 */
export async function approveRecipientChoice(
  trx: Trx,
  secret: string,
  input: { operationId: number; approvalCode: string },
  rails: RailAdapters,
  afterCommit: (effect: () => Promise<void>) => void,
): Promise<{ paymentId: number; status: ReceiveStatus }> {
  const payment = await paymentOfLink(trx, secret, true);
  if (Number(payment.id) !== input.operationId) throw linkRefusal();
  if (payment.status === 'processing' || payment.status === 'paid' || payment.status === 'failed')
    return { paymentId: Number(payment.id), status: receiveStatus(payment) };
  if (payment.status !== 'awaitingApproval') throw fieldRefusal('operationId', 'server.receive.notAwaitingApproval');
  const fresh = Date.now() - payment.updated_at.getTime() <= ONE_TIME_CODE_SECONDS * 1000;
  if (!fresh || !codeMatches(input.approvalCode, `globalPayReceive:${payment.id}`, payment.code_hash)) {
    throw new RefusalToRecord(async (db) => {
      const attempts = payment.code_attempts + 1;
      if (attempts >= MAX_CODE_ATTEMPTS) {
        await db
          .updateTable('global_pay_payments')
          .set({ status: 'sent', code_hash: null, code_attempts: 0, chosen_method: null, chosen_currency: null, chosen_country: null, payment_details: null })
          .where('id', '=', payment.id)
          .where('status', '=', 'awaitingApproval')
          .execute();
        return fieldRefusal('approvalCode', 'server.receive.tooManyWrong');
      }
      await db.updateTable('global_pay_payments').set({ code_attempts: attempts }).where('id', '=', payment.id).execute();
      return fieldRefusal('approvalCode', fresh ? 'server.receive.wrongCode' : 'server.receive.codeExpired');
    });
  }
  const rail = payment.chosen_method as RailName;
  const beneficiary = payment.payment_details as { name: string; countryCode?: string } & Record<string, string>;
  // The payout in the currency the recipient chose, priced as receiveMeta quoted it; converted through the FX accounts.
  const { fee, out, toAmount, receive, rate } = await recipientQuote(trx, payment, rail, payment.chosen_currency ?? payment.currency_code, 'operationId');
  const taken = out + fee;
  const currency = payment.currency_code;
  const converts = receive.currency_code !== currency;
  const escrow = await systemAccountId(trx, 'escrow:batch', currency);
  const held = await holdPayout(trx, {
    rail,
    fromAccountId: escrow,
    amount: out,
    fee,
    currency,
    beneficiaryName: beneficiary.name,
    ...(converts ? { received: { amount: toAmount, currency: receive.currency_code } } : {}),
  });
  // What the batch kept for this payment beyond what it costs goes back to the sender now (it kept the
  // dearest allowed rail's fee: highestFee).
  const kept = payment.amount + payment.reserved_fee;
  const back = kept - taken;
  if (back < 0n) throw new Error(`Global pay payment ${payment.id} kept ${kept} but its payout takes ${taken}: highestFee must cover every allowed rail.`);
  if (back > 0n) {
    await writeLedgerTransaction(trx, {
      operationType: 'Transfer',
      ...keyedDescription('server.globalPay.feeBack', { name: payment.batch_name }),
      legs: [
        { accountId: escrow, amount: -back },
        { accountId: payment.account_id, amount: back, counterparty: payment.batch_name },
      ],
    });
  }
  const { transferId, endToEndId } = await recordPayout(trx, {
    customerId: payment.customer_id,
    userId: null,
    rail,
    status: 'processing',
    fromAccountId: payment.account_id,
    amount: out,
    fee,
    currency,
    ...(converts ? { received: { amount: toAmount, currency: receive.currency_code, rate } } : {}),
    ledgerTransactionId: held.transactionId,
    beneficiary,
    note: payment.description || null,
    reference: null,
    toEmail: payment.beneficiary_email,
    attributes: { globalPayPaymentId: Number(payment.id) },
  });
  await trx
    .updateTable('global_pay_payments')
    .set({ status: 'processing', transfer_id: transferId, code_hash: null, updated_at: new Date() })
    .where('id', '=', payment.id)
    .execute();
  await trx
    .updateTable('global_pay_batches')
    .set((eb) => ({ held_amount: eb('held_amount', '-', kept) }))
    .where('id', '=', payment.batch_id)
    .execute();
  // The rail is told what the recipient receives, in the payout's currency.
  const instruction = payoutInstruction({ ...beneficiary }, endToEndId, formatMinorUnits(toAmount, receive.scale), receive.currency_code, null);
  afterCommit(() => rails[rail].sendPayout(instruction));
  // The sender's open pages (the batch, its status) ask again once this is committed.
  await announceToCustomer(trx, payment.customer_id, 'payouts');
  return { paymentId: Number(payment.id), status: 'processing' };
}

/**
 * Gives a payment's money back to its sender (what the batch kept for it: amount and the sender's most
 * fee) in one ledger transaction, and sets its status: the recipient refused it, or it expired.
 */
async function returnToSender(
  trx: Trx,
  payment: { id: bigint; batch_id: bigint; amount: bigint; reserved_fee: bigint },
  status: 'refused' | 'expired',
): Promise<number> {
  const batch = await trx.selectFrom('global_pay_batches').selectAll().where('id', '=', payment.batch_id).forUpdate().executeTakeFirstOrThrow();
  const kept = payment.amount + payment.reserved_fee;
  const back = await writeLedgerTransaction(trx, {
    operationType: 'Transfer',
    ...keyedDescription(status === 'refused' ? 'server.globalPay.refusedBack' : 'server.globalPay.expiredBack', { name: batch.name }),
    legs: [
      { accountId: await systemAccountId(trx, 'escrow:batch', batch.currency_code), amount: -kept },
      { accountId: batch.account_id, amount: kept, counterparty: batch.name },
    ],
  });
  await trx
    .updateTable('global_pay_payments')
    .set({ status, return_transaction_id: back.transactionId, code_hash: null, updated_at: new Date() })
    .where('id', '=', payment.id)
    .execute();
  await trx
    .updateTable('global_pay_batches')
    .set({ held_amount: batch.held_amount - kept })
    .where('id', '=', batch.id)
    .execute();
  return batch.customer_id;
}

/** The recipient refuses the payment: 'refused', its money back to the sender. Refusing again answers 'refused'. */
export async function refuseRecipientPayment(trx: Trx, secret: string): Promise<{ paymentId: number; status: ReceiveStatus }> {
  const payment = await paymentOfLink(trx, secret, true);
  if (payment.status === 'refused') return { paymentId: Number(payment.id), status: 'refused' };
  if (payment.status !== 'sent' && payment.status !== 'awaitingApproval') throw fieldRefusal('paymentSecret', 'server.receive.alreadyTaken');
  await returnToSender(trx, payment, 'refused');
  await announceToCustomer(trx, payment.customer_id, 'payouts');
  return { paymentId: Number(payment.id), status: 'refused' };
}

/** A payout's destination, masked, for the recipient's list. */
function destinationOf(details: Record<string, string> | null): string | undefined {
  if (!details) return undefined;
  const number = details.iban ?? details.accountNumber ?? details.cardNumber ?? details.address ?? details.key ?? details.recipient;
  if (!number) return details.name;
  return number.length > 4 ? `•••• ${number.slice(-4)}` : number;
}

const withdrawalOf = (row: Awaited<ReturnType<typeof withdrawalsQuery>>[number]) => ({
  paymentId: Number(row.id),
  // What the recipient received, in the currency they chose.
  amount: formatMinorUnits(row.transfer_to_amount, row.to_scale),
  currencyCode: row.to_currency_code,
  paymentMethod: row.chosen_method as RailName,
  countryCode: row.chosen_country ?? row.beneficiary_country_code,
  status: receiveStatus(row),
  date: (row.transfer_date ?? row.updated_at).toISOString(),
  ...(destinationOf(row.payment_details) ? { summary: destinationOf(row.payment_details)! } : {}),
});

const withdrawalsQuery = (db: Db, email: string, only: { limit?: number; paymentId?: number } = {}) =>
  db
    .selectFrom('global_pay_payments as p')
    .innerJoin('global_pay_batches as b', 'b.id', 'p.batch_id')
    .innerJoin('currencies as c', 'c.code', 'b.currency_code')
    .innerJoin('transfers as t', 't.id', 'p.transfer_id')
    .innerJoin('currencies as tc', 'tc.code', 't.to_currency_code')
    .selectAll('p')
    .select([
      'b.currency_code',
      'c.scale',
      't.status as transfer_status',
      't.to_amount as transfer_to_amount',
      't.to_currency_code',
      'tc.scale as to_scale',
      't.created_at as transfer_date',
    ])
    .where(sql<string>`lower(p.beneficiary_email)`, '=', email.toLowerCase())
    .$if(only.paymentId !== undefined, (qb) => qb.where('p.id', '=', BigInt(only.paymentId!)))
    .orderBy('p.id', 'desc')
    .$if(only.limit !== undefined, (qb) => qb.limit(only.limit!))
    .execute();

/** The recipient's last payouts through their links (same e-mail), newest first, each in the currency it was paid in. */
export async function recipientWithdrawals(db: Db, secret: string, limit: number) {
  const payment = await paymentOfLink(db, secret);
  return (await withdrawalsQuery(db, payment.beneficiary_email, { limit })).map(withdrawalOf);
}

/** One of the recipient's payouts; another's answers the one refusal. */
export async function recipientWithdrawal(db: Db, secret: string, paymentId: number) {
  const payment = await paymentOfLink(db, secret);
  const [found] = await withdrawalsQuery(db, payment.beneficiary_email, { paymentId });
  if (!found) throw linkRefusal();
  return withdrawalOf(found);
}

/**
 * The scheduler's job for global pay: payments whose link expired untaken go back to their sender; payouts
 * their rail settled or gave back are marked paid or failed (a payout voided before settling: its money,
 * back in `escrow:batch`, goes on to the sender); a batch with no open payment left is completed.
 * Answers how many payments changed.
 *
 * @example
 * jobs: [{ name: 'global pay', run: (now) => runGlobalPay(db, now) }]
 */
export async function runGlobalPay(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  let changed = 0;
  const senders = new Set<number>();
  const expired = await db
    .selectFrom('global_pay_payments')
    .select('id')
    .where('status', 'in', ['sent', 'awaitingApproval'])
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(500)
    .execute();
  for (const { id } of expired) {
    changed += await db.transaction().execute(async (trx) => {
      const payment = await trx
        .selectFrom('global_pay_payments')
        .select(['id', 'batch_id', 'amount', 'reserved_fee', 'status', 'expires_at'])
        .where('id', '=', id)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!payment || (payment.status !== 'sent' && payment.status !== 'awaitingApproval') || !payment.expires_at || payment.expires_at > now) return 0;
      senders.add(await returnToSender(trx, payment, 'expired'));
      return 1;
    });
  }

  const settled = await db
    .selectFrom('global_pay_payments as p')
    .innerJoin('transfers as t', 't.id', 'p.transfer_id')
    .select(['p.id', 't.status as transfer_status'])
    .where('p.status', '=', 'processing')
    .where('t.status', 'in', ['completed', 'failed'])
    .limit(500)
    .execute();
  for (const row of settled) {
    changed += await db.transaction().execute(async (trx) => {
      const payment = await trx
        .selectFrom('global_pay_payments as p')
        .innerJoin('global_pay_batches as b', 'b.id', 'p.batch_id')
        .innerJoin('transfers as t', 't.id', 'p.transfer_id')
        .leftJoin('rail_payouts as r', 'r.transfer_id', 't.id')
        .select([
          'p.id',
          'p.status',
          'b.customer_id',
          'b.name',
          'b.account_id',
          'b.currency_code',
          't.amount',
          't.fee',
          't.status as transfer_status',
          'r.refund_transaction_id',
        ])
        .where('p.id', '=', row.id)
        .forUpdate('p')
        .executeTakeFirst();
      if (!payment || payment.status !== 'processing') return 0;
      senders.add(payment.customer_id);
      if (payment.transfer_status === 'completed') {
        await trx.updateTable('global_pay_payments').set({ status: 'paid', updated_at: now }).where('id', '=', payment.id).execute();
        return 1;
      }
      // Voided before settling (no refund of its own): amount and fee came back to escrow:batch; they go on to the sender.
      let back: bigint | null = null;
      if (payment.refund_transaction_id === null) {
        const returned = await writeLedgerTransaction(trx, {
          operationType: 'Transfer',
          ...keyedDescription('server.globalPay.failedBack', { name: payment.name }),
          legs: [
            { accountId: await systemAccountId(trx, 'escrow:batch', payment.currency_code), amount: -(payment.amount + payment.fee) },
            { accountId: payment.account_id, amount: payment.amount + payment.fee, counterparty: payment.name },
          ],
        });
        back = returned.transactionId;
      }
      await trx
        .updateTable('global_pay_payments')
        .set({ status: 'failed', ...(back !== null ? { return_transaction_id: back } : {}), updated_at: now })
        .where('id', '=', payment.id)
        .execute();
      return 1;
    });
  }

  await sql`
    update global_pay_batches b set status = 'completed', finished_at = ${now}
    where b.status = 'submitted'
      and not exists (select 1 from global_pay_payments p where p.batch_id = b.id and p.status in ('sent', 'awaitingApproval', 'processing'))`.execute(db);
  for (const customerId of senders) await announceToCustomer(db, customerId, 'payouts');
  return changed;
}
