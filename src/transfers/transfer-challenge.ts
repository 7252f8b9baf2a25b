import type { ChallengeHandler } from '../../engine/index.ts';
import { formatMoney, formatNumber, isMethodCallError } from '../../engine/index.ts';
import type { SubmitResult } from '../../generated/entities.ts';
import type { RpcCall } from '../../generated/methods.ts';
import { request as transferApprove } from '../../schemas/api/methods/transferApprove.json' with { type: 'json' };

type Answer = Partial<SubmitResult> & Record<string, unknown>;

/** The code rules of `transferApprove`, from its request schema. */
const CODE_SCHEMA = transferApprove.properties.approvalCode;

const isFinal = (status: unknown) => status !== 'awaitingConfirmation';

/**
 * The second factor of a submitted transfer (document 001 section 4), registered as the `transfer`
 * challenge: an answer `awaitingConfirmation` asks for a code by sms, e-mail (approval code) or the
 * authenticator app (otp, which cannot be sent again), or for approval in the mobile app (push, polled
 * with `transferStatus`). The code goes to `transferApprove`; a new code or another method to
 * `transferApprovalResend`; Cancel to `transferCancel`. A refused code that ended the transfer (too many
 * attempts) ends the step with the transfer's status.
 *
 * @example
 * createScreenRouter({ …, challenges: { transfer: transferChallenge(rpc) } });
 */
export function transferChallenge(rpc: RpcCall): ChallengeHandler {
  const trxid = (answer: Answer) => Number(answer.operationId);
  return {
    detect(answer: Answer) {
      if (isFinal(answer.status) || !answer.approveType || !answer.operationId) return null;
      return {
        step: answer.approveType === 'push' ? 'wait' : 'code',
        method: answer.approveType,
        methods: answer.availableApprovalMethods ?? [answer.approveType],
        ...(answer.approvalSentTo ? { sentTo: answer.approvalSentTo } : {}),
        canResend: answer.approveType !== 'otp',
      };
    },
    async confirm(approvalCode, { answer }) {
      try {
        return await rpc('transferApprove', { trxid: trxid(answer), approvalCode });
      } catch (error) {
        if (isMethodCallError(error) && error.fieldErrors.approvalCode) {
          const status = await rpc('transferStatus', { trxid: trxid(answer) }).catch(() => null);
          if (status && isFinal(status.status)) return status;
        }
        throw error;
      }
    },
    resend: (approveType, { answer }) =>
      rpc('transferApprovalResend', { trxid: trxid(answer), ...(approveType ? { approveType: approveType as NonNullable<SubmitResult['approveType']> } : {}) }),
    poll: ({ answer }) => rpc('transferStatus', { trxid: trxid(answer) }),
    cancel: ({ answer }) => rpc('transferCancel', { trxid: trxid(answer) }),
    codeFields: ['approvalCode'],
    codeSchema: CODE_SCHEMA,
    summary(answer: Answer, t, language) {
      if (!answer.amount || !answer.currencyCode) return undefined;
      const sent = t('money.approval.summary', {
        amount: formatMoney(answer.amount, answer.currencyCode, language),
        fee: formatMoney(answer.fee ?? '0', answer.currencyCode, language),
      });
      if (!answer.toCurrencyCode || answer.toCurrencyCode === answer.currencyCode || !answer.toAmount) return sent;
      return `${sent} ${t('money.approval.receives', { amount: formatMoney(answer.toAmount, answer.toCurrencyCode, language), rate: formatNumber(answer.exchangeRate, language) })}`;
    },
    texts: {
      title: 'money.approval.codeTitle',
      waitTitle: 'money.approval.pushTitle',
      codeLabel: 'money.approval.codeLabel',
      codeInvalid: 'money.approval.codeInvalid',
      sent: 'money.approval.codeSent',
      ask: 'money.approval.codeAsk',
      waiting: 'money.approval.pushWaiting',
      waitingSent: 'money.approval.pushSent',
      confirm: 'money.approval.confirm',
      cancel: 'money.approval.cancelTransfer',
      resend: 'money.approval.resend',
      resent: 'money.approval.resent',
      useMethod: 'money.approval.useMethod',
    },
  };
}
