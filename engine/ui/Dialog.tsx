import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What a {@link Dialog} shows and how it ends. */
export interface DialogProps {
  /** The heading, already translated. */
  title: ReactNode;
  /** Escape (and the browser's cancel) calls this; leave it out for a dialog that must be answered by its buttons. */
  onClose?: () => void;
  /** `alertdialog` for questions and outcomes that need attention; `dialog` for forms. */
  role?: 'dialog' | 'alertdialog';
  /** Gets the focus when the dialog opens; else the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Buttons, laid out as the dialog's button row. */
  buttons?: ReactNode;
  children?: ReactNode;
}

/**
 * A modal dialog. Built on `<dialog>` opened with `showModal()`, which makes the rest of the page
 * inert; Tab is also kept inside by hand for browsers and test DOMs that do not. Focus returns to
 * where it was when the dialog closes. The body is its description for screen readers.
 *
 * @example
 * ```tsx
 * <Dialog title="Enter the code" onClose={cancel} buttons={<button onClick={send}>Confirm</button>}>
 *   <input aria-label="Code" />
 * </Dialog>
 * ```
 */
export function Dialog({ title, onClose, role = 'dialog', initialFocus, buttons, children }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    (initialFocus?.current ?? dialog?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      previous?.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focus is placed once, when the dialog opens
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose?.();
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
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
    >
      <h2 id={titleId} className="eng-dialog__title">
        {title}
      </h2>
      <div id={bodyId}>{children}</div>
      {buttons ? <div className="eng-dialog__buttons">{buttons}</div> : null}
    </dialog>
  );
}
