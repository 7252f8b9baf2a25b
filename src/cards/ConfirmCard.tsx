import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { intlLocale, type CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { useLoaded } from '../app/use-loaded.ts';
import { CardArt, CardStatusBadge } from './CardArt.tsx';
import { CardLoadState } from './CardLoadState.tsx';
import { accountIdParam, cardPaths, hasDetailPage, productName } from './card-data.ts';
import { CardFact, CardFees, CardFormButtons, productFeeRows, usePending } from './card-form.tsx';
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
  const { pending, run } = usePending();
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

  const confirm = async () => {
    await run(async () => {
      const confirmed = await rpc('cardConfirm', { cardId: card.cardId });
      feedback.notify('cards.done.cardConfirm');
      await navigate(hasDetailPage(confirmed) ? cardPaths.detail(confirmed.accountId) : cardPaths.list);
    });
  };

  return (
    <div className="eng-section card-page">
      <CardArt card={card} />
      <div className="eng-panel card-form">
        <dl className="eng-details">
          <CardFact label={t('cards.product')}>
            {productName(card, t)} · {t(`cards.subType.${card.subType}`)}
          </CardFact>
          <CardFact label={t('cards.apply.country')} fact="country">{country}</CardFact>
          <CardFact label={t('cards.apply.currency')}>{card.currencyCode}</CardFact>
          <CardFact label={t('cards.statusLabel')}>
            <CardStatusBadge statusId={card.cardStatusId} />
          </CardFact>
          <CardFact label={t('cards.settlementAccount')}>
            <SettlementAccount accountId={card.settlementAccountId} />
          </CardFact>
          {!card.cardIsVirtual && (
            <CardFact label={t('cards.shipping')}>
              {t(card.expressShipping ? 'cards.shippingExpress' : 'cards.shippingStandard')}
              {delivery ? ` · ${delivery}` : ''}
            </CardFact>
          )}
        </dl>
        {product && (
          <CardFees caption={t('cards.apply.feesTitle')} currency={product.fees.currency} rows={[...productFeeRows(product.fees), !!shipping && { name: 'shipping', amount: shipping.fee, fact: true }]} />
        )}
        <p className="eng-help">{t(card.cardIsVirtual ? 'cards.confirm.nextVirtual' : 'cards.confirm.nextPhysical')}</p>
        {card.capabilities.confirm ? (
          <CardFormButtons back={cardPaths.list} label={t('cards.confirm.submit')} disabled={pending} onClick={() => void confirm()} />
        ) : (
          <p>
            {t('cards.confirm.already')} {hasDetailPage(card) ? <Link to={cardPaths.detail(card.accountId)}>{t('cards.backToCard')}</Link> : <Link to={cardPaths.list}>{t('cards.backToCards')}</Link>}
          </p>
        )}
      </div>
    </div>
  );
}
