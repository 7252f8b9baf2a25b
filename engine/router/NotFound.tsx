import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEngine } from '../provider/EngineProvider';
import { useDocumentTitle } from './ScreenView';

/**
 * The engine's 404: says the page does not exist and links home. Used for every path no spec matches,
 * unless a spec has route `*`.
 *
 * @example
 * ```tsx
 * <NotFound />
 * ```
 */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="eng-screen eng-not-found">
      <h1 className="eng-screen__title" tabIndex={-1}>
        {t('engine.notFound.title')}
      </h1>
      <p>{t('engine.notFound.text')}</p>
      <Link className="eng-button eng-button--primary" to="/">
        {t('engine.notFound.home')}
      </Link>
    </div>
  );
}

/** The catch-all route's component: the application's `notFound` if it gave one, else {@link NotFound}. */
export function NotFoundRoute() {
  const { notFound: Custom } = useEngine();
  const { t } = useTranslation();
  useDocumentTitle(t('engine.notFound.title'));
  return Custom ? <Custom /> : <NotFound />;
}
