import { useTranslation } from 'react-i18next';

/**
 * Whether the server that served this page runs its sandboxes (every environment but production). The
 * server writes it into `<meta name="environment">`; a page without the tag (a test harness) is not one.
 *
 * @example
 * isSandbox(document); // true under <meta name="environment" content="sandbox">
 */
export function isSandbox(doc: Document): boolean {
  return doc.querySelector<HTMLMetaElement>('meta[name="environment"]')?.content === 'sandbox';
}

/**
 * A thin strip above every page outside production, so nobody mistakes the sandbox for the bank: no
 * real money moves, and codes sent by SMS or e-mail are read in the sandbox outbox.
 */
export function SandboxBanner() {
  const { t } = useTranslation();
  return (
    <aside className="sandbox-banner" aria-label={t('sandbox.label')}>
      {t('sandbox.banner')}{' '}
      <a href="/sandbox/outbox" target="_blank" rel="noreferrer">
        {t('sandbox.outbox')}
      </a>
    </aside>
  );
}
