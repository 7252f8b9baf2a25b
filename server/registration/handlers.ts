import type { RpcHandlerMap } from '../../generated/methods.ts';
import { activateAccount, resendActivationCode } from './activation.ts';
import { registrationRules } from './brand-rules.ts';
import { emailStatus, registerPersonal } from './registration.ts';
import { signInAfterProof } from './sign-in.ts';
import type { RpcContext } from '../rpc/context.ts';

/** What getting in needs from the server beyond the call: the brand it runs as, and the token key. */
export interface OnboardingServices {
  /** The configured brand id (config.brand): its brand.json decides whether registration is offered. */
  brand: string;
  /** Signs the access token an activation answers with. */
  tokenKey: Uint8Array;
}

type OnboardingMethods = 'checkEmail' | 'accountCreate' | 'accountActivate' | 'activationCodeResend';

/**
 * Getting in (document 000 sections 2 and 4): the e-mail check, registration and activation, all
 * public. Account recovery and the password change are in server/passwords/handlers.ts.
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
  };
}
