import type { RpcHandlerMap } from '../../generated/methods.ts';
import { activateAccount, resendActivationCode, RESEND_COOLDOWN_SECONDS } from './activation.ts';
import {
  activateBusiness,
  businessDictionaries,
  countDraftCall,
  deleteDraft,
  loadDraft,
  registerBusiness,
  registrantStart,
  registrationCurrencies,
  resendBusinessCode,
  saveDraft,
  type Registrant,
} from './business.ts';
import { registrationRules } from './brand-rules.ts';
import { emailStatus, registerPersonal } from './registration.ts';
import { signInAfterProof } from './sign-in.ts';
import { FALLBACK_LINK_BASE } from '../messaging/links.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { requireSolvedChallenge } from '../bot-challenge/bot-challenge.ts';

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
  | 'businessRegistrationDictionaries'
  | 'businessRegistrationDraftSave'
  | 'businessRegistrationDraftGet'
  | 'businessRegistrationDraftDelete'
  | 'businessAccountCreate'
  | 'businessAccountCreateSignedIn'
  | 'businessRegistrationStart'
  | 'businessAccountActivate';

/**
 * Getting in (document 000 sections 2 and 4, document 002 sections 4 and 5): the e-mail check, personal
 * and business registration (the business wizard's dictionaries and its draft, kept by a draft token),
 * and the activations, all public but the new-business variant's start and submit (a signed-in user
 * registering another business). Account recovery and the password change are in server/passwords/handlers.ts.
 *
 * @example
 * createRpcHandlers(bundle, { brand: config.brand, tokenKey });
 */

/** Where the links of this call's e-mails point (see `emailLink`). */
const linkBaseOf = (ctx: RpcContext): string => ctx.origin ?? FALLBACK_LINK_BASE;

/** The signed-in user registering a new business: the user themselves, whichever customer they act for. */
const registrantOf = (ctx: RpcContext): Registrant => {
  const { user } = callerOf(ctx);
  return { userId: user.userId, email: user.login.toLowerCase() };
};

export function onboardingHandlers(services: OnboardingServices): Pick<RpcHandlerMap<RpcContext>, OnboardingMethods> {
  const rules = () => registrationRules(services.brand);
  return {
    async checkEmail(params, ctx) {
      return { status: await emailStatus(ctx.db, params.email) };
    },

    async accountCreate({ challengeToken, ...params }, ctx) {
      await requireSolvedChallenge(ctx.adapters.botChallenge, rules().botChallengeSiteKey, challengeToken, ctx.ip ?? '');
      return registerPersonal(ctx.db, ctx.adapters.messages, linkBaseOf(ctx), rules(), params);
    },

    async accountActivate(params, ctx) {
      const userId = await activateAccount(ctx.db, params.username, params.activationCode, params.password);
      return signInAfterProof(ctx.db, services.tokenKey, userId);
    },

    async activationCodeResend(params, ctx) {
      // A business waiting for activation under this e-mail gets its company code; otherwise a login.
      if (await resendBusinessCode(ctx.db, ctx.adapters.messages, linkBaseOf(ctx), rules().projectName, params.username, RESEND_COOLDOWN_SECONDS)) {
        return { resendAfterSeconds: RESEND_COOLDOWN_SECONDS };
      }
      return resendActivationCode(ctx.db, ctx.adapters.messages, linkBaseOf(ctx), rules().projectName, params.username);
    },

    businessRegistrationDictionaries: async (_params, ctx) => businessDictionaries(rules(), await registrationCurrencies(ctx.db)),

    async businessRegistrationDraftSave(params, ctx) {
      await countDraftCall(ctx.db, params.draftToken, ctx.ip);
      return saveDraft(ctx.db, params.draftToken, params.draft);
    },

    async businessRegistrationDraftGet(params, ctx) {
      await countDraftCall(ctx.db, params.draftToken, ctx.ip);
      return loadDraft(ctx.db, params.draftToken);
    },

    async businessRegistrationDraftDelete(params, ctx) {
      await countDraftCall(ctx.db, params.draftToken, ctx.ip);
      await deleteDraft(ctx.db, params.draftToken);
      return {};
    },

    // The public answer names only the company e-mail the code went to: the business is not the caller's yet.
    // The bot challenge (TA1 on challengeToken) comes first: a bot learns nothing of the draft's checks.
    async businessAccountCreate({ challengeToken, ...params }, ctx) {
      await requireSolvedChallenge(ctx.adapters.botChallenge, rules().botChallengeSiteKey, challengeToken, ctx.ip ?? '');
      return { email: (await registerBusiness(ctx.db, ctx.adapters.messages, linkBaseOf(ctx), rules(), params)).email };
    },

    async businessAccountCreateSignedIn({ challengeToken, ...params }, ctx) {
      await requireSolvedChallenge(ctx.adapters.botChallenge, rules().botChallengeSiteKey, challengeToken, ctx.ip ?? '');
      return registerBusiness(ctx.db, ctx.adapters.messages, linkBaseOf(ctx), rules(), params, new Date(), registrantOf(ctx));
    },

    businessRegistrationStart: (_params, ctx) => registrantStart(ctx.db, registrantOf(ctx)),

    businessAccountActivate: (params, ctx) =>
      activateBusiness(ctx.db, ctx.adapters.messages, linkBaseOf(ctx), rules().projectName, params.email, params.activationCode),
  };
}
