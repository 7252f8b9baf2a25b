import { electronicFormatIBAN } from 'ibantools';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import { ownAccountWithScale } from '../accounts/paying-account.ts';
import { isValidIban } from '../instructions/bank-numbers.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { transferLimits } from '../pricing/pricing.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { bankByIban, bankBySwift } from './bank-directory.ts';
import { isValidBic } from './bic.ts';
import { countryMaxAmount } from './country-max-amount.ts';

const refusal = (field: string, key: string, values?: Record<string, string>) =>
  new RpcRefusal('TA1', { validationErrors: [{ field, key, ...(values ? { values } : {}) }] });

/**
 * The data a wire form reads as it is filled in (document 001 sections 3 and 5; issue 15 item 2): the
 * bank a SWIFT code or an IBAN names, from the bank directory, and the most a payout may send to a
 * country. The bank numbers are checked by the same functions wireTransfer checks them with, so a wrong
 * IBAN or SWIFT code is said on its field before the form is sent.
 */
export const wireDataHandlers: Pick<RpcHandlerMap<RpcContext>, 'swiftDictionary' | 'ibanDictionary' | 'countryMaxAmount'> = {
  async swiftDictionary(params) {
    if (!isValidBic(params.swift)) throw refusal('swift', 'rails.wire.invalidSwift');
    const bank = bankBySwift(params.swift);
    return bank ? { found: true, bank } : { found: false };
  },

  async ibanDictionary(params) {
    if (!isValidIban(params.iban)) throw refusal('iban', 'rails.wire.invalidIban');
    const countryCode = electronicFormatIBAN(params.iban)!.slice(0, 2);
    const bank = bankByIban(params.iban);
    return bank ? { found: true, countryCode, bank } : { found: false, countryCode };
  },

  async countryMaxAmount(params, ctx) {
    const account = await ownAccountWithScale(ctx.db, params.fromAccountId, callerOf(ctx).customerId);
    const currencyCode = params.currencyCode ?? account.currency_code;
    if (currencyCode !== account.currency_code) throw refusal('currencyCode', 'server.transfers.wrongCurrency', { currency: account.currency_code });
    const countryMax = countryMaxAmount({ countryCode: params.countryCode, currencyCode, operation: params.operation, scale: account.scale });
    const railMax = transferLimits(params.operation, account.scale).perTransactionMax;
    const maxAmount = countryMax !== null && countryMax < railMax ? countryMax : railMax;
    return { maxAmount: formatMinorUnits(maxAmount, account.scale), currencyCode, countryLimit: maxAmount === countryMax };
  },
};
