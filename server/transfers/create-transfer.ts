import { wordText, type KeyedText, type TextValues } from '../i18n/texts.ts';
import { accountName } from '../ledger/descriptions.ts';
import type { Transaction } from 'kysely';
import { accountWithScale, payingAccount, positiveAmount } from '../accounts/paying-account.ts';
import type { Database, TransferStatus } from '../db/schema.ts';
import { ACCOUNT_STATUS, isCardAccountType } from '../ledger/account-status.ts';
import { LedgerError } from '../ledger/errors.ts';
import { holdLedgerTransaction } from '../ledger/holds.ts';
import { writeLedgerTransaction } from '../ledger/post-transaction.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import type { LedgerLeg } from '../ledger/posting-rules.ts';
import { systemAccountId } from '../ledger/system-accounts.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { startConfirmation, type ApproveType } from './confirmation.ts';
import { customerName, payeeByEmail } from './parties.ts';
import { reportPaymentReceived } from './payment-events.ts';
import { quoteTransfer } from '../pricing/pricing.ts';
import { checkTransferLimits } from './limits.ts';
import type { TransferScope } from './scope.ts';
import { notifyCustomer } from '../notifications/notifications.ts';

type Trx = Transaction<Database>;

/** Where the money goes: an account by id (own accounts), or a person by e-mail (p2p, invoices). */
export type TransferDestination = { accountId: number } | { email: string };

/** A transfer as a screen asks for it. Amounts are decimal strings in the currency of their side. */
export interface TransferInput {
  kind: 'account' | 'p2p' | 'invoice' | 'cardLoad';
  fromAccountId: number;
  /** The currency the customer named; must be the source account's when given. */
  currency?: string;
  /** What leaves the source account (before the fee); or give `toAmount`, what must arrive. */
  amount?: string;
  toAmount?: string;
  to: TransferDestination;
  /** The ledger's description, as both histories show it. */
  description: string;
  /** The description's locale key and values when the server words it (see keyedDescription), worded for each reader. */
  descriptionText?: KeyedText;
  note?: string;
  reference?: string;
  invoiceId?: bigint;
  subscriptionId?: bigint;
  /** 'none' skips the second factor: only for occurrences the customer authorised in advance. */
  confirmation?: 'asConfigured' | 'none';
  /** The request field that names the source account, for refusals on it. */
  fromField?: string;
  /** The request field that names the destination, for refusals on it. */
  toField?: string;
  /**
   * The request's fields beyond the ones the handler reads (what an analyst declared in the method's
   * schema, already validated against it), kept in the transfer's `attributes` for its details.
   */
  attributes?: Record<string, unknown>;
}

/** The answer to a submitted transfer (document 001 section 3, 'Submit result'). */
export interface SubmitResult {
  operationId: number;
  /** The ledger transaction that moved or holds the money: the key of its history page and its receipt. */
  transactionId?: number;
  status: TransferStatus;
  approveType?: ApproveType;
  approvalSentTo?: string;
  availableApprovalMethods?: ApproveType[];
  amount: string;
  toAmount: string;
  fee: string;
  currencyCode: string;
  toCurrencyCode: string;
  exchangeRate: string;
}

const refusal = (field: string, key: string, values?: TextValues) =>
  new RpcRefusal('TA1', { validationErrors: [{ field, key: key.startsWith('server.') ? key : `server.transfers.${key}`, ...(values ? { values } : {}) }] });

/** Card accounts move money only through their own page (cardLoad, and purchases with the card). */
const CARD_ACCOUNT_REFUSAL = 'server.transfers.cardAccount';

function minor(value: string | undefined, scale: number, field: string): bigint | undefined {
  return value === undefined || value === '' ? undefined : positiveAmount(value, scale, field);
}

/** Where the destination is, whose it is and what the payer's history calls it. */
interface ResolvedDestination {
  accountId: number | null;
  customerId: number | null;
  email: string | null;
  currency: string;
  scale: number;
  label: string;
  /** The label as a keyed text when the server names the destination itself (an own account). */
  labelText?: KeyedText;
}

