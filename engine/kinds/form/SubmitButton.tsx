import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The primary button of a form. While the call runs it is disabled (no double submit) and says so to
 * screen readers; its width does not change, so nothing around it moves.
 *
 * @example
 * ```tsx
 * <SubmitButton pending={pending}>{t('engine.submit')}</SubmitButton>
 * ```
 */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="eng-button eng-button--primary" disabled={pending} aria-busy={pending || undefined}>
      {pending && <span className="eng-spinner eng-spinner--inline" aria-hidden="true" />}
      {children}
      {pending && <span className="eng-visually-hidden">{` ${t('engine.pending')}`}</span>}
    </button>
  );
}
