import type { RpcHandlerMap } from '../../generated/methods.ts';
import { registrationRules } from '../registration/brand-rules.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { requireSolvedChallenge } from '../bot-challenge/bot-challenge.ts';
import { cancelPasswordChange, confirmPasswordChange, requestPasswordChange } from './change.ts';
import { changePasswordWithCode, checkRecoveryCode, recoveryStatus, requestRecoveryByEmail, requestRecoveryByPersonalData } from './recovery.ts';

type PasswordMethods =
  | 'passwordChangeRequest'
  | 'accountRecoveryRequest'
  | 'accountRecoveryStatus'
  | 'passwordChangeCodeCheck'
  | 'passwordChangeWithCode'
  | 'passwordChange'
  | 'passwordChangeConfirm'
  | 'passwordChangeCancel';

/**
 * Account recovery and the password change (document 000 section 7). Recovery is public; the last
 * three act on the caller's own login only (a request key of another user answers 13). The e-mails
 * they send are signed with the brand's project name.
 *
 * @example
 * passwordHandlers({ brand: config.brand });
 */
export function passwordHandlers(services: { brand: string }): Pick<RpcHandlerMap<RpcContext>, PasswordMethods> {
  const rules = () => registrationRules(services.brand);
  return {
    async passwordChangeRequest(params, ctx) {
      await requireSolvedChallenge(ctx.adapters.botChallenge, rules().botChallengeSiteKey, params.challengeToken, ctx.ip ?? '');
      return requestRecoveryByEmail(ctx.db, ctx.adapters.messages, rules().projectName, params.email);
    },

    async accountRecoveryRequest({ challengeToken, ...params }, ctx) {
      await requireSolvedChallenge(ctx.adapters.botChallenge, rules().botChallengeSiteKey, challengeToken, ctx.ip ?? '');
      return requestRecoveryByPersonalData(ctx.db, ctx.adapters.messages, rules().projectName, params);
    },

    accountRecoveryStatus: (params, ctx) => recoveryStatus(ctx.db, params.taskId),

    async passwordChangeCodeCheck(params, ctx) {
      await checkRecoveryCode(ctx.db, params.taskId, params.code);
      return { valid: true };
    },

    async passwordChangeWithCode(params, ctx) {
      await changePasswordWithCode(ctx.db, ctx.adapters.messages, rules().projectName, params);
      return { success: true };
    },

    passwordChange: (params, ctx) => requestPasswordChange(ctx.db, ctx.adapters.messages, rules().projectName, callerOf(ctx).user, params),

    passwordChangeConfirm: (params, ctx) => confirmPasswordChange(ctx.db, callerOf(ctx).user, params),

    passwordChangeCancel: (params, ctx) => cancelPasswordChange(ctx.db, callerOf(ctx).user, params.requestKey),
  };
}
