import { keyedDescription } from '../ledger/descriptions.ts';
import { formatDate, localeTexts, type KeyedText } from '../i18n/texts.ts';
import type { Transaction } from 'kysely';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import type { Database } from '../db/schema.ts';
import { paymentInstructionsOf } from '../accounts/payment-instructions.ts';
import { ACCOUNT_STATUS } from '../ledger/account-status.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { positiveAmount } from '../accounts/paying-account.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { createTransfer } from '../transfers/create-transfer.ts';
import { releaseTransfer } from '../transfers/settle-transfer.ts';
import { customerByEmail, receivingAccount } from '../transfers/parties.ts';
import { transferLimits } from '../pricing/pricing.ts';
import { transferScope } from '../transfers/scope.ts';
import { assertOpen, INVOICE_PAGE_SIZE, invoiceFor, listInvoices, toInvoice } from './invoices.ts';
import { invoicePdf } from './pdf-route.ts';
import { documentAudience } from '../documents/pdf/index.ts';
import { currentLanguage, messageTexts } from '../i18n/request-language.ts';

const fieldRefusal = (field: string, text: KeyedText, code: 'TA1' | 'CA' = 'TA1', extra: { key?: string } = {}) =>
  new RpcRefusal(code, { ...extra, validationErrors: [{ field, ...text }] });

/** The customer's open account in the currency that receives payments (payment first, then prepayment, receiving). */
async function ownReceivingAccount(ctx: RpcContext, customerId: number, currency: string) {
  return ctx.db
    .selectFrom('accounts as a')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .select(['a.id', 'a.type', 'c.scale'])
    .where('a.customer_id', '=', customerId)
    .where('a.currency_code', '=', currency)
    .where('a.status', '=', ACCOUNT_STATUS.open)
    .where('a.type', 'in', [1001, 4001, 4002])
    .orderBy('a.type')
    .orderBy('a.id')
    .executeTakeFirst();
}

const who = (ctx: RpcContext) => {
  const caller = callerOf(ctx);
  return { customerId: caller.customerId, userId: caller.user.userId };
};

type InvoiceMethods =
  | 'invoiceListReceived'
  | 'invoiceListSent'
  | 'invoiceGet'
  | 'invoicePdfGet'
  | 'invoiceCreate'
  | 'invoicePay'
  | 'invoiceReject'
  | 'invoiceCancel'
  | 'fundingInvoiceCreate';

