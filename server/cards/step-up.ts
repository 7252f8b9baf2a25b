import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { MessageSender } from '../messaging/messages.ts';
import { confirmStepUp, startStepUp, type StepUpMethod, type StepUpStarted, type StepUpWording } from '../signin/step-up.ts';

export { chooseMethod } from '../signin/step-up.ts';

/** What a card challenge guards; a code for one action never opens another. */
export type CardSecretAction = 'pinChange' | 'pinShow' | 'detailsReveal';

/** How a card challenge is answered. */
export type CardApproveType = StepUpMethod;

/** The answer of a first call: the second factor was started. */
export type CardChallengeStarted = StepUpStarted;

/** Who asks and for what: the code is bound to all of it. */
export interface CardChallengeSubject {
  customerId: number;
  userId: number;
  accountId: number;
  action: CardSecretAction;
  /** For a PIN change, the new PIN: a code sent for one PIN does not set another. Never stored in the clear. */
  newPin?: string;
}

const wording = (action: CardSecretAction): StepUpWording => ({
  what: { key: `messages.stepUp.what.${action}` },
  emailSubject: 'messages.stepUp.subject.cardSecret',
  purpose: 'cardSecret',
  object: 'server.stepUp.notForCard',
});

/** The step-up subject of a card secret; a PIN change is bound to its new PIN through Argon2id. */
const stepUpSubject = ({ newPin, ...subject }: CardChallengeSubject) => ({ ...subject, ...(subject.action === 'pinChange' ? { secret: newPin ?? '' } : {}) });

/**
 * Starts a card challenge (see startStepUp): the code goes by the customer's approval mode and the
 * message names the action, never the secret. Call it outside any open transaction: it sends at once.
 *
 * @example
 * const started = await startCardChallenge(db, adapters, { customerId, userId, accountId, action: 'pinShow' });
 */
export function startCardChallenge(db: Kysely<Database>, adapters: { messages: MessageSender }, subject: CardChallengeSubject): Promise<CardChallengeStarted> {
  return startStepUp(db, adapters, stepUpSubject(subject), wording(subject.action));
}

/**
 * Checks the answer to a card challenge and spends it (see confirmStepUp). A PIN that changed after
 * the code was sent is refused on `pin`.
 *
 * @example
 * await confirmCardChallenge(db, { customerId, userId, accountId, action: 'pinShow' }, { requestId: '12', approvalCode: '123456' });
 */
export function confirmCardChallenge(db: Kysely<Database>, subject: CardChallengeSubject, confirm: { requestId: string; approvalCode: string }): Promise<void> {
  return confirmStepUp(db, stepUpSubject(subject), confirm, wording(subject.action), {
    field: 'pin',
    key: 'server.cards.pinChangedAfterCode',
  });
}
