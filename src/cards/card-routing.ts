/**
 * The card area's routing rules (document 000 section 2, document 001 section 2), as pure
 * functions over the customer's card accounts so every rule is tested by a table.
 */
import { HOME } from '../session/start-page.ts';

/** What the rules read of a card account. */
export interface CardAccountFacts {
  accountId: number;
  /** Account status 11. */
  closed: boolean;
  /** Sub-type PREPAID (the rules count prepaid card accounts). */
  prepaid: boolean;
  virtual: boolean;
}

export const CARDS_PATH = '/cards';

/** Whether a card account has a detail page: a non-closed prepaid card account. */
export const hasCardDetail = (card: CardAccountFacts): boolean => card.prepaid && !card.closed;

const live = (cards: readonly CardAccountFacts[]) => cards.filter(hasCardDetail);

/**
 * Where /cards sends the user, or null to stay:
 * - to the physical list if any non-closed prepaid card account is physical, else to the virtual
 *   list, else it stays;
 * - straight to the card's detail when exactly one card account of the chosen kind exists and none
 *   of the other kind.
 *
 * @example
 * cardsTarget([{ accountId: 7, closed: false, prepaid: true, virtual: true }]); // '/cards/7'
 */
export function cardsTarget(cards: readonly CardAccountFacts[]): string | null {
  const open = live(cards);
  const kind = open.some((card) => !card.virtual) ? 'physical' : open.some((card) => card.virtual) ? 'virtual' : null;
  if (!kind) return null;
  const chosen = open.filter((card) => card.virtual === (kind === 'virtual'));
  const other = open.filter((card) => card.virtual !== (kind === 'virtual'));
  if (chosen.length === 1 && other.length === 0) return `${CARDS_PATH}/${chosen[0]!.accountId}`;
  return `${CARDS_PATH}/${kind}`;
}

/**
 * Whether a card's detail may open, else where the user goes: allowed only for an existing
 * non-closed prepaid card account; otherwise the cards list if several card accounts exist, else home.
 *
 * @example
 * cardDetailTarget([], 7); // '/home'
 */
export function cardDetailTarget(cards: readonly CardAccountFacts[], accountId: number): string | null {
  if (live(cards).some((card) => card.accountId === accountId)) return null;
  return cards.length > 1 ? CARDS_PATH : HOME;
}