/** Invoices (document 001 sections 4 and 7): lists, one invoice, its PDF, create, pay, reject, cancel, funding. */
export const invoiceHandlers: Pick<RpcHandlerMap<RpcContext>, InvoiceMethods> = {
  async invoiceListReceived(params, ctx) {
    return listInvoices(ctx.db, callerOf(ctx).customerId, {
      direction: 'received',
      openOnly: params.filter === 'unpaid',
      pageNumber: params.pageNumber ?? 1,
      pageSize: params.pageSize ?? INVOICE_PAGE_SIZE,
    });
  },

  async invoiceListSent(params, ctx) {
    return listInvoices(ctx.db, callerOf(ctx).customerId, {
      direction: 'sent',
      openOnly: params.filter === 'awaitingPayment',
      pageNumber: params.pageNumber ?? 1,
      pageSize: params.pageSize ?? INVOICE_PAGE_SIZE,
    });
  },

  async invoiceGet(params, ctx) {
    const { customerId } = callerOf(ctx);
    return { invoice: toInvoice(await invoiceFor(ctx.db, customerId, BigInt(params.id), 'any'), customerId) };
  },

  async invoicePdfGet(params, ctx) {
    const { customerId } = callerOf(ctx);
    const row = await invoiceFor(ctx.db, customerId, BigInt(params.invoiceId), 'any');
    const bytes = await invoicePdf(ctx.db, row, customerId, documentAudience(ctx));
    return { fileName: `invoice-${params.invoiceId}.pdf`, mediaType: 'application/pdf' as const, content: bytes.toString('base64') };
  },

  async invoiceCreate(params, ctx) {
    const { customerId, userId } = who(ctx);
    const email = params.toEmail.trim().toLowerCase();
    // customerByEmail only reads; outside a money-moving call the plain connection serves.
    const payer = (await customerByEmail(ctx.db as Transaction<Database>, email))?.customerId;
    if (payer === customerId) throw fieldRefusal('toEmail', { key: 'server.invoices.ownEmail' });
    const account = await ownReceivingAccount(ctx, customerId, params.currency);
    if (!account) throw fieldRefusal('currency', { key: 'server.invoices.noAccount', values: { currency: params.currency } });
    const amount = positiveAmount(params.amount, account.scale);
    const { perTransactionMax } = transferLimits('invoice', account.scale);
    if (amount > perTransactionMax) {
      throw fieldRefusal('amount', {
        key: 'server.invoices.overLimit',
        values: { limit: { amount: formatMinorUnits(perTransactionMax, account.scale), currency: params.currency } },
      });
    }
    if (params.dueDate && params.dueDate < new Date().toISOString().slice(0, 10)) throw fieldRefusal('dueDate', { key: 'server.invoices.dueDate' });
    const inserted = await ctx.db
      .insertInto('invoices')
      .values({
        payee_customer_id: customerId,
        payee_account_id: account.id,
        payer_email: email,
        payer_customer_id: payer ?? null,
        amount,
        currency_code: params.currency,
        note: params.noteBody?.trim() || null,
        due_date: params.dueDate ?? null,
        reject_note: null,
        paid_transfer_id: null,
        created_by_user_id: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await invoiceFor(ctx.db, customerId, inserted.id, 'payee');
    const invoice = toInvoice(row, customerId);
    const link = ctx.origin ? `${ctx.origin}/transfer/invoices/${invoice.id}` : `/transfer/invoices/${invoice.id}`;
    ctx.afterCommit(async () => {
      const t = messageTexts();
      const amount = { amount: invoice.amount, currency: invoice.currencyCode };
      await ctx.adapters.messages.sendEmail({
        to: email,
        subject: t('messages.invoice.subject', { id: invoice.id, payee: invoice.payeeName, amount }),
        text: [
          invoice.dueDate
            ? t('messages.invoice.asksBy', { payee: invoice.payeeName, amount, due: formatDate(currentLanguage(), invoice.dueDate) })
            : t('messages.invoice.asks', { payee: invoice.payeeName, amount }),
          ...(invoice.noteBody ? [t('messages.invoice.note', { note: invoice.noteBody })] : []),
          t('messages.invoice.link', { link }),
        ].join('\n\n'),
        purpose: 'invoice',
      });
    });
    return { invoiceId: invoice.id, invoice };
  },

  async invoicePay(params, ctx) {
    const scope = transferScope(ctx);
    const trx = scope.trx;
    const row = await invoiceFor(trx, scope.customerId, BigInt(params.invoiceId), 'payer', { forUpdate: true });
    assertOpen(row, 'pay');
    if (row.paid_transfer_id !== null && row.transfer_status === 'awaitingConfirmation') {
      // An earlier attempt still waits for its code: this attempt replaces it and releases its hold.
      await releaseTransfer(trx, row.paid_transfer_id, 'canceled', 'Replaced by a new payment of the invoice');
    }
    const payee = await trx.selectFrom('accounts').select(['id', 'status']).where('id', '=', row.payee_account_id).executeTakeFirstOrThrow();
    const toAccountId = payee.status === ACCOUNT_STATUS.open ? payee.id : await receivingAccount(trx, row.payee_customer_id, row.currency_code);
    const result = await createTransfer(scope, {
      kind: 'invoice',
      fromAccountId: params.accountId,
      toAmount: formatMinorUnits(row.amount, row.scale),
      to: { accountId: toAccountId },
      ...(row.note
        ? keyedDescription('server.ledger.invoiceWithNote', { id: Number(row.id), note: row.note.slice(0, 180) })
        : keyedDescription('server.ledger.invoice', { id: Number(row.id) })),
      ...(row.note ? { note: row.note } : {}),
      reference: `INV-${row.id}`,
      invoiceId: row.id,
      fromField: 'accountId',
      toField: 'invoiceId',
    });
    await trx
      .updateTable('invoices')
      .set({ paid_transfer_id: BigInt(result.operationId), updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    return result;
  },

  async invoiceReject(params, ctx) {
    const { customerId } = callerOf(ctx);
    const row = await ctx.db.transaction().execute(async (trx: Transaction<Database>) => {
      const invoice = await invoiceFor(trx, customerId, BigInt(params.invoiceId), 'payer', { forUpdate: true });
      assertOpen(invoice, 'reject');
      if (invoice.paid_transfer_id !== null && invoice.transfer_status === 'awaitingConfirmation') {
        await releaseTransfer(trx, invoice.paid_transfer_id, 'canceled', 'The invoice was rejected');
      }
      await trx
        .updateTable('invoices')
        .set({ status: 'rejected', reject_note: params.note?.trim() || null, updated_at: new Date() })
        .where('id', '=', invoice.id)
        .execute();
      return invoiceFor(trx, customerId, invoice.id, 'payer');
    });
    return { invoice: toInvoice(row, customerId) };
  },

  async invoiceCancel(params, ctx) {
    const { customerId } = callerOf(ctx);
    const row = await ctx.db.transaction().execute(async (trx: Transaction<Database>) => {
      const invoice = await invoiceFor(trx, customerId, BigInt(params.invoiceId), 'payee', { forUpdate: true });
      assertOpen(invoice, 'cancel');
      await trx.updateTable('invoices').set({ status: 'canceled', updated_at: new Date() }).where('id', '=', invoice.id).execute();
      return invoiceFor(trx, customerId, invoice.id, 'payee');
    });
    return { invoice: toInvoice(row, customerId) };
  },

  async fundingInvoiceCreate(params, ctx) {
    const { customerId, userId } = who(ctx);
    const failed = { key: 'server.invoices.fundingFailed' };
    let account;
    if (params.accountId !== undefined) {
      account = await ctx.db
        .selectFrom('accounts as a')
        .innerJoin('currencies as c', 'c.code', 'a.currency_code')
        .select(['a.id', 'a.customer_id', 'a.status', 'a.currency_code', 'c.scale'])
        .where('a.id', '=', params.accountId)
        .executeTakeFirst();
      if (!account || account.customer_id !== customerId) throw new RpcRefusal('13');
      if (account.status !== ACCOUNT_STATUS.open) throw fieldRefusal('accountId', { key: 'server.transfers.closedAccount' }, 'CA', failed);
    } else {
      const usd = await ownReceivingAccount(ctx, customerId, 'USD');
      if (usd) account = { id: usd.id, customer_id: customerId, status: ACCOUNT_STATUS.open, currency_code: 'USD', scale: usd.scale };
    }
    if (!account) throw fieldRefusal('accountId', { key: 'server.invoices.chooseAccount' }, 'TA1', failed);
    const amount = positiveAmount(params.amount, account.scale, 'amount', undefined, failed);
    const [instruction] = await paymentInstructionsOf(ctx.db, customerId, account.id, ctx.brand);
    if (!instruction) {
      throw fieldRefusal('accountId', { key: 'server.invoices.notBankFunded', values: { currency: account.currency_code } }, 'TA1', failed);
    }
    const inserted = await ctx.db
      .insertInto('invoices')
      .values({
        payee_customer_id: customerId,
        payee_account_id: account.id,
        payer_email: null,
        payer_customer_id: null,
        amount,
        currency_code: account.currency_code,
        note: localeTexts('en')('server.invoices.fundingNote', { currency: account.currency_code }),
        due_date: null,
        is_funding: true,
        is_system: true,
        reject_note: null,
        paid_transfer_id: null,
        created_by_user_id: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const invoice = toInvoice(await invoiceFor(ctx.db, customerId, inserted.id, 'payee'), customerId);
    return { invoiceId: invoice.id, invoice };
  },
};
