import { ACCOUNT_STATUS } from '../ledger/account-status.ts';
import { INSTRUCTION_CURRENCIES } from '../instructions/rails.ts';

/** Account type codes (document 001 section 3 and 9). */
export const ACCOUNT_TYPE = { payment: 1001, prepayment: 4001, receiving: 4002 } as const;

/** Currencies a card can be requested in (document 001 section 9: USD, EUR, RON; GBP for UK residents). */
const CARD_CURRENCIES: ReadonlySet<string> = new Set(['USD', 'EUR', 'RON', 'GBP']);

/** What the derived flags are computed from. */
export interface AccountFacts {
  type: number;
  status: number;
  currencyCode: string;
  crypto: boolean;
  /** Whether any ledger entry was ever written on the account. */
  hasEntries: boolean;
}

/** The derived flags of document 001 section 3: where the product offers statements, history, instructions, a card. */
export interface AccountFlags {
  statements: boolean;
  history: boolean;
  instructions: boolean;
  cardCanBeRequested: boolean;
}

/**
 * The derived flags of one account, decided on the server so every screen offers the same things:
 * - history: an open account, or a closed one that has entries (closed accounts stay readable);
 * - statements: an account with entries (a statement of an empty account says nothing);
 * - instructions: an open payment or receiving account in a currency a bank rail serves;
 * - cardCanBeRequested: an open payment account in a card currency.
 *
 * @example
 * accountFlags({ type: 1001, status: 1, currencyCode: 'EUR', crypto: false, hasEntries: true });
 * // { statements: true, history: true, instructions: true, cardCanBeRequested: true }
 */
export function accountFlags(facts: AccountFacts): AccountFlags {
  const open = facts.status === ACCOUNT_STATUS.open;
  const fundable = facts.type === ACCOUNT_TYPE.payment || facts.type === ACCOUNT_TYPE.receiving;
  return {
    statements: facts.hasEntries,
    history: open || facts.hasEntries,
    instructions: open && fundable && !facts.crypto && INSTRUCTION_CURRENCIES.has(facts.currencyCode),
    cardCanBeRequested: open && facts.type === ACCOUNT_TYPE.payment && CARD_CURRENCIES.has(facts.currencyCode),
  };
}
