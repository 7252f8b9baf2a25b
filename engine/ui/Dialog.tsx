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
  /** The heading's level: 1 where the dialog is the whole screen (a screen shown as a dialog), else 2. */
  titleLevel?: 1 | 2;
  /** With `onClose`, a close button (this is its accessible name, already translated) in the top corner. */
  closeLabel?: string;
  /** A class added to the dialog's own (`eng-dialog--screen` for a whole screen). */
  className?: string;
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
export function Dialog({ title, onClose, role = 'dialog', initialFocus, buttons, titleLevel = 2, closeLabel, className, children }: DialogProps) {
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

  const Heading = titleLevel === 1 ? 'h1' : 'h2';
  return (
    <dialog
      ref={dialogRef}
      className={className ? `eng-dialog ${className}` : 'eng-dialog'}
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
      <Heading id={titleId} className="eng-dialog__title">
        {title}
      </Heading>
      <div id={bodyId}>{children}</div>
      {buttons ? <div className="eng-dialog__buttons">{buttons}</div> : null}
      {onClose && closeLabel ? (
        // After the body, so that the focus starts on the dialog's first field; drawn in the top corner.
        <button type="button" className="eng-dialog__close" aria-label={closeLabel} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </dialog>
  );
}
