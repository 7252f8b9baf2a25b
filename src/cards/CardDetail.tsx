import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, useConfirm, type CustomScreenProps } from '../../engine/index.ts';
import type { Card, CardAuthorization } from '../../generated/entities.ts';
import { useApp } from '../app/app-context.tsx';
import { CopyButton } from '../../engine/index.ts';
import { CardArt, CardStatusBadge } from './CardArt.tsx';
import { useStepUp } from '../app/StepUpDialog.tsx';
import { cardExpiry, cardName, cardPaths, productName } from './card-data.ts';
import { groupCardNumber } from './mask.ts';
import { CardFact } from './card-form.tsx';
import { CardLoadState } from './CardLoadState.tsx';
import { useCard } from './use-card.ts';
import { SettlementAccount } from './SettlementAccount.tsx';
import './cards.css';
import { useKeyedCall } from './use-keyed-call.ts';

/** The revealed number and CVV go away after this long. */
export const REVEAL_MS = 60_000;
/** Card history page size (document 001 section 9: debit and authorization history 10). */
export const HISTORY_PAGE_SIZE = 10;


/**
 * One card (/cards/{accountId}): the card, its facts, the actions its capabilities allow (and only
 * those), the full number and CVV behind the second factor for 60 seconds, and its history.
 */
export function CardDetail({ params }: CustomScreenProps) {
  const { t } = useTranslation();
  const { accountId, card, setCard, failed, reload } = useCard(params);
  if (!accountId) return <p className="eng-empty">{t('cards.notFound')}</p>;
  if (failed || !card) return <CardLoadState failed={failed} reload={reload} />;
  return (
    <div className="eng-section card-detail">
      <div className="card-detail__top">
        <CardArt card={card} />
        <CardFacts card={card} />
      </div>
      <CardActions card={card} onChanged={setCard} />
      {card.capabilities.details && <CardReveal card={card} />}
      {card.capabilities.history && <CardHistory accountId={card.accountId} />}
      <p>
        <Link to={cardPaths.list}>{t('cards.backToCards')}</Link>
      </p>
    </div>
  );
}

function CardFacts({ card }: { card: Card }) {
  const { t, i18n } = useTranslation();
  const expiry = cardExpiry(card);
  const money = (amount: string) => formatMoney(amount, card.currencyCode, i18n.language);
  return (
    <dl className="eng-details card-detail__facts">
      <CardFact label={t('cards.statusLabel')} fact="status">
        <CardStatusBadge statusId={card.cardStatusId} />
      </CardFact>
      {card.cardReissuedStatusId !== undefined && (
        <CardFact label={t('cards.replacement')}>
          <CardStatusBadge statusId={card.cardReissuedStatusId} />
        </CardFact>
      )}
      <CardFact label={t('cards.number')} fact="number">{card.maskedCardNumber ?? t('cards.numberPending')}</CardFact>
      {expiry && (
        <CardFact label={t('cards.expiry')}>{expiry}</CardFact>
      )}
      {card.capabilities.balance && (
        <>
          <CardFact label={t('cards.balance')} fact="balance">{money(card.balance)}</CardFact>
          <CardFact label={t('cards.pending')}>{money(card.pendingAmount)}</CardFact>
        </>
      )}
      <CardFact label={t('cards.product')}>
        {productName(card, t)} · {t(`cards.subType.${card.subType}`)} · {card.currencyCode}
      </CardFact>
      {!card.cardIsVirtual && (
        <CardFact label={t('cards.shipping')}>{t(card.expressShipping ? 'cards.shippingExpress' : 'cards.shippingStandard')}</CardFact>
      )}
      <CardFact label={t('cards.settlementAccount')}>
        <SettlementAccount accountId={card.settlementAccountId} />
      </CardFact>
    </dl>
  );
}

