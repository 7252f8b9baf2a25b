import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal question with Yes and No. Built on `<dialog>` opened with `showModal()`, which makes the rest of
 * the page inert; Tab is also kept inside by hand for browsers and test DOMs that do not. Escape answers No.
 * The No button has the focus first, because the questions guard irreversible actions. Focus returns to
 * where it was when the dialog closes.
 *
 * @example
 * ```tsx
 * <ConfirmDialog message="Delete this contact?" onAnswer={(yes) => yes && remove()} />
 * ```
 */
export function ConfirmDialog({ message, onAnswer }: { message: ReactNode; onAnswer: (yes: boolean) => void }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const noRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    noRef.current?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      previous?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onAnswer(false);
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="eng-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(false);
      }}
    >
      <h2 id={titleId} className="eng-dialog__title">
        {t('engine.confirm.title')}
      </h2>
      <p id={messageId}>{message}</p>
      <div className="eng-dialog__buttons">
        <button ref={noRef} type="button" className="eng-button eng-button--secondary" onClick={() => onAnswer(false)}>
          {t('engine.confirm.no')}
        </button>
        <button type="button" className="eng-button eng-button--primary" onClick={() => onAnswer(true)}>
          {t('engine.confirm.yes')}
        </button>
      </div>
    </dialog>
  );
}

/**
 * Asks a question in a {@link ConfirmDialog} and resolves with the answer. Render `dialog` somewhere in the
 * component; `confirm` takes an i18n key.
 *
 * @example
 * ```tsx
 * const { confirm, dialog } = useConfirm();
 * const onDelete = async () => { if (await confirm('contacts.deleteConfirm')) await remove(); };
 * return <>{dialog}<button onClick={onDelete}>Delete</button></>;
 * ```
 */
export function useConfirm(): { confirm: (messageKey: string) => Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation();
  const [request, setRequest] = useState<{ messageKey: string; resolve: (yes: boolean) => void } | null>(null);
  const confirm = useCallback(
    (messageKey: string) => new Promise<boolean>((resolve) => setRequest({ messageKey, resolve })),
    [],
  );
  const dialog = request ? (
    <ConfirmDialog
      message={t(request.messageKey)}
      onAnswer={(yes) => {
        request.resolve(yes);
        setRequest(null);
      }}
    />
  ) : null;
  return { confirm, dialog };
}
