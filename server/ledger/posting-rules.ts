import type { KeyedText } from '../i18n/texts.ts';
import { LedgerError } from './errors.ts';

/** One leg of a posting: an amount in minor units entering (+) or leaving (-) an account. */
export interface LedgerLeg {
  accountId: number;
  amount: bigint;
  /** Who is on the other side, as this account's holder sees it (shown in the history). */
  counterparty?: string;
  /** A counterparty the server names itself ('EUR account'): its locale key and values, `counterparty` being its English words. */
  counterpartyText?: KeyedText;
}

/**
 * The rules a posting must meet before anything is locked: at least two legs, each on a different
 * account, none of them zero.
 *
 * @example
 * checkLegs([{ accountId: 1, amount: -100n }, { accountId: 2, amount: 100n }]); // passes
 */
export function checkLegs(legs: readonly LedgerLeg[]): void {
  if (legs.length < 2) {
    throw new LedgerError('invalidEntries', `A transaction needs at least two entries, got ${legs.length}: add the account the money comes from or goes to.`);
  }
  const seen = new Set<number>();
  for (const leg of legs) {
    if (!Number.isInteger(leg.accountId) || leg.accountId <= 0) {
      throw new LedgerError('invalidEntries', `Account id ${String(leg.accountId)} is not an account id: use a positive whole number.`);
    }
    if (leg.amount === 0n) {
      throw new LedgerError('invalidEntries', `The entry for account ${leg.accountId} is zero: leave it out.`, leg.accountId);
    }
    if (seen.has(leg.accountId)) {
      throw new LedgerError('invalidEntries', `Account ${leg.accountId} appears twice: merge its entries into one.`, leg.accountId);
    }
    seen.add(leg.accountId);
  }
}
