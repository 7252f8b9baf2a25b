import './feedback.css';
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ownMessages } from './catalogue.ts';
import { NOTICE_DURATION_MS, type FeedbackStore } from './feedback-store.ts';
import { NoticeArea } from '../../engine/index.ts';
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
 * The store's notices in the engine's notice area: announced politely, each closable, gone after 10 s
 * (document 000 section 9); a notice with an `href` (a notification) opens its page when clicked.
 */
function Notices({ store, navigate }: { store: FeedbackStore; navigate?: (href: string) => void }) {
  const { t } = useTranslation();
  const { notices } = useSyncExternalStore(store.subscribe, store.state);
  return (
    <NoticeArea
      notices={notices.map((notice) => ({ id: notice.id, text: t(notice.messageKey, notice.values), ...(notice.href ? { href: notice.href } : {}) }))}
      onDismiss={(id) => store.dismissNotice(Number(id))}
      navigate={navigate}
      durationMs={NOTICE_DURATION_MS}
    />
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
