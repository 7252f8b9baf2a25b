import type { ChallengeHandler } from '../../engine/index.ts';
import { $defs } from '../../schemas/entities/step-up-challenge.schema.json' with { type: 'json' };

/** The code rules of a step-up confirmation, from its schema. */
const CODE_SCHEMA = $defs.Confirm.properties.approvalCode;

/**
 * The second factor in front of a sensitive call (a card's PIN or full number shown, its PIN changed),
 * registered as the `stepUp` challenge: an answer `awaitingConfirmation` asks for a code by sms, e-mail
 * (approval code) or the authenticator app (otp, which cannot be sent again); the code goes back with the
 * same call as `confirm: { requestId, approvalCode }`, and "send a new code" makes the call again without
 * it. The answer then is what the call does (the PIN, the number).
 *
 * @example
 * createScreenRouter({ …, challenges: { stepUp: stepUpChallenge(), stepUpMoney: stepUpChallenge({ newKey: 'idempotencyKey' }) } });
 */
export function stepUpChallenge({ newKey }: { newKey?: string } = {}): ChallengeHandler {
  // A money-moving call's first answer (the challenge) is kept under its idempotency key: the call with the
  // code is a new request, so it takes a new key in the field `newKey` names.
  const fresh = (): Record<string, unknown> => (newKey ? { [newKey]: crypto.randomUUID() } : {});
  return {
    detect(answer) {
      if (answer.status !== 'awaitingConfirmation' || !answer.requestId) return null;
      const method = String(answer.approveType);
      return {
        step: 'code',
        method,
        methods: [method],
        ...(answer.approvalSentTo ? { sentTo: String(answer.approvalSentTo) } : {}),
        canResend: method !== 'otp',
      };
    },
    // The transport turns digit strings of answers into numbers; the request wants the id back as text.
    confirm: (approvalCode, { answer, callAgain }) => callAgain({ ...fresh(), confirm: { requestId: String(answer.requestId), approvalCode } }),
    resend: (_method, { callAgain }) => callAgain(fresh()),
    codeFields: ['confirm.approvalCode', 'approvalCode', 'confirm.requestId', 'confirm'],
    codeSchema: CODE_SCHEMA,
    texts: {
      title: 'stepUp.title',
      codeLabel: 'stepUp.code',
      codeInvalid: 'stepUp.codeInvalid',
      sent: 'stepUp.sent',
      ask: 'stepUp.ask',
      confirm: 'stepUp.confirm',
      cancel: 'stepUp.cancel',
      resend: 'stepUp.again',
      resent: 'stepUp.resent',
      useMethod: 'stepUp.ask', // one factor only: never shown
    },
  };
}
