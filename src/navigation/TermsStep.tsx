import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { TermsStepStore } from './terms-step.ts';
import './navigation.css';

/**
 * The terms step shown before sign-in completes (document 000 section 4): a modal dialog listing the
 * terms versions to accept, each linking to its text; Accept is possible once the box is ticked.
 * Escape declines, like the Decline button.
 */
export function TermsStep({ store }: { store: TermsStepStore }) {
  const state = useSyncExternalStore(store.subscribe, store.state);
  if (!state) return null;
  return <TermsDialog store={store} terms={state.terms} busy={state.busy} error={state.error} />;
}

function TermsDialog({
  store,
  terms,
  busy,
  error,
}: {
  store: TermsStepStore;
  terms: { id: number; title: string; version: number; url: string }[];
  busy: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [agreed, setAgreed] = useState(false);
  const titleId = useId();
  const checkboxId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="terms-step"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        store.decline();
      }}
    >
      <h2 id={titleId}>{t('session.terms.title')}</h2>
      <p>{t('session.terms.intro')}</p>
      <ul className="terms-step__list">
        {terms.map((item) => (
          <li key={item.id}>
            <a href={item.url} target="_blank" rel="noreferrer">
              {item.title}
            </a>{' '}
            <span className="terms-step__version">{t('session.terms.version', { version: item.version })}</span>
          </li>
        ))}
      </ul>
      <p className="terms-step__agree">
        <input id={checkboxId} type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        <label htmlFor={checkboxId}>{t('session.terms.agree')}</label>
      </p>
      {error && (
        <p role="alert" className="terms-step__error">
          {error}
        </p>
      )}
      <div className="terms-step__actions">
        <button type="button" className="button button--primary" disabled={!agreed || busy} onClick={() => void store.accept()}>
          {t('session.terms.accept')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => store.decline()}>
          {t('session.terms.decline')}
        </button>
      </div>
    </dialog>
  );
}
