import type { RpcHandlerMap } from '../../generated/methods.ts';
import type { RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

type GlobalPayMethod =
  | 'globalPayBatchApprovalResend'
  | 'globalPayBatchApprove'
  | 'globalPayBatchGet'
  | 'globalPayBatchStatus'
  | 'globalPayCountryMethods'
  | 'globalPayPaymentApprovalResend'
  | 'globalPayPaymentApprove'
  | 'globalPayPaymentsUpdate'
  | 'globalPayReject'
  | 'globalPaySubmit'
  | 'globalPayUpload'
  | 'p2pGlobalPayMeta'
  | 'p2pGlobalPayMethods'
  | 'p2pGlobalPaySubmit'
  | 'receiveApprovalResend'
  | 'receiveApprove'
  | 'receiveBinInfo'
  | 'receiveBlockedCardBins'
  | 'receiveCancel'
  | 'receiveCountries'
  | 'receiveExtraParams'
  | 'receiveIbanDictionary'
  | 'receiveInstantBankList'
  | 'receiveInstantDetails'
  | 'receiveLastWithdrawals'
  | 'receiveMeta'
  | 'receiveMethods'
  | 'receivePaymentDetails'
  | 'receiveSubmit'
  | 'receiveSwiftDictionary'
  | 'receiveWithdrawalDetails';

const notYet = (): never => {
  throw new RpcRefusal('UE');
};

/** Global pay (issue 16 items 3 and 4): declared; the handlers are being built (each answers UE until then). */
export const globalPayHandlers: Pick<RpcHandlerMap<RpcContext>, GlobalPayMethod> = {
  globalPayBatchApprovalResend: notYet,
  globalPayBatchApprove: notYet,
  globalPayBatchGet: notYet,
  globalPayBatchStatus: notYet,
  globalPayCountryMethods: notYet,
  globalPayPaymentApprovalResend: notYet,
  globalPayPaymentApprove: notYet,
  globalPayPaymentsUpdate: notYet,
  globalPayReject: notYet,
  globalPaySubmit: notYet,
  globalPayUpload: notYet,
  p2pGlobalPayMeta: notYet,
  p2pGlobalPayMethods: notYet,
  p2pGlobalPaySubmit: notYet,
  receiveApprovalResend: notYet,
  receiveApprove: notYet,
  receiveBinInfo: notYet,
  receiveBlockedCardBins: notYet,
  receiveCancel: notYet,
  receiveCountries: notYet,
  receiveExtraParams: notYet,
  receiveIbanDictionary: notYet,
  receiveInstantBankList: notYet,
  receiveInstantDetails: notYet,
  receiveLastWithdrawals: notYet,
  receiveMeta: notYet,
  receiveMethods: notYet,
  receivePaymentDetails: notYet,
  receiveSubmit: notYet,
  receiveSwiftDictionary: notYet,
  receiveWithdrawalDetails: notYet,
};
