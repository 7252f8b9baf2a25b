import type { RpcHandlerMap } from '../../generated/methods.ts';
import { cancelPasswordChange, confirmPasswordChange, requestPasswordChange } from '../passwords/change.ts';
import { changePasswordWithCode, checkRecoveryCode, recoveryStatus, requestRecoveryByEmail, requestRecoveryByPersonalData } from '../passwords/recovery.ts';
import { activateAccount, resendActivationCode } from './activation.ts';
import { registrationRules } from './brand-rules.ts';
import { emailStatus, registerPersonal } from './registration.ts';
import { signInAfterProof } from './sign-in.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';

/** What getting in needs from the server beyond the call: the brand it runs as, and the token key. */
export interface OnboardingServices {
  /** The configured brand id (config.brand): its brand.json decides whether registration is offered. */
  brand: string;
  /** Signs the access token an activation answers with. */
  tokenKey: Uint8Array;
}

type OnboardingMethods =
  | 'checkEmail'
  | 'accountCreate'
  | 'accountActivate'
  | 'activationCodeResend'
  | 'passwordChangeRequest'
  | 'accountRecoveryRequest'
  | 'accountRecoveryStatus'
  | 'passwordChangeCodeCheck'
  | 'passwordChangeWithCode'
  | 'passwordChange'
  | 'passwordChangeConfirm'
  | 'passwordChangeCancel';

/**
 * Getting in (document 000 sections 2, 4 and 7): registration, activation, account recovery and the
 * signed-in user's password change. All public except the last three, which act on the caller's own
 * login only (a request key of another user answers 13).
 *
 * @example
 * createRpcHandlers(bundle, { brand: config.brand, tokenKey });
 */
export function onboardingHandlers(services: OnboardingServices): Pick<RpcHandlerMap<RpcContext>, OnboardingMethods> {
  const rules = () => registrationRules(services.brand);
  return {
    async checkEmail(params, ctx) {
      return { status: await emailStatus(ctx.db, params.email) };
    },

    accountCreate: (params, ctx) => registerPersonal(ctx.db, ctx.adapters.messages, rules(), params),

    async accountActivate(params, ctx) {
      const userId = await activateAccount(ctx.db, params.username, params.activationCode);
      return signInAfterProof(ctx.db, services.tokenKey, userId);
    },

    activationCodeResend: (params, ctx) => resendActivationCode(ctx.db, ctx.adapters.messages, rules().projectName, params.username),

    passwordChangeRequest: (params, ctx) => requestRecoveryByEmail(ctx.db, ctx.adapters.messages, rules().projectName, params.email),

    accountRecoveryRequest: (params, ctx) => requestRecoveryByPersonalData(ctx.db, ctx.adapters.messages, rules().projectName, params),

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
