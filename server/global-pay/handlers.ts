import { electronicFormatIBAN } from 'ibantools';
import type { Transaction } from 'kysely';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import { ownAccountWithScale, positiveAmount } from '../accounts/paying-account.ts';
import { binInfo, blockedCardBins } from '../cards/bins.ts';
import type { Database } from '../db/schema.ts';
import { countryByCode } from '../dictionaries/data.ts';
import { currentLanguage, messageTexts } from '../i18n/request-language.ts';
import { isValidIban } from '../instructions/bank-numbers.ts';
import { formatMinorUnits, toMinorUnits } from '../ledger/money.ts';
import { fxMarginPercent } from '../pricing/pricing.ts';
import { bankByIban, bankBySwift } from '../rails/bank-directory.ts';
import { isValidBic } from '../rails/bic.ts';
import { extraParamFields } from '../rails/eft.ts';
import { instantBanks, instantKeyHolder, maskedTaxId } from '../rails/instant.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { needsBusinessApproval } from '../transfers/create-transfer.ts';
import { transferScope } from '../transfers/scope.ts';
import {
  approveGlobalPayBatch,
  availableOf,
  globalPayBatch,
  globalPayBatchStatus,
  rejectGlobalPayBatch,
  resendGlobalPayCode,
  submitGlobalPayBatch,
  submitSinglePayment,
  updateGlobalPayPayments,
  uploadGlobalPayBatch,
  type Messenger,
} from './batches.ts';
import { checkPayment } from './payments.ts';
import {
  approveRecipientChoice,
  countLookup,
  paymentOfLink,
  recipientDetails,
  recipientMeta,
  recipientMethods,
  recipientWithdrawal,
  recipientWithdrawals,
  refuseRecipientPayment,
  resendRecipientCode,
  submitRecipientChoice,
} from './receive.ts';
import { allowedMethods, countryMethods, globalPayCountries, highestFee } from './rules.ts';

type GlobalPayMethod =
  | 'globalPayUpload'
  | 'globalPayBatchGet'
  | 'globalPayBatchStatus'
  | 'globalPayPaymentsUpdate'
  | 'globalPayCountryMethods'
  | 'globalPaySubmit'
  | 'globalPayReject'
  | 'globalPayBatchApprove'
  | 'globalPayBatchApprovalResend'
  | 'globalPayPaymentApprove'
  | 'globalPayPaymentApprovalResend'
  | 'p2pGlobalPayMethods'
  | 'p2pGlobalPayMeta'
  | 'p2pGlobalPaySubmit'
  | 'receivePaymentDetails'
  | 'receiveCountries'
  | 'receiveMethods'
  | 'receiveMeta'
  | 'receiveExtraParams'
  | 'receiveSwiftDictionary'
  | 'receiveIbanDictionary'
  | 'receiveBinInfo'
  | 'receiveBlockedCardBins'
  | 'receiveInstantDetails'
  | 'receiveInstantBankList'
  | 'receiveSubmit'
  | 'receiveApprove'
  | 'receiveApprovalResend'
  | 'receiveCancel'
  | 'receiveLastWithdrawals'
  | 'receiveWithdrawalDetails';

const messengerOf = (ctx: RpcContext): Messenger => ({ messages: ctx.adapters.messages, afterCommit: (effect) => ctx.afterCommit(effect), t: messageTexts() });

/** The call's own transaction, for the money-moving calls. */
function callTransaction(ctx: RpcContext): Transaction<Database> {
  if (!ctx.db.isTransaction) throw new Error('Global pay moves money inside the call\'s transaction: declare the method "moneyMoving": true.');
  return ctx.db as Transaction<Database>;
}

/** Counts the recipient-link call (limited per link and per address) and opens its own savepoint for the work. */
async function linkCall<T>(ctx: RpcContext, secret: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  await countLookup(ctx.db, secret, ctx.ip);
  return ctx.db.transaction().execute(work);
}

const methodsWithCurrencies = (countryCode: string, forbidden: readonly string[] = []) =>
  allowedMethods(countryCode, forbidden).map((method) => ({ name: method.name, currencies: method.currencies }));

/**
 * Global pay (document 001 sections 3, 4 and 7; issue 16 items 3 and 4): the sender's batch calls, one
 * payment sent alone, and the recipient link's public calls, each carrying the link's secret.
 */