/** The actions the card's capabilities allow; the others are not offered at all. */
export function CardActions({ card, onChanged }: { card: Card; onChanged: (card: Card) => void }) {
  const { t } = useTranslation();
  const { rpc, feedback } = useApp();
  const keyedCall = useKeyedCall();
  const { confirm, dialog } = useConfirm();
  const [pending, setPending] = useState(false);
  const caps = card.capabilities;
  const id = card.accountId;
  const call = async (method: 'cardPause' | 'cardUnpause' | 'cardUpgradeShipping') => {
    if (method === 'cardUpgradeShipping' && !(await confirm('cards.upgrade.message', { titleKey: 'cards.upgrade.title', yesKey: 'cards.upgrade.yes' }))) return;
    setPending(true);
    try {
      onChanged(method === 'cardUpgradeShipping' ? await keyedCall(method, { accountId: id }) : await rpc(method, { accountId: id }));
      feedback.notify(`cards.done.${method}`);
    } catch (error) {
      feedback.showError(error);
    } finally {
      setPending(false);
    }
  };
  const link = (to: string, key: string, tone: 'primary' | 'secondary' | 'danger' = 'secondary') => (
    <Link className={`eng-button eng-button--${tone}`} to={to}>
      {t(key)}
    </Link>
  );
  const any = caps.confirm || caps.activate || caps.load || caps.pause || caps.unpause || caps.pin || caps.rename || caps.reissue || caps.upgradeShipping || caps.block;
  if (!any) return null;
  return (
    <section className="card-detail__actions" aria-label={t('cards.actionsTitle')}>
      {caps.confirm && link(cardPaths.confirm(card.cardId), 'cards.actions.confirm', 'primary')}
      {caps.activate && link(cardPaths.action(id, 'activate'), 'cards.actions.activate', 'primary')}
      {caps.load && link(cardPaths.action(id, 'load'), 'cards.actions.load', 'primary')}
      {caps.pause && (
        <button type="button" className="eng-button eng-button--secondary" disabled={pending} onClick={() => void call('cardPause')}>
          {t('cards.actions.pause')}
        </button>
      )}
      {caps.unpause && (
        <button type="button" className="eng-button eng-button--primary" disabled={pending} onClick={() => void call('cardUnpause')}>
          {t('cards.actions.unpause')}
        </button>
      )}
      {caps.pin && link(cardPaths.pin(id), 'cards.actions.pin')}
      {caps.rename && link(cardPaths.action(id, 'rename'), 'cards.actions.rename')}
      {caps.reissue && link(cardPaths.action(id, 'reissue'), 'cards.actions.reissue')}
      {caps.upgradeShipping && (
        <button type="button" className="eng-button eng-button--secondary" disabled={pending} onClick={() => void call('cardUpgradeShipping')}>
          {t('cards.actions.upgradeShipping')}
        </button>
      )}
      {caps.block && link(cardPaths.action(id, 'cancel'), 'cards.actions.block', 'danger')}
      {dialog}
    </section>
  );
}

/** The full number, CVV and holder after the second factor; hidden again after 60 s or on leaving. */
function CardReveal({ card }: { card: Card }) {
  const { t } = useTranslation();
  const { rpc } = useApp();
  const secret = useStepUp();
  const [shown, setShown] = useState<{ cardNumber: string; cvv: string; holderName: string; expiry: string } | null>(null);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), REVEAL_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  const reveal = () =>
    secret.run(
      (confirm) => rpc('cardDetailsReveal', { accountId: card.accountId, ...(confirm ? { confirm } : {}) }),
      (answer) => setShown({ cardNumber: answer.cardNumber, cvv: answer.cvv, holderName: answer.holderName, expiry: `${String(answer.cardExpiryMonth).padStart(2, '0')}/${String(answer.cardExpiryYear % 100).padStart(2, '0')}` }),
    );
  return (
    <section className="eng-panel card-detail__reveal" aria-labelledby="card-reveal-title">
      <h2 id="card-reveal-title">{t('cards.reveal.title')}</h2>
      {shown ? (
        <>
          <dl className="eng-details" aria-live="polite">
            <CardFact label={t('cards.reveal.number')} fact="cardNumber" className="card-detail__secret">
              {groupCardNumber(shown.cardNumber)}
            </CardFact>
            <CardFact label={t('cards.reveal.cvv')} fact="cvv" className="card-detail__secret">
              {shown.cvv}
            </CardFact>
            <CardFact label={t('cards.expiry')}>{shown.expiry}</CardFact>
            <CardFact label={t('cards.reveal.holder')}>{shown.holderName}</CardFact>
          </dl>
          <p className="eng-help">{t('cards.reveal.hidesSoon')}</p>
          <div className="card-detail__row">
            <CopyButton text={shown.cardNumber} label={t('cards.reveal.number')} />
            <button type="button" className="eng-button eng-button--secondary" onClick={() => setShown(null)}>
              {t('cards.reveal.hide')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="eng-help">{t('cards.reveal.help', { name: cardName(card, t) })}</p>
          <button type="button" className="eng-button eng-button--secondary" disabled={secret.pending} onClick={() => void reveal()}>
            {t('cards.reveal.show')}
          </button>
        </>
      )}
      {secret.dialog}
    </section>
  );
}

