import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfirm, type CustomScreenProps } from '../../engine/index.ts';
import type { Card } from '../../generated/entities.ts';
import { useApp } from '../app/app-context.tsx';
import { useLoaded } from '../app/use-loaded.ts';
import { CardArt, CardStatusBadge } from './CardArt.tsx';
import { cardName, cardPaths, hasDetailPage } from './card-data.ts';
import { CardLoadState } from './CardLoadState.tsx';
import './cards.css';
import { useKeyedCall } from './use-keyed-call.ts';

type Kind = 'all' | 'physical' | 'virtual';

/**
 * The card lists (document 000 section 2): /cards when its guard lets it stay (no open prepaid card:
 * the way to apply, and the closed and debit cards if any), and /cards/physical, /cards/virtual with
 * the cards of that kind. A prepaid open card links to its detail; a debit card has no detail page,
 * so its status and actions are offered here.
 */
export function CardsScreen({ props }: CustomScreenProps) {
  const kind = (props.kind as Kind | undefined) ?? 'all';
  const { t } = useTranslation();
  const { rpc } = useApp();
  const { data, reload, failed } = useLoaded(() => rpc('cardList', {}));
  const cards = data?.cards.filter((card) => kind === 'all' || card.cardIsVirtual === (kind === 'virtual'));
  const others = data?.cards.filter((card) => kind !== 'all' && card.cardIsVirtual !== (kind === 'virtual') && hasDetailPage(card)) ?? [];

  return (
    <div className="eng-section cards">
      <div className="cards__actions">
        <Link className="eng-button eng-button--primary" to={cardPaths.apply}>
          {t('cards.applyButton')}
        </Link>
        {kind !== 'all' && others.length > 0 && (
          <Link className="eng-button eng-button--secondary" to={kind === 'physical' ? '/cards/virtual' : '/cards/physical'}>
            {t(kind === 'physical' ? 'cards.seeVirtual' : 'cards.seePhysical')}
          </Link>
        )}
      </div>
      {(data === undefined || failed) && <CardLoadState failed={failed} reload={reload} />}
      {cards && cards.length === 0 && (
        <div className="eng-empty cards__empty">
          <p>{t(kind === 'all' ? 'cards.empty' : `cards.empty${kind === 'physical' ? 'Physical' : 'Virtual'}`)}</p>
        </div>
      )}
      {cards && cards.length > 0 && (
        <ul className="cards__list">
          {cards.map((card) => (
            <CardListItem key={card.cardId} card={card} onChanged={() => void reload()} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** One card in a list: its art and status; a link to its detail, or (debit) its actions inline. */
function CardListItem({ card, onChanged }: { card: Card; onChanged: () => void }) {
  const { t } = useTranslation();
  const { rpc, feedback } = useApp();
  const keyedCall = useKeyedCall();
  const { confirm, dialog } = useConfirm();
  const [pending, setPending] = useState(false);
  const headingId = `card-${card.accountId}`;
  const closed = card.accountStatusId === 11;
  const act = async (method: 'cardPause' | 'cardUnpause' | 'cardBlock') => {
    if (method === 'cardBlock' && !(await confirm('cards.block.message', { titleKey: 'cards.block.title', yesKey: 'cards.block.yes', tone: 'danger', values: { name: cardName(card, t) } }))) return;
    setPending(true);
    try {
      if (method === 'cardBlock') await keyedCall(method, { accountId: card.accountId });
      else await rpc(method, { accountId: card.accountId });
      feedback.notify(`cards.done.${method}`);
      onChanged();
    } catch (error) {
      feedback.showError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <li className="eng-panel cards__item" aria-labelledby={headingId} data-account={card.accountId}>
      <CardArt card={card} headingId={headingId} />
      <div className="cards__meta">
        <CardStatusBadge statusId={card.cardStatusId} />
        {card.cardReissuedStatusId !== undefined && <CardStatusBadge statusId={card.cardReissuedStatusId} replacement />}
        <span className="cards__subtype">{t(`cards.subType.${card.subType}`)}</span>
        {closed && <span className="eng-badge">{t('cards.closed')}</span>}
      </div>
      {hasDetailPage(card) ? (
        <Link className="eng-button eng-button--secondary cards__open" to={cardPaths.detail(card.accountId)}>
          {t('cards.open')}
          <span className="eng-visually-hidden"> {cardName(card, t)}</span>
        </Link>
      ) : card.subType === 'DEBIT' && !closed ? (
        <div className="cards__inline-actions">
          {card.capabilities.pause && (
            <button type="button" className="eng-button eng-button--secondary" disabled={pending} onClick={() => void act('cardPause')}>
              {t('cards.actions.pause')}
              <span className="eng-visually-hidden"> {cardName(card, t)}</span>
            </button>
          )}
          {card.capabilities.unpause && (
            <button type="button" className="eng-button eng-button--secondary" disabled={pending} onClick={() => void act('cardUnpause')}>
              {t('cards.actions.unpause')}
              <span className="eng-visually-hidden"> {cardName(card, t)}</span>
            </button>
          )}
          {card.capabilities.pin && (
            <Link className="eng-button eng-button--secondary" to={cardPaths.pin(card.accountId)}>
              {t('cards.actions.pin')}
              <span className="eng-visually-hidden"> {cardName(card, t)}</span>
            </Link>
          )}
          {card.capabilities.block && (
            <button type="button" className="eng-button eng-button--danger" disabled={pending} onClick={() => void act('cardBlock')}>
              {t('cards.actions.block')}
              <span className="eng-visually-hidden"> {cardName(card, t)}</span>
            </button>
          )}
        </div>
      ) : null}
      {dialog}
    </li>
  );
}
