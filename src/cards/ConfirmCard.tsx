import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney, intlLocale, type CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { useLoaded } from '../app/use-loaded.ts';
import { CardArt, CardStatusBadge } from './CardArt.tsx';
import { CardLoadState } from './CardLoadState.tsx';
import { accountIdParam, cardPaths, hasDetailPage, productName } from './card-data.ts';
import { SettlementAccount } from './SettlementAccount.tsx';
import { deliveryText } from './shipping.ts';
import { useCardOffer } from './use-card.ts';
import './cards.css';

/**
 * Confirm a card application (/confirm-card/{cardId}): what was asked for and what it costs, then
 * `cardConfirm`; the card goes to the processor and the customer to the card (pending activation when
 * virtual, printing when physical).
 */
export function ConfirmCard({ params }: CustomScreenProps) {
  const { t, i18n } = useTranslation();
  const { rpc, feedback } = useApp();
  const navigate = useNavigate();
  const cardId = accountIdParam(params, 'cardId');
  const list = useLoaded(() => rpc('cardList', {}));
  const [pending, setPending] = useState(false);
  const card = list.data?.cards.find((candidate) => candidate.cardId === cardId);
  // The fees and shipping of the country the card was applied for, which need not be the customer's.
  const offer = useCardOffer(card);
  if (!list.data) return <CardLoadState failed={list.failed} reload={list.reload} />;
  if (!card) return <CardLoadState failed={false} reload={list.reload} unavailable />;
  const product = offer?.products.find((candidate) => candidate.productType === card.productType);
  const shipping = product?.shippingOptions.find((option) => option.id === card.shippingOptionId);
  const locale = intlLocale(i18n.language);
  const delivery = shipping && deliveryText(shipping, t, locale);
  const country = new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(card.countryCode) ?? card.countryCode;
  const money = (amount: string) => formatMoney(amount, product!.fees.currency, i18n.language);

  const confirm = async () => {
    setPending(true);
    try {
      const confirmed = await rpc('cardConfirm', { cardId: card.cardId });
      feedback.notify('cards.done.cardConfirm');
      await navigate(hasDetailPage(confirmed) ? cardPaths.detail(confirmed.accountId) : cardPaths.list);
    } catch (error) {
      feedback.showError(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="eng-section card-page">
      <CardArt card={card} />
      <div className="card-form">
        <dl className="eng-details">
          <div className="eng-details__item">
            <dt>{t('cards.product')}</dt>
            <dd>
              {productName(card, t)} · {t(`cards.subType.${card.subType}`)}
            </dd>
          </div>
          <div className="eng-details__item">
            <dt>{t('cards.apply.country')}</dt>
            <dd data-fact="country">{country}</dd>
          </div>
          <div className="eng-details__item">
            <dt>{t('cards.apply.currency')}</dt>
            <dd>{card.currencyCode}</dd>
          </div>
          <div className="eng-details__item">
            <dt>{t('cards.statusLabel')}</dt>
            <dd>
              <CardStatusBadge statusId={card.cardStatusId} />
            </dd>
          </div>
          <div className="eng-details__item">
            <dt>{t('cards.settlementAccount')}</dt>
            <dd>
              <SettlementAccount accountId={card.settlementAccountId} />
            </dd>
          </div>
          {!card.cardIsVirtual && (
            <div className="eng-details__item">
              <dt>{t('cards.shipping')}</dt>
              <dd>
                {t(card.expressShipping ? 'cards.shippingExpress' : 'cards.shippingStandard')}
                {delivery ? ` · ${delivery}` : ''}
              </dd>
            </div>
          )}
        </dl>
        {product && (
          <table className="card-fees">
            <caption>{t('cards.apply.feesTitle')}</caption>
            <tbody>
              <tr>
                <th scope="row">{t('cards.fees.annual')}</th>
                <td data-fact="annual">{money(product.fees.annual)}</td>
              </tr>
              <tr>
                <th scope="row">{t('cards.fees.issue')}</th>
                <td data-fact="issue">{money(product.fees.issue)}</td>
              </tr>
              <tr>
                <th scope="row">{t('cards.fees.monthly')}</th>
                <td data-fact="monthly">{money(product.fees.monthly)}</td>
              </tr>
              {shipping && (
                <tr>
                  <th scope="row">{t('cards.fees.shipping')}</th>
                  <td data-fact="shipping">{money(shipping.fee)}</td>
                </tr>
              )}
            </tbody>
          </table>
        )}
        <p className="eng-help">{t(card.cardIsVirtual ? 'cards.confirm.nextVirtual' : 'cards.confirm.nextPhysical')}</p>
        {card.capabilities.confirm ? (
          <div className="card-form__buttons">
            <Link className="eng-button eng-button--secondary" to={cardPaths.list}>
              {t('cards.cancel')}
            </Link>
            <button type="button" className="eng-button eng-button--primary" disabled={pending} onClick={() => void confirm()}>
              {t('cards.confirm.submit')}
            </button>
          </div>
        ) : (
          <p>
            {t('cards.confirm.already')} {hasDetailPage(card) ? <Link to={cardPaths.detail(card.accountId)}>{t('cards.backToCard')}</Link> : <Link to={cardPaths.list}>{t('cards.backToCards')}</Link>}
          </p>
        )}
      </div>
    </div>
  );
}