async function resolveDestination(
  scope: TransferScope,
  input: TransferInput,
  source: { id: number; currency_code: string; scale: number },
): Promise<ResolvedDestination> {
  const field = input.toField ?? 'to';
  if ('accountId' in input.to) {
    const target = await accountWithScale(scope.trx, input.to.accountId);
    if (!target || target.customer_id === null) throw new RpcRefusal('13');
    if ((input.kind === 'account' || input.kind === 'cardLoad') && target.customer_id !== scope.customerId) throw new RpcRefusal('13');
    if (isCardAccountType(target.type) !== (input.kind === 'cardLoad')) throw refusal(field, input.kind === 'cardLoad' ? 'chooseCard' : CARD_ACCOUNT_REFUSAL);
    if (target.id === source.id) throw refusal(field, 'sameAccount');
    if (target.status !== ACCOUNT_STATUS.open) throw new RpcRefusal('CA', { validationErrors: [{ field, key: 'server.transfers.closedAccount' }] });
    const own = target.customer_id === scope.customerId;
    const labelText = own ? accountName(target.currency_code) : undefined;
    const label = labelText ? wordText('en', labelText) : await customerName(scope.trx, target.customer_id);
    return {
      accountId: target.id,
      customerId: target.customer_id,
      email: null,
      currency: target.currency_code,
      scale: target.scale,
      label,
      ...(labelText ? { labelText } : {}),
    };
  }
  const email = input.to.email.trim().toLowerCase();
  const payee = await payeeByEmail(scope.trx, email, source.currency_code);
  if (payee?.customerId === scope.customerId) throw refusal(field, 'ownEmail');
  if (payee === undefined) {
    // Nobody has registered with this e-mail: the money waits in escrow until they do.
    return { accountId: null, customerId: null, email, currency: source.currency_code, scale: source.scale, label: email };
  }
  return { accountId: payee.accountId, customerId: payee.customerId, email, currency: source.currency_code, scale: source.scale, label: payee.name };
}

/** The legs that move the quote from the source to the destination, through fees and FX. */
async function transferLegs(
  trx: Trx,
  source: { id: number; currency_code: string },
  destination: { accountId: number | null; currency: string },
  quote: { amount: bigint; toAmount: bigint; fee: bigint },
  labels: { payer: string; payee: string; payeeText?: KeyedText },
): Promise<LedgerLeg[]> {
  const legs: LedgerLeg[] = [
    {
      accountId: source.id,
      amount: -(quote.amount + quote.fee),
      counterparty: labels.payee,
      ...(labels.payeeText ? { counterpartyText: labels.payeeText } : {}),
    },
  ];
  if (quote.fee > 0n) legs.push({ accountId: await systemAccountId(trx, 'fees', source.currency_code), amount: quote.fee });
  if (source.currency_code !== destination.currency) {
    legs.push({ accountId: await systemAccountId(trx, 'fx', source.currency_code), amount: quote.amount });
    legs.push({ accountId: await systemAccountId(trx, 'fx', destination.currency), amount: -quote.toAmount });
  }
  const to = destination.accountId ?? (await systemAccountId(trx, 'escrow:p2p', destination.currency));
  legs.push({ accountId: to, amount: quote.toAmount, counterparty: labels.payer });
  return legs;
}

/** Business users without the approve right create requests that another user approves. */
export async function needsBusinessApproval(trx: Trx, scope: TransferScope): Promise<boolean> {
  if (scope.userId === null) return false;
  if (scope.rights !== undefined) return scope.rights !== null && !scope.rights.includes('transfersApprove');
  const access = await trx
    .selectFrom('customer_access')
    .select('rights')
    .where('user_id', '=', scope.userId)
    .where('customer_id', '=', scope.customerId)
    .executeTakeFirst();
  return access !== undefined && !access.rights.includes('transfersApprove');
}

/**
 * Creates a transfer and holds its funds, then takes it as far as it can go now:
 * - a business user without the approve right: 'awaitingApproval', for another user to decide;
 * - the customer's approval mode asks for a second factor: 'awaitingConfirmation', with the code
 *   sent (after commit) or the push on its way;
 * - else completed at once ('awaitingPayee' when the payee has not registered yet).
 * Refusals name their field (amount, currency, the source and destination fields) and change nothing.
 *
 * @example
 * const result = await createTransfer(transferScope(ctx), { kind: 'p2p', fromAccountId: 12, amount: '25.00', to: { email: 'ben@example.com' }, description: 'Dinner' });
 */
