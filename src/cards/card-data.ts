import type { TFunction } from 'i18next';
import type { Card } from '../../generated/entities.ts';
import { hasCardDetail, type CardAccountFacts } from './card-routing.ts';

/** Card status ids (document 001 section 4), for labels and the few screen decisions on them. */
export const CARD_STATUS_IDS = [0, 2, 4, 18, 19, 20, 21, 23, 27, 38, 41, 65, 71] as const;

/** The i18n key of a card status label; unknown ids read as such. */
export function cardStatusKey(statusId: number): string {
  return (CARD_STATUS_IDS as readonly number[]).includes(statusId) ? `cards.status.${statusId}` : 'cards.status.unknown';
}

/** The tone of a status badge: good (usable), waiting (on its way), bad (stopped). */
export function cardStatusTone(statusId: number): 'good' | 'waiting' | 'bad' {
  if (statusId === 2) return 'good';
  if ([4, 18, 27, 38].includes(statusId)) return 'bad';
  return 'waiting';
}

/** What the routing rules read of a card. */
export function cardFacts(card: Card): CardAccountFacts {
  return { accountId: card.accountId, closed: card.accountStatusId === 11, prepaid: card.subType === 'PREPAID', virtual: card.cardIsVirtual };
}

/** Whether the card has a detail page of its own (the rule of document 000 section 2). */
export function hasDetailPage(card: Card): boolean {
  return hasCardDetail(cardFacts(card));
}

/** A product's name in the interface language (cards.products.<type>), else as the price list names it. */
export function productName(product: { productType: number; productName: string }, t: TFunction): string {
  return t(`cards.products.${product.productType}`, { defaultValue: product.productName });
}

/** How a card is named: its alias, else its product. */
export function cardName(card: Pick<Card, 'cardAliasName' | 'productName' | 'productType'>, t: TFunction): string {
  return card.cardAliasName?.trim() || productName(card, t);
}

/** The expiry as MM/YY, or null while the card has none. */
export function cardExpiry(card: Pick<Card, 'cardExpiryMonth' | 'cardExpiryYear'>): string | null {
  if (!card.cardExpiryMonth || !card.cardExpiryYear) return null;
  return `${String(card.cardExpiryMonth).padStart(2, '0')}/${String(card.cardExpiryYear % 100).padStart(2, '0')}`;
}

/** Card account types (document 001 section 3: 2006 to 2135); they never move money through the transfer selects. */
export function isCardAccountType(type: number): boolean {
  return type >= 2006 && type <= 2135;
}

/** A route parameter (accountId by default) as an id, or null. */
export function accountIdParam(params: Record<string, string | undefined>, name = 'accountId'): number | null {
  const raw = params[name] ?? '';
  return /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : null;
}