/** The card's history: authorisations, newest first, 10 a page. */
function CardHistory({ accountId }: { accountId: number }) {
  const { t, i18n } = useTranslation();
  const { rpc } = useApp();
  const [page, setPage] = useState(1);
  const { feedback } = useApp();
  const [data, setData] = useState<{ authorizations: CardAuthorization[]; total: number }>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const reload = () => setAttempt((n) => n + 1);
  useEffect(() => {
    let current = true;
    setFailed(false);
    rpc('cardAuthorizationList', { accountId, pageNumber: page, pageSize: HISTORY_PAGE_SIZE }).then(
      (answer) => current && setData(answer),
      (error: unknown) => {
        if (!current) return;
        setFailed(true);
        feedback.showError(error);
      },
    );
    return () => {
      current = false;
    };
  }, [accountId, page, attempt, rpc, feedback]);
  const pages = data ? Math.max(1, Math.ceil(data.total / HISTORY_PAGE_SIZE)) : 1;
  return (
    <section className="eng-panel card-detail__history" aria-labelledby="card-history-title">
      <h2 id="card-history-title">{t('cards.history.title')}</h2>
      {!data && !failed && <p role="status">{t('cards.loading')}</p>}
      {failed && (
        <button type="button" className="eng-button eng-button--secondary" onClick={reload}>
          {t('cards.retry')}
        </button>
      )}
      {data && data.authorizations.length === 0 && <p className="eng-empty">{t('cards.history.empty')}</p>}
      {data && data.authorizations.length > 0 && (
        <div className="eng-table-wrap">
          <table className="eng-table card-history">
            <caption className="eng-visually-hidden">{t('cards.history.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('cards.history.date')}</th>
                <th scope="col">{t('cards.history.merchant')}</th>
                <th scope="col">{t('cards.history.amount')}</th>
                <th scope="col">{t('cards.history.status')}</th>
              </tr>
            </thead>
            <tbody>
              {data.authorizations.map((row) => (
                <tr key={row.authorizationId} data-status={row.status}>
                  <td>{formatDateTime(row.createdAt, i18n.language)}</td>
                  <td>
                    {row.merchantName}
                    <span className="card-history__country"> · {row.merchantCountry}</span>
                  </td>
                  <td className="card-history__amount">
                    {formatMoney(row.amount, row.currencyCode, i18n.language)}
                    {row.merchantAmount && row.merchantCurrencyCode && row.merchantCurrencyCode !== row.currencyCode ? (
                      <span className="card-history__merchant-amount"> ({formatMoney(row.merchantAmount, row.merchantCurrencyCode, i18n.language)})</span>
                    ) : null}
                  </td>
                  <td>
                    <span className="eng-badge" data-value={row.status}>
                      {t(`cards.history.statuses.${row.status}`)}
                    </span>
                    {row.declineReason ? <span className="card-history__reason"> {t(`cards.history.declineReasons.${row.declineReason}`, { defaultValue: row.declineReason })}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.total > HISTORY_PAGE_SIZE && (
        <nav className="card-history__pages" aria-label={t('cards.history.pages')}>
          <button type="button" className="eng-button eng-button--secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('cards.history.previous')}
          </button>
          <span aria-live="polite">{t('cards.history.page', { page, pages })}</span>
          <button type="button" className="eng-button eng-button--secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('cards.history.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