export async function createTransfer(scope: TransferScope, input: TransferInput): Promise<SubmitResult> {
  const { trx } = scope;
  const fromField = input.fromField ?? 'accountId';
  const source = await payingAccount(trx, scope.customerId, input.fromAccountId, fromField, (type) =>
    isCardAccountType(type) ? CARD_ACCOUNT_REFUSAL : undefined,
  );
  if (input.currency && input.currency !== source.currency_code) {
    throw refusal('currency', 'wrongCurrency', { currency: source.currency_code });
  }
  const destination = await resolveDestination(scope, input, source);
  const amount = minor(input.amount, source.scale, 'amount');
  const toAmount = amount === undefined ? minor(input.toAmount, destination.scale, 'toAmount') : undefined;
  const quote = quoteTransfer({
    kind: input.kind,
    from: { currency: source.currency_code, scale: source.scale },
    to: { currency: destination.currency, scale: destination.scale },
    ...(amount !== undefined ? { amount } : {}),
    ...(toAmount !== undefined ? { toAmount } : {}),
  });
  if (quote.toAmount <= 0n) throw refusal('amount', 'tooSmall');
  // Locks the payer's row, so their limit checks run one after another, and answers what it says of them.
  const payer = await checkTransferLimits(trx, {
    customerId: scope.customerId,
    kind: input.kind,
    currency: source.currency_code,
    scale: source.scale,
    amount: quote.amount,
  });

  const legs = await transferLegs(trx, source, destination, quote, {
    payer: payer.name,
    payee: destination.label,
    ...(destination.labelText ? { payeeText: destination.labelText } : {}),
  });
  // A transfer that needs nobody's decision and no second factor moves the money at once; the others hold it.
  const businessApproval = await needsBusinessApproval(trx, scope);
  const confirms = !businessApproval && input.confirmation !== 'none' && scope.userId !== null && payer.approveMode !== null;
  const completesNow = !businessApproval && !confirms;
  const posting = {
    operationType: 'Transfer' as const,
    description: input.description,
    ...(input.descriptionText ? { descriptionText: input.descriptionText } : {}),
    legs,
  };
  let held;
  try {
    held = completesNow ? await writeLedgerTransaction(trx, posting) : await holdLedgerTransaction(trx, posting);
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'insufficientFunds') {
      throw refusal('amount', 'insufficientFunds', {
        total: { amount: formatMinorUnits(quote.amount + quote.fee, source.scale), currency: source.currency_code },
      });
    }
    throw error;
  }

  const status: TransferStatus = businessApproval
    ? 'awaitingApproval'
    : !completesNow
      ? 'awaitingConfirmation'
      : destination.accountId === null
        ? 'awaitingPayee'
        : 'completed';
  const inserted = await trx
    .insertInto('transfers')
    .values({
      customer_id: scope.customerId,
      created_by_user_id: scope.userId,
      kind: input.kind,
      status,
      from_account_id: source.id,
      to_account_id: destination.accountId,
      to_customer_id: destination.customerId,
      to_email: destination.email,
      amount: quote.amount,
      currency_code: source.currency_code,
      to_amount: quote.toAmount,
      to_currency_code: destination.currency,
      fee: quote.fee,
      rate: quote.rate.text,
      note: input.note ?? null,
      reference: input.reference ?? null,
      ledger_transaction_id: held.transactionId,
      invoice_id: input.invoiceId ?? null,
      subscription_id: input.subscriptionId ?? null,
      decline_reason: null,
      approved_by_user_id: null,
      attributes: JSON.stringify(input.attributes ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (status === 'completed') {
    await reportPaymentReceived(trx, {
      transferId: inserted.id,
      customerId: scope.customerId,
      toCustomerId: destination.customerId,
      toAccountId: destination.accountId,
      toAmount: quote.toAmount,
      toCurrencyCode: destination.currency,
      scale: destination.scale,
      note: input.note ?? null,
      payerName: payer.name,
    });
  }
  if (status === 'awaitingApproval') {
    await notifyCustomer(trx, scope.customerId, {
      type: 'approvalRequest',
      title: { key: 'server.notifications.approvalRequest.title' },
      body: {
        key: 'server.notifications.approvalRequest.body',
        values: { id: Number(inserted.id), amount: { amount: formatMinorUnits(quote.amount, source.scale), currency: source.currency_code } },
      },
    });
  }

  const result: SubmitResult = {
    operationId: Number(inserted.id),
    transactionId: Number(held.transactionId),
    status,
    amount: formatMinorUnits(quote.amount, source.scale),
    toAmount: formatMinorUnits(quote.toAmount, destination.scale),
    fee: formatMinorUnits(quote.fee, source.scale),
    currencyCode: source.currency_code,
    toCurrencyCode: destination.currency,
    exchangeRate: quote.rate.text,
  };
  if (!confirms) return result;
  const confirmation = await startConfirmation(scope, inserted.id, undefined, payer.approveMode);
  return confirmation ? { ...result, ...confirmation } : result;
}