export const globalPayHandlers: Pick<RpcHandlerMap<RpcContext>, GlobalPayMethod> = {
  async globalPayUpload(params, ctx) {
    const caller = callerOf(ctx);
    const t = messageTexts();
    const uploaded = await ctx.db.transaction().execute(async (trx) => {
      const result = await uploadGlobalPayBatch(trx, {
        customerId: caller.customerId,
        userId: caller.user.userId,
        accountId: params.accountId,
        batchName: params.batchName,
        file: params.attachedFile,
        ...(params.ignoreIdenticalBatch !== undefined ? { ignoreIdenticalBatch: params.ignoreIdenticalBatch } : {}),
      });
      if (result.batchId === undefined) return { problems: result.problems };
      const batch = await globalPayBatch(trx, caller.customerId, result.batchId);
      const account = await ownAccountWithScale(trx, batch.accountId, caller.customerId);
      const available = await availableOf(trx, batch.accountId);
      const needed = toMinorUnits(batch.total, account.scale) + toMinorUnits(batch.fees, account.scale);
      return { problems: [], batch, available: formatMinorUnits(available, account.scale), sufficient: available >= needed };
    });
    return {
      errors: uploaded.problems.map((problem) => ({ row: problem.row, field: problem.field, message: t(problem.key, problem.values) })),
      ...('batch' in uploaded ? { batch: uploaded.batch, available: uploaded.available, sufficient: uploaded.sufficient } : {}),
    };
  },

  async globalPayBatchGet(params, ctx) {
    return globalPayBatch(ctx.db, callerOf(ctx).customerId, BigInt(params.batchId));
  },

  async globalPayBatchStatus(params, ctx) {
    return globalPayBatchStatus(ctx.db, callerOf(ctx).customerId, BigInt(params.batchId));
  },

  async globalPayPaymentsUpdate(params, ctx) {
    const { customerId } = callerOf(ctx);
    const batchId = BigInt(params.batchId);
    await ctx.db.transaction().execute((trx) =>
      updateGlobalPayPayments(trx, customerId, batchId, {
        ...(params.adds ? { adds: params.adds } : {}),
        ...(params.updates ? { updates: params.updates } : {}),
        ...(params.deletes ? { deletes: params.deletes } : {}),
        ...(params.restores ? { restores: params.restores } : {}),
      }),
    );
    return globalPayBatch(ctx.db, customerId, batchId);
  },

  async globalPayCountryMethods(params) {
    const codes = params.countryCode ? globalPayCountries().filter((code) => code === params.countryCode) : globalPayCountries();
    return { countries: codes.map((countryCode) => ({ countryCode, methods: methodsWithCurrencies(countryCode) })) };
  },

  async globalPaySubmit(params, ctx) {
    const { customerId } = callerOf(ctx);
    const trx = callTransaction(ctx);
    // A business user who may only initiate makes an approval request: funded, waiting for an approver, no code.
    const approvalRequest = await needsBusinessApproval(trx, transferScope(ctx));
    const { approval } = await submitGlobalPayBatch(trx, { customerId, batchId: BigInt(params.batchId), approvalRequest }, messengerOf(ctx));
    return { batch: await globalPayBatch(trx, customerId, BigInt(params.batchId)), ...(approval ? { approval } : {}) };
  },

  async globalPayReject(params, ctx) {
    const { customerId } = callerOf(ctx);
    const trx = callTransaction(ctx);
    await rejectGlobalPayBatch(trx, customerId, BigInt(params.batchId));
    return globalPayBatch(trx, customerId, BigInt(params.batchId));
  },

  async globalPayBatchApprove(params, ctx) {
    const { customerId } = callerOf(ctx);
    const trx = callTransaction(ctx);
    const batchId = await approveGlobalPayBatch(
      trx,
      { customerId, operationId: params.operationId, approvalCode: params.approvalCode, single: false, ...(ctx.origin ? { origin: ctx.origin } : {}) },
      messengerOf(ctx),
    );
    return globalPayBatch(trx, customerId, batchId);
  },

  async globalPayBatchApprovalResend(params, ctx) {
    const { customerId } = callerOf(ctx);
    return ctx.db.transaction().execute((trx) => resendGlobalPayCode(trx, { customerId, operationId: params.operationId, single: false }, messengerOf(ctx)));
  },

  async globalPayPaymentApprove(params, ctx) {
    const { customerId } = callerOf(ctx);
    const trx = callTransaction(ctx);
    const batchId = await approveGlobalPayBatch(
      trx,
      { customerId, operationId: params.operationId, approvalCode: params.approvalCode, single: true, ...(ctx.origin ? { origin: ctx.origin } : {}) },
      messengerOf(ctx),
    );
    const batch = await globalPayBatch(trx, customerId, batchId);
    const payment = batch.payments[0]!;
    return { batchId: batch.batchId, paymentId: payment.id, status: payment.status };
  },

  async globalPayPaymentApprovalResend(params, ctx) {
    const { customerId } = callerOf(ctx);
    return ctx.db.transaction().execute((trx) => resendGlobalPayCode(trx, { customerId, operationId: params.operationId, single: true }, messengerOf(ctx)));
  },

  async p2pGlobalPayMethods(params) {
    return { methods: methodsWithCurrencies(params.countryCode) };
  },

  async p2pGlobalPayMeta(params, ctx) {
    const { customerId } = callerOf(ctx);
    const account = await ownAccountWithScale(ctx.db, params.accountId, customerId);
    const amount = positiveAmount(params.amount, account.scale);
    const forbidden = params.paymentMethods?.filter((method) => method.forbidden).map((method) => method.name) ?? [];
    if (countryMethods(params.beneficiaryCountryCode).length === 0) {
      throw new RpcRefusal('TA1', {
        validationErrors: [{ field: 'beneficiaryCountryCode', key: 'server.globalPay.countryNotServed', values: { country: params.beneficiaryCountryCode } }],
      });
    }
    const checked = checkPayment(
      {
        amount: params.amount,
        beneficiaryType: 'individual',
        beneficiaryName: '-',
        beneficiaryEmail: 'meta@example.com',
        beneficiaryCountryCode: params.beneficiaryCountryCode,
        feeShare: params.feeShare ?? 'sender',
        forbidden,
      },
      account.scale,
    );
    const problem = checked.problems[0];
    if (problem)
      throw new RpcRefusal('TA1', { validationErrors: [{ field: problem.field, key: problem.key, ...(problem.values ? { values: problem.values } : {}) }] });
    const maximumTrxFee = highestFee(forbidden, amount);
    const senderPays = (params.feeShare ?? 'sender') === 'sender';
    return {
      estimatedTotal: formatMinorUnits(amount + (senderPays ? maximumTrxFee : 0n), account.scale),
      maximumTrxFee: formatMinorUnits(maximumTrxFee, account.scale),
      // A recipient paid in another currency is converted as every payout is (receiveMeta): the transfers' margin.
      extraFxMarkupPercent: fxMarginPercent(),
      currencyCode: account.currency_code,
    };
  },

  async p2pGlobalPaySubmit(params, ctx) {
    const caller = callerOf(ctx);
    const trx = callTransaction(ctx);
    const { idempotencyKey: _key, accountId, ...fields } = params;
    // A business user who may only initiate makes an approval request, as for a batch.
    const approvalRequest = await needsBusinessApproval(trx, transferScope(ctx));
    const submitted = await submitSinglePayment(
      trx,
      { customerId: caller.customerId, userId: caller.user.userId, accountId, fields, approvalRequest },
      messengerOf(ctx),
    );
    return {
      batchId: Number(submitted.batchId),
      paymentId: Number(submitted.paymentId),
      status: 'draft' as const,
      ...(submitted.approval ? { approval: submitted.approval } : { approvalRequested: true }),
    };
  },

  async receivePaymentDetails(params, ctx) {
    return linkCall(ctx, params.paymentSecret, async (trx) => recipientDetails(trx, await paymentOfLink(trx, params.paymentSecret)));
  },

  async receiveCountries(params, ctx) {
    return linkCall(ctx, params.paymentSecret, async (trx) => {
      const details = await recipientDetails(trx, await paymentOfLink(trx, params.paymentSecret));
      return { countries: details.allowedCountries.map((code) => ({ code, name: countryByCode(code)?.name ?? code })) };
    });
  },

  async receiveMethods(params, ctx) {
    return linkCall(ctx, params.paymentSecret, async (trx) => ({
      methods: recipientMethods(await paymentOfLink(trx, params.paymentSecret), params.countryCode),
    }));
  },

  async receiveMeta(params, ctx) {
    return linkCall(ctx, params.paymentSecret, async (trx) => recipientMeta(trx, await paymentOfLink(trx, params.paymentSecret), params));
  },

  async receiveExtraParams(params, ctx) {
    return linkCall(ctx, params.paymentSecret, async (trx) => {
      recipientMethods(await paymentOfLink(trx, params.paymentSecret), params.countryCode);
      return { fields: extraParamFields(params.paymentMethod, params.countryCode) };
    });
  },

  async receiveSwiftDictionary(params, ctx) {
    return linkCall(ctx, params.paymentSecret, async (trx) => {
      await paymentOfLink(trx, params.paymentSecret);
      if (!isValidBic(params.swift)) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'swift', key: 'rails.wire.invalidSwift' }] });
      const bank = bankBySwift(params.swift);
      return bank ? { found: true, bank } : { found: false };
    });
  },

  async receiveIbanDictionary(params, ctx) {
    return linkCall(ctx, params.paymentSecret, async (trx) => {
      await paymentOfLink(trx, params.paymentSecret);
      if (!isValidIban(params.iban)) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'iban', key: 'rails.wire.invalidIban' }] });
      const countryCode = electronicFormatIBAN(params.iban)!.slice(0, 2);
      const bank = bankByIban(params.iban);
      return bank ? { found: true, countryCode, bank } : { found: false, countryCode };
    });
  },

  async receiveBinInfo(params, ctx) {
    return linkCall(ctx, params.paymentSecret, async (trx) => {
      await paymentOfLink(trx, params.paymentSecret);
      return binInfo(trx, params.binNumber);
    });
  },

  async receiveBlockedCardBins(params, ctx) {
    return linkCall(ctx, params.paymentSecret, async (trx) => {
      await paymentOfLink(trx, params.paymentSecret);
      return { bins: await blockedCardBins(trx) };
    });
  },

  async receiveInstantDetails(params, ctx) {
    return linkCall(ctx, params.paymentSecret, async (trx) => {
      await paymentOfLink(trx, params.paymentSecret);
      let holder;
      try {
        holder = instantKeyHolder(params.instantKeyType, params.instantKey);
      } catch (error) {
        if (error instanceof RpcRefusal && error.details.validationErrors) {
          throw new RpcRefusal('TA1', { validationErrors: error.details.validationErrors.map((problem) => ({ ...problem, field: 'instantKey' })) });
        }
        throw error;
      }
      return {
        instantInfo: { holderName: holder.holderName, bankCode: holder.bankCode, bankName: holder.bankName, taxIdMasked: maskedTaxId(holder.taxId) },
        banks: instantBanks(currentLanguage()),
      };
    });
  },

  async receiveInstantBankList(params, ctx) {
    return linkCall(ctx, params.paymentSecret, async (trx) => {
      await paymentOfLink(trx, params.paymentSecret);
      return { banks: instantBanks(currentLanguage()) };
    });
  },

  async receiveSubmit(params, ctx) {
    return linkCall(ctx, params.paymentSecret, (trx) =>
      submitRecipientChoice(
        trx,
        params.paymentSecret,
        {
          paymentMethod: params.paymentMethod,
          currencyCode: params.currencyCode,
          countryCode: params.countryCode,
          paymentDetails: params.paymentDetails as Record<string, string>,
        },
        messengerOf(ctx),
      ),
    );
  },

  async receiveApprove(params, ctx) {
    return linkCall(ctx, params.paymentSecret, (trx) =>
      approveRecipientChoice(trx, params.paymentSecret, { operationId: params.operationId, approvalCode: params.approvalCode }, ctx.adapters.rails, (effect) =>
        ctx.afterCommit(effect),
      ),
    );
  },

  async receiveApprovalResend(params, ctx) {
    return linkCall(ctx, params.paymentSecret, (trx) => resendRecipientCode(trx, params.paymentSecret, params.operationId, messengerOf(ctx)));
  },

  async receiveCancel(params, ctx) {
    return linkCall(ctx, params.paymentSecret, (trx) => refuseRecipientPayment(trx, params.paymentSecret));
  },

  async receiveLastWithdrawals(params, ctx) {
    return linkCall(ctx, params.paymentSecret, async (trx) => ({ withdrawals: await recipientWithdrawals(trx, params.paymentSecret, params.limit ?? 5) }));
  },

  async receiveWithdrawalDetails(params, ctx) {
    return linkCall(ctx, params.paymentSecret, (trx) => recipientWithdrawal(trx, params.paymentSecret, params.paymentId));
  },
};
