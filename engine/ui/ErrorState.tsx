import { useTranslation } from 'react-i18next';

/**
 * Says that something could not be loaded, and offers to try again. The message is an alert, so a screen
 * reader announces it without the user having to find it.
 *
 * @example
 * ```tsx
 * if (error) return <ErrorState onRetry={() => mutate()} />;
 * ```
 */
export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="eng-error-state" role="alert">
      <p>{message ?? t('engine.error.load')}</p>
      {onRetry && (
        <button type="button" className="eng-button eng-button--secondary" onClick={onRetry}>
          {t('engine.error.retry')}
        </button>
      )}
    </div>
  );
}
