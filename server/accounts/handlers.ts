import type { RpcHandlerMap } from '../../generated/methods.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { markInstructionViewed, paymentInstructionsOf } from './payment-instructions.ts';
import { ACCOUNT_STATUS } from '../ledger/account-status.ts';
import { ensureWallet, openPaymentAccount } from './add-currency.ts';
import { customerAccounts } from './balances.ts';
import { customerBalanceTotal } from './totals.ts';
import { confirmationLetterPdf } from './confirmation-letter.ts';
import { documentAudience } from '../documents/pdf/index.ts';

/**
 * accountAddCurrency, walletCreate, paymentInstructions and paymentInstructionsSetViewed: opening
 * accounts and telling payers how to fund them (document 001 section 7, accounts calls); balanceTotal:
 * what the customer holds, added up for Home.
 */
export const accountAreaHandlers: Pick<
  RpcHandlerMap<RpcContext>,
  'accountAddCurrency' | 'walletCreate' | 'paymentInstructions' | 'paymentInstructionsSetViewed' | 'balanceTotal' | 'accountConfirmationLetter'
> = {
  async balanceTotal(_params, ctx) {
    return customerBalanceTotal(ctx.db, callerOf(ctx).customerId);
  },

  async accountConfirmationLetter(_params, ctx) {
    const file = await confirmationLetterPdf(ctx.db, callerOf(ctx).customerId, documentAudience(ctx));
    return { fileName: file.fileName, mediaType: file.mediaType, content: file.content.toString('base64') };
  },

  async accountAddCurrency(params, ctx) {
    const { customerId } = callerOf(ctx);
    const opened = await openPaymentAccount(ctx.db, customerId, params.currencyCode);
    if ('refusal' in opened) {
      const key = opened.refusal === 'alreadyHeld' ? 'server.accounts.alreadyHeld' : 'server.accounts.notOffered';
      throw new RpcRefusal('TA1', { validationErrors: [{ field: 'currencyCode', key, values: { currency: params.currencyCode } }] });
    }
    const [account] = await customerAccounts(ctx.db, customerId, opened.accountId);
    return { account: account! };
  },

  async walletCreate(params, ctx) {
    const { customerId } = callerOf(ctx);
    const wallet = await ensureWallet(ctx.db, ctx.adapters.crypto, customerId, params.currencyCode);
    if (!wallet) {
      throw new RpcRefusal('TA1', {
        validationErrors: [{ field: 'currencyCode', key: 'server.accounts.noWallet', values: { currency: params.currencyCode } }],
      });
    }
    return wallet;
  },

  async paymentInstructions(params, ctx) {
    const { customerId } = callerOf(ctx);
    if (params.accountId === undefined) return { instructions: await paymentInstructionsOf(ctx.db, customerId, undefined, ctx.brand) };
    const accountId = Number(params.accountId);
    const [account] = await customerAccounts(ctx.db, customerId, accountId);
    // Another customer's account, or a closed one without history, is not the caller's to read.
    if (!account) throw new RpcRefusal('13');
    if (account.accountStatusId === ACCOUNT_STATUS.closed) throw new RpcRefusal('CA');
    if (!account.flags?.instructions) {
      throw new RpcRefusal('TA1', {
        validationErrors: [
          {
            field: 'accountId',
            key: 'server.accounts.notBankFunded',
            values: { currency: account.currencyCode },
          },
        ],
      });
    }
    return { instructions: await paymentInstructionsOf(ctx.db, customerId, accountId, ctx.brand) };
  },

  async paymentInstructionsSetViewed(params, ctx) {
    const { customerId } = callerOf(ctx);
    const instruction = await markInstructionViewed(ctx.db, customerId, params.instructionId);
    if (!instruction) throw new RpcRefusal('13');
    return { instruction };
  },
};
