/** What the p2p form shows under the recipient's e-mail. */
export type PayeeState =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'checking' }
  | { kind: 'exists'; isEmployee: boolean }
  | { kind: 'invite' }
  | { kind: 'blacklisted' };

/**
 * The e-mail rule of document 001 section 5, applied before any server check: longer than 5
 * characters with an @ and a dot, else invalid (and no check is made); empty is accepted.
 *
 * @example
 * emailRule('');          // 'empty'
 * emailRule('ab@c');      // 'invalid'
 * emailRule('a@b.co');    // 'check'
 */
export function emailRule(email: string): 'empty' | 'invalid' | 'check' {
  const value = email.trim();
  if (value === '') return 'empty';
  return value.length > 5 && value.includes('@') && value.includes('.') ? 'check' : 'invalid';
}

/**
 * The state of a checked payee: the blacklist first (the transfer would be refused), then whether
 * someone has the e-mail (else they are invited and the money waits for them).
 *
 * @example
 * payeeState({ exists: false, outBlacklist: false, isEmployee: false }); // { kind: 'invite' }
 */
export function payeeState(check: { exists: boolean; isEmployee: boolean; outBlacklist: boolean }): PayeeState {
  if (check.outBlacklist) return { kind: 'blacklisted' };
  if (!check.exists) return { kind: 'invite' };
  return { kind: 'exists', isEmployee: check.isEmployee };
}

/** Whether a typed amount asks for the fee: a plain decimal above zero (section 5: p2p fee only above zero). */
export const feeWanted = (amount: string) => /^(0|[1-9][0-9]{0,17})(\.[0-9]{1,8})?$/.test(amount.trim()) && Number(amount) > 0;
