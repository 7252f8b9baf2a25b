import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../engine/index.ts';
import type { Card } from '../../generated/entities.ts';
import { cardExpiry, cardName, cardStatusKey, cardStatusTone } from './card-data.ts';
import { maskCardNumber } from './mask.ts';

/** A card's status as a badge, toned by what it lets the customer do. */
export function CardStatusBadge({ statusId, replacement = false }: { statusId: number; replacement?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`eng-badge card-status card-status--${cardStatusTone(statusId)}`} data-status={statusId}>
      {replacement ? t('cards.replacementStatus', { status: t(cardStatusKey(statusId)) }) : t(cardStatusKey(statusId))}
    </span>
  );
}

/**
 * The picture of a card in the brand's colours (CSS variables of the theme): network, name, masked
 * number (never more than the server's mask), expiry, and balance when the card shows one.
 */
export function CardArt({ card, headingLevel = 2, headingId }: { card: Card; headingLevel?: 2 | 3; headingId?: string }) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const expiry = cardExpiry(card);
  const number = card.maskedCardNumber ? maskCardNumber(card.maskedCardNumber) : t('cards.numberPending');
  return (
    <div className={`card-art${card.cardIsVirtual ? ' card-art--virtual' : ''}`} data-network={card.network} data-closed={card.accountStatusId === 11 || undefined}>
      <div className="card-art__top">
        <Heading id={headingId} className="card-art__name">
          {cardName(card, t)}
        </Heading>
        <span className="card-art__kind">{t(card.cardIsVirtual ? 'cards.kind.virtual' : 'cards.kind.physical')}</span>
      </div>
      <p className="card-art__number">
        <span className="eng-visually-hidden">{t('cards.number')}: </span>
        {number}
      </p>
      <div className="card-art__bottom">
        <span>
          {expiry ? (
            <>
              <span className="card-art__label">{t('cards.expiry')}</span> {expiry}
            </>
          ) : null}
        </span>
        {card.network ? <span className="card-art__network">{t(`cards.network.${card.network}`)}</span> : null}
      </div>
      {card.capabilities.balance ? (
        <p className="card-art__balance">
          <span className="card-art__label">{t('cards.balance')}</span> {formatMoney(card.balance, card.currencyCode, i18n.language)}
        </p>
      ) : null}
    </div>
  );
}
