import { hashPassword } from '../auth/passwords.ts';
import { isInteracRecipient, normalInteracRecipient, normalSecurityAnswer, securityAnswerProblem } from '../formats/interac.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/** The only currency Interac e-Transfers carry. */
export const INTERAC_CURRENCY = 'CAD';

/** An Interac e-Transfer's recipient as the customer typed it. */
export interface InteracRecipientInput {
  recipient: string;
  recipientName?: string;
  securityQuestion: string;
  securityAnswer: string;
}

/**
 * An Interac e-Transfer's recipient as the rail is sent it: the answer only as an Argon2id hash of its
 * plain form, which the rail compares with what the recipient types; never the answer itself.
 */
export interface InteracRecipient extends Record<string, string> {
  name: string;
  recipient: string;
  securityQuestion: string;
  securityAnswerHash: string;
}

/**
 * Checks an Interac e-Transfer's recipient on the server: the e-mail or phone (TA1 on `recipient`) and
 * the answer's rules (TA1 on `securityAnswer`: 3 to 25 characters, not in the question), every wrong field
 * at once; then hashes the answer. Nothing is written when it refuses.
 *
 * @example
 * await interacRecipient({ recipient: 'Ana@Example.ca', securityQuestion: 'Our first dog?', securityAnswer: 'Rex' });
 * // { name: 'ana@example.ca', recipient: 'ana@example.ca', securityQuestion: 'Our first dog?', securityAnswerHash: '$argon2id$…' }
 */
export async function interacRecipient(input: InteracRecipientInput): Promise<InteracRecipient> {
  const errors: Array<{ field: string; key: string }> = [];
  if (!isInteracRecipient(input.recipient)) errors.push({ field: 'recipient', key: 'rails.interac.invalidRecipient' });
  const problem = securityAnswerProblem(input.securityQuestion, input.securityAnswer);
  if (problem) errors.push({ field: 'securityAnswer', key: `rails.interac.answer.${problem}` });
  if (errors.length) throw new RpcRefusal('TA1', { validationErrors: errors });
  const recipient = normalInteracRecipient(input.recipient);
  return {
    name: input.recipientName?.trim() || recipient,
    recipient,
    securityQuestion: input.securityQuestion.trim(),
    securityAnswerHash: await hashPassword(normalSecurityAnswer(input.securityAnswer)),
  };
}
