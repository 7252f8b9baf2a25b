import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * An accessible "loading" indicator: a status region read once by screen readers, and a spinner that keeps
 * the space it will give to the content, so nothing jumps when the data arrives.
 *
 * @example
 * ```tsx
 * if (isLoading) return <LoadingIndicator />;
 * ```
 */
export function LoadingIndicator({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="eng-loading" role="status" aria-live="polite">
      <span className="eng-spinner" aria-hidden="true" />
      <span className="eng-loading__text">{label ?? t('engine.loading')}</span>
    </div>
  );
}

/**
 * A thin bar at the top of the page while the router loads the next screen (its spec, its code, its guard).
 * Fixed-positioned, so it never pushes the page down.
 *
 * @example
 * ```tsx
 * <NavigationProgress />
 * ```
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  if (navigation.state === 'idle') return null;
  return <div className="eng-navigation-progress" role="progressbar" aria-label={t('engine.loading')} />;
}
