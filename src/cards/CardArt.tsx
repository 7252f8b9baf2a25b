import { useTranslation } from 'react-i18next';
import { ItemArt, type Column, type TileArt } from '../../engine/index.ts';
import type { Card } from '../../generated/entities.ts';
import { cardStatusKey, cardStatusTone } from './card-data.ts';

/** A card's status as a badge, toned by what it lets the customer do. */
export function CardStatusBadge({ statusId, replacement = false }: { statusId: number; replacement?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`eng-badge card-status card-status--${cardStatusTone(statusId)}`} data-status={statusId}>
      {replacement ? t('cards.replacementStatus', { status: t(cardStatusKey(statusId)) }) : t(cardStatusKey(statusId))}
    </span>
  );
}

/** The card's name (its alias, else its product's), balance and picture, as the card lists draw them (screens/cards*.yaml, `card`). */
const NAME: Column = { field: 'cardAliasName', emptyText: 'cards.tile.name' };
const BALANCE: Column = { field: 'balance', label: 'cards.balance', format: 'money', currencyField: 'currencyCode', when: { field: 'capabilities.balance', equals: true } };
const ART: TileArt = {
  number: { field: 'maskedCardNumber', label: 'cards.number', emptyText: 'cards.numberPending' },
  corner: 'cardIsVirtual',
  mark: { field: 'network', template: 'cards.tile.network' },
  footer: [{ field: 'cardExpiry', label: 'cards.expiry' }],
  muted: { field: 'accountStatusId', equals: 11 },
  alternate: { field: 'cardIsVirtual', equals: true },
};

/**
 * The picture of a card in the brand's colours, drawn by the engine as the card lists draw it: name,
 * kind, masked number (never more than the server's mask), expiry, network, and balance when the card
 * shows one.
 */
export function CardArt({ card, headingLevel = 2, headingId }: { card: Card; headingLevel?: 2 | 3; headingId?: string }) {
  return <ItemArt row={card} art={ART} title={NAME} value={BALANCE} heading={headingLevel === 2 ? 'h2' : 'h3'} headingId={headingId} />;
}
