import type { ChallengeHandler } from '../../engine/index.ts';
import { newIdempotencyKey } from '../../engine/index.ts';
import { stepUpChallenge } from '../app/step-up-challenge.ts';

/**
 * The approver's own second factor in front of a decision that moves money (document 001 section 7,
 * issue 11), registered as the `approval` challenge: `transactionRequestApprove` and
 * `transactionRequestMassApprove` answer a step-up challenge (`awaitingConfirmation`, a code by sms,
 * e-mail or authenticator app, bound to the requests and their amounts); the code goes back with the
 * same call as `confirm: { requestId, approvalCode }`. That call is another request than the first, so
 * it carries its own idempotency key, one per code (a wrong code is refused and keeps nothing, so the
 * next try may use it; a lost answer to a right code is replayed). "Send a new code" makes the first
 * call again under a new key, which asks for a new code.
 *
 * @example
 * createScreenRouter({ …, challenges: { approval: approvalChallenge() } });
 */
export function approvalChallenge(): ChallengeHandler {
  const keys = new Map<string, string>();
  const keyFor = (requestId: string) => {
    const known = keys.get(requestId);
    if (known) return known;
    const key = newIdempotencyKey();
    keys.set(requestId, key);
    return key;
  };
  // The step-up's detection, code rule and wording; only the keys of the calls differ.
  const stepUp = stepUpChallenge();
  return {
    ...stepUp,
    // The engine reads the final answer merged over the challenge's (its status and request id stay): an
    // answer carrying the decisions is final whatever else it holds.
    detect: (answer) => (Array.isArray(answer.results) ? null : stepUp.detect(answer)),
    confirm: (approvalCode, { answer, callAgain }) => {
      // The transport turns digit strings of answers into numbers; the request wants the id back as text.
      const requestId = String(answer.requestId);
      return callAgain({ idempotencyKey: keyFor(requestId), confirm: { requestId, approvalCode } });
    },
    resend: (_method, { callAgain }) => callAgain({ idempotencyKey: newIdempotencyKey() }),
  };
}
