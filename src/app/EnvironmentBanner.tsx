import { useTranslation } from 'react-i18next';

/**
 * A strip above every page while the tab talks to an environment other than production (chosen by
 * `?api` or kept from an earlier visit), with the way back: `?api=production` forgets the choice.
 */
export function EnvironmentBanner({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <aside className="sandbox-banner" aria-label={t('session.environment.banner', { name })}>
      {t('session.environment.banner', { name })} <a href="/?api=production">{t('session.environment.back')}</a>
    </aside>
  );
}
