import { ownAccountWithScale } from '../accounts/paying-account.ts';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { createPayout, payoutScope } from './payouts.ts';
import { eftBanksOf, eftBeneficiary, eftBranchesOf, eftCountryCodes, eftRequiredFields, extraParamFields } from './eft.ts';
import { railFeeQuote } from './fee-quote.ts';
import { saveBeneficiaryTemplate } from '../transfers/templates.ts';
import type { Database } from '../db/schema.ts';
import type { Transaction } from 'kysely';
import { receivingCurrency } from './payout-currencies.ts';

const notReached = () => new RpcRefusal('TA1', { validationErrors: [{ field: 'countryCode', key: 'rails.eft.countryNotReached' }] });

/** The bank fields a country's EFT needs, as flags (schemas/data/eft-banks.json). */
const requirementOf = (countryCode: string) => {
  const required = eftRequiredFields(countryCode) ?? [];
  return { bankCodeRequired: required.includes('bankCode'), branchCodeRequired: required.includes('branchCode') };
};

/**
 * The EFT rail's calls (document 001 section 7: 'External transfers by ... eft', 'Extra params by
 * transfer', 'Branch code options'): an EFT payout and its fee, the countries it reaches with the bank
 * fields each needs, their banks and branches, and a country's extra parameters. Like every payout, it
 * asks the second factor and business approval of issue 15 item 5 in createPayout (see server/rails/handlers.ts);
 * with templateName, the beneficiary is saved as an EFT template as a wire's is.
 */
export const eftHandlers: Pick<RpcHandlerMap<RpcContext>, 'eftTransfer' | 'eftFee' | 'eftCountries' | 'eftBanks' | 'branchCodeOptions' | 'extraParams'> = {
  async eftTransfer(params, ctx) {
    const beneficiary = eftBeneficiary(params);
    const created = await createPayout(payoutScope(ctx), {
      rail: 'eft',
      fromAccountId: params.accountId,
      ...(params.currency ? { currency: params.currency } : {}),
      amount: params.amount,
      ...(params.toCurrency ? { toCurrency: params.toCurrency } : {}),
      beneficiary,
      ...(params.reference ? { reference: params.reference } : {}),
      ...(params.note ? { note: params.note } : {}),
    });
    // Saved in the same transaction: a refused EFT saves no template.
    if (params.templateName) {
      const caller = callerOf(ctx);
      await saveBeneficiaryTemplate(ctx.db as Transaction<Database>, { customerId: caller.customerId, userId: caller.user.userId }, 'eft', {
        name: params.templateName,
        beneficiary,
        accountId: params.accountId,
      });
    }
    return created;
  },

  async eftFee(params, ctx) {
    const account = await ownAccountWithScale(ctx.db, params.accountId, callerOf(ctx).customerId);
    return railFeeQuote('eft', params.amount, account, undefined, await receivingCurrency(ctx.db, 'eft', account, params.toCurrency, params.countryCode));
  },

  eftCountries() {
    return Promise.resolve({ countries: eftCountryCodes().map((code) => ({ code, ...requirementOf(code) })) });
  },

  eftBanks(params) {
    if (!eftRequiredFields(params.countryCode)) throw notReached();
    const banks = eftBanksOf(params.countryCode).map(({ code, name }) => ({ code, name }));
    return Promise.resolve({ countryCode: params.countryCode, ...requirementOf(params.countryCode), banks });
  },

  branchCodeOptions(params) {
    if (!eftRequiredFields(params.countryCode)) throw notReached();
    if (!eftBanksOf(params.countryCode).some((bank) => bank.code === params.bankCode)) {
      throw new RpcRefusal('TA1', { validationErrors: [{ field: 'bankCode', key: 'rails.eft.unknownBank' }] });
    }
    return Promise.resolve({ branches: [...eftBranchesOf(params.countryCode, params.bankCode)] });
  },

  extraParams(params) {
    return Promise.resolve({ fields: extraParamFields(params.transferType, params.countryCode) });
  },
};
