import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardPaths } from './card-data.ts';

/** What a card page shows while its card loads, when it failed, or when the action is not open to the card. */
export function CardLoadState({ failed, reload, unavailable, accountId }: { failed: boolean; reload: () => Promise<void>; unavailable?: boolean; accountId?: number | null }) {
  const { t } = useTranslation();
  if (failed)
    return (
      <div className="eng-empty">
        <p>{t('cards.loadFailed')}</p>
        <button type="button" className="eng-button eng-button--secondary" onClick={() => void reload()}>
          {t('cards.retry')}
        </button>
      </div>
    );
  if (unavailable)
    return (
      <div className="eng-empty">
        <p>{t('cards.unavailable')}</p>
        {accountId ? <Link to={cardPaths.detail(accountId)}>{t('cards.backToCard')}</Link> : <Link to={cardPaths.list}>{t('cards.backToCards')}</Link>}
      </div>
    );
  return <p role="status">{t('cards.loading')}</p>;
}
