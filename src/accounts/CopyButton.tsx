import { useTranslation } from 'react-i18next';
import { useApp } from '../app/app-context.tsx';

/**
 * A button that copies `text` to the clipboard and says so; `label` names what is copied for screen
 * readers ("Copy IBAN").
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const { feedback } = useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      feedback.notify('accounts.copied');
    } catch {
      feedback.notify('accounts.copyFailed');
    }
  };
  return (
    <button type="button" className="eng-button eng-button--secondary" onClick={() => void copy()}>
      {t('accounts.copy')}
      <span className="eng-visually-hidden"> {label}</span>
    </button>
  );
}
