import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFound } from './NotFound';

/**
 * What a screen shows when opening it failed: its code or spec did not load (often a new deployment; a
 * reload fixes it), or a guard threw. It offers a reload and a way home. It needs nothing from the engine
 * options, so it also works as the last-resort boundary above them.
 *
 * @example
 * ```ts
 * { path: '/x', ErrorBoundary: RouteError }
 * ```
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (import.meta.env?.DEV) console.error(error);
  return (
    <div className="eng-screen eng-route-error" role="alert">
      <h1 className="eng-screen__title">{t('engine.error.screenTitle')}</h1>
      <p>{t('engine.error.screenText')}</p>
      {import.meta.env?.DEV && error instanceof Error && <pre className="eng-route-error__detail">{error.message}</pre>}
      <div className="eng-actions">
        <button type="button" className="eng-button eng-button--primary" onClick={() => window.location.reload()}>
          {t('engine.error.reload')}
        </button>
        <Link className="eng-button eng-button--secondary" to="/">
          {t('engine.notFound.home')}
        </Link>
      </div>
    </div>
  );
}
