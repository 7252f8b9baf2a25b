import type { ChallengeHandler } from '../../engine/index.ts';
import type { RpcCall } from '../../generated/methods.ts';
import { request as passwordChangeConfirm } from '../../schemas/api/methods/passwordChangeConfirm.json' with { type: 'json' };

type Answer = Record<string, unknown>;

/** The code rules of `passwordChangeConfirm`, from its request schema. */
const CODE_SCHEMA = passwordChangeConfirm.properties.code;

/**
 * The e-mailed code that confirms a password change (document 001 section 7), registered as the
 * `passwordChange` challenge: `passwordChange` answers the request's key and the masked address the code
 * went to; the code goes to `passwordChangeConfirm`, Cancel to `passwordChangeCancel`. The final answer
 * carries `outcome`, `updated` or `canceled`, which the spec's result step words. A new code is not
 * offered: asking again is a new change.
 *
 * @example
 * createScreenRouter({ …, challenges: { passwordChange: passwordChangeChallenge(rpc) } });
 */
export function passwordChangeChallenge(rpc: RpcCall): ChallengeHandler {
  const requestKey = (answer: Answer) => String(answer.requestKey);
  return {
    detect(answer: Answer) {
      if (typeof answer.requestKey !== 'string' || answer.outcome) return null;
      return { step: 'code', method: 'email', ...(typeof answer.sentTo === 'string' ? { sentTo: answer.sentTo } : {}), canResend: false };
    },
    async confirm(code, { answer }) {
      const confirmed = await rpc('passwordChangeConfirm', { code, requestKey: requestKey(answer) });
      return { ...confirmed, outcome: 'updated' };
    },
    async cancel({ answer }) {
      const cancelled = await rpc('passwordChangeCancel', { requestKey: requestKey(answer) });
      return { ...cancelled, outcome: 'canceled' };
    },
    codeFields: ['code'],
    codeSchema: CODE_SCHEMA,
    texts: {
      title: 'onboarding.passwordChange.codeTitle',
      codeLabel: 'onboarding.fields.code',
      codeInvalid: 'onboarding.errors.code',
      sent: 'onboarding.passwordChange.sent',
      ask: 'onboarding.passwordChange.ask',
      confirm: 'onboarding.passwordChange.confirm',
      cancel: 'onboarding.passwordChange.cancel',
    },
  };
}
