import type { Guard } from '../../engine/index.ts';
import type { Card } from '../../generated/entities.ts';
import { accountIdParam, cardFacts } from './card-data.ts';
import { cardDetailTarget, cardsTarget } from './card-routing.ts';

/**
 * The card area's guards (document 000 section 2), run before a screen renders so the redirects
 * never flash a page:
 * - `cards` (/cards): after the main-area guard, the physical list, the virtual list or a card's
 *   detail by {@link cardsTarget}, else it stays;
 * - `cardDetail` (/cards/{accountId} and its action pages, /card/{accountId}/pin): only for an existing
 *   non-closed prepaid card account, else the list or home by {@link cardDetailTarget}.
 * When the cards cannot be read the screen opens and says so itself.
 *
 * @example
 * guards: { ...cardGuards(guards.authenticated, () => rpc('cardList', {})) }
 */
export function cardGuards(authenticated: Guard, listCards: () => Promise<{ cards: Card[] }>): { cards: Guard; cardDetail: Guard } {
  const cards = async () => (await listCards().catch(() => null))?.cards ?? null;
  return {
    async cards(context) {
      const first = await authenticated(context);
      if (first) return first;
      const list = await cards();
      return list ? cardsTarget(list.map(cardFacts)) : null;
    },
    async cardDetail(context) {
      const first = await authenticated(context);
      if (first) return first;
      const list = await cards();
      if (!list) return null;
      return cardDetailTarget(list.map(cardFacts), accountIdParam(context.params) ?? -1);
    },
  };
}
