import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';

/** What a question may say besides its message; every text already translated. */
export interface ConfirmWording {
  /** The heading; default 'Please confirm'. */
  title?: string;
  /** The button that answers yes; default 'Yes'. */
  yes?: string;
  /** The button that answers no; default 'No'. */
  no?: string;
  /** `danger` colours the yes button as destructive (deleting, declining). */
  tone?: 'primary' | 'danger';
}

/**
 * A modal question with Yes and No, in a {@link Dialog}. Escape answers No. The No button has the focus
 * first, because the questions guard irreversible actions.
 *
 * @example
 * ```tsx
 * <ConfirmDialog message="Delete this contact?" onAnswer={(yes) => yes && remove()} />
 * ```
 */
export function ConfirmDialog({ message, onAnswer, wording = {} }: { message: ReactNode; onAnswer: (yes: boolean) => void; wording?: ConfirmWording }) {
  const { t } = useTranslation();
  const noRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      title={wording.title ?? t('engine.confirm.title')}
      onClose={() => onAnswer(false)}
      initialFocus={noRef}
      buttons={
        <>
          <button ref={noRef} type="button" className="eng-button eng-button--secondary" onClick={() => onAnswer(false)}>
            {wording.no ?? t('engine.confirm.no')}
          </button>
          <button type="button" className={`eng-button eng-button--${wording.tone ?? 'primary'}`} onClick={() => onAnswer(true)}>
            {wording.yes ?? t('engine.confirm.yes')}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}

/** How {@link useConfirm} words a question: i18n keys, and the values the message interpolates. */
export interface ConfirmOptions {
  values?: Record<string, unknown>;
  titleKey?: string;
  yesKey?: string;
  noKey?: string;
  tone?: ConfirmWording['tone'];
}

/**
 * Asks a question in a {@link ConfirmDialog} and resolves with the answer. Render `dialog` somewhere in the
 * component; `confirm` takes the message's i18n key and, optionally, its values and the keys of the title
 * and buttons.
 *
 * @example
 * ```tsx
 * const { confirm, dialog } = useConfirm();
 * const onDelete = async () => {
 *   if (await confirm('contacts.deleteConfirm', { values: { name }, yesKey: 'contacts.delete', tone: 'danger' })) await remove();
 * };
 * return <>{dialog}<button onClick={onDelete}>Delete</button></>;
 * ```
 */
export function useConfirm(): { confirm: (messageKey: string, options?: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation();
  const [request, setRequest] = useState<{ messageKey: string; options: ConfirmOptions; resolve: (yes: boolean) => void } | null>(null);
  const confirm = useCallback(
    (messageKey: string, options: ConfirmOptions = {}) => new Promise<boolean>((resolve) => setRequest({ messageKey, options, resolve })),
    [],
  );
  const { values, titleKey, yesKey, noKey, tone } = request?.options ?? {};
  const dialog = request ? (
    <ConfirmDialog
      message={t(request.messageKey, values)}
      wording={{
        ...(titleKey ? { title: t(titleKey, values) } : {}),
        ...(yesKey ? { yes: t(yesKey) } : {}),
        ...(noKey ? { no: t(noKey) } : {}),
        ...(tone ? { tone } : {}),
      }}
      onAnswer={(yes) => {
        request.resolve(yes);
        setRequest(null);
      }}
    />
  ) : null;
  return { confirm, dialog };
}
