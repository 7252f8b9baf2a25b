import './feedback.css';
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ownMessages } from './catalogue.ts';
import type { FeedbackStore } from './feedback-store.ts';
import type { PopupContent } from './popup-rule.ts';

/** Says a popup text in the user's language when it is one of the application's own, else as the server wrote it. */
function useSay() {
  const { t } = useTranslation();
  return (text: string) => {
    const key = ownMessages[text];
    return key ? t(key) : text;
  };
}

/**
 * The error popup: a modal dialog (focus moves into it, Escape closes it, the page behind is inert),
 * labelled by its header and described by its body.
 */
function ErrorPopup({ popup, onClose }: { popup: PopupContent; onClose(): void }) {
  const { t } = useTranslation();
  const say = useSay();
  const dialog = useRef<HTMLDialogElement>(null);
  const headerId = useId();
  const bodyId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="error-popup" aria-labelledby={headerId} aria-describedby={popup.body ? bodyId : undefined} onClose={onClose}>
      <h2 id={headerId} className="error-popup__header">
        {say(popup.header)}
      </h2>
      {popup.body && (
        <p id={bodyId} className="error-popup__body">
          {say(popup.body)}
        </p>
      )}
      <form method="dialog">
        <button type="submit" className="button button--primary">
          {t('errors.close')}
        </button>
      </form>
    </dialog>
  );
}

/**
 * Notices, announced politely to screen readers; each can be closed before its 10 seconds are up. A notice
 * with an `href` (a notification) is a link: clicked, it opens its page in the application (`navigate`).
 */
function Notices({ store, navigate }: { store: FeedbackStore; navigate?: (href: string) => void }) {
  const { t } = useTranslation();
  const { notices } = useSyncExternalStore(store.subscribe, store.state);
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((notice) => (
        <div key={notice.id} className="notice">
          {notice.href ? (
            <a
              className="notice__link"
              href={notice.href}
              onClick={(event) => {
                if (!navigate || event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                store.dismissNotice(notice.id);
                navigate(notice.href!);
              }}
            >
              {t(notice.messageKey, notice.values)}
            </a>
          ) : (
            <span>{t(notice.messageKey, notice.values)}</span>
          )}
          <button type="button" className="notice__close" aria-label={t('notices.dismiss')} onClick={() => store.dismissNotice(notice.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/**
 * Shows what the feedback store collects: the first waiting error popup and the notices. Mount once,
 * beside the router.
 *
 * @example
 * <Feedback store={feedback} />
 */
export function Feedback({ store, navigate }: { store: FeedbackStore; navigate?: (href: string) => void }) {
  const { popups } = useSyncExternalStore(store.subscribe, store.state);
  const popup = popups[0];
  return (
    <>
      {/* A key per popup remounts the dialog, so each one opens (and takes focus) afresh. */}
      {popup && <ErrorPopup key={popup.id} popup={popup} onClose={() => store.dismissPopup()} />}
      <Notices store={store} navigate={navigate} />
    </>
  );
}
