import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** How long a notice stays unless the person is on it (hovered or focused): 10 s. */
export const NOTICE_AREA_DURATION_MS = 10_000;

/** One short message of a notice area. */
export interface NoticeItem {
  id: number | string;
  /** What it says, already worded. */
  text: ReactNode;
  /** An application path the notice opens when clicked (a link); without it the notice is plain text. */
  href?: string;
}

/** What a notice area draws and whom it tells. */
export interface NoticeAreaProps {
  notices: readonly NoticeItem[];
  /** The notice's time is up, or the person closed it or followed its link: take it away. */
  onDismiss(id: NoticeItem['id']): void;
  /** Opens a notice's `href` in the application; without it the link is followed as any link. */
  navigate?(href: string): void;
  /** How long each notice stays (default 10000 ms); the time stops while the pointer or focus is on it. */
  durationMs?: number;
  /** The area's class, for the application's own placement and look (default `eng-notice-area`). */
  className?: string;
}

/** Only an address inside the application is a link: `/path`, never `//host` or `https://`. */
const inApp = (href: string | undefined) => (href?.startsWith('/') && !href.startsWith('//') ? href : undefined);

function Notice({ notice, onDismiss, navigate, durationMs }: { notice: NoticeItem; onDismiss(): void; navigate?(href: string): void; durationMs: number }) {
  const { t } = useTranslation();
  const [held, setHeld] = useState(false);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    if (held) return undefined;
    const timer = setTimeout(() => dismiss.current(), durationMs);
    return () => clearTimeout(timer);
  }, [held, durationMs]);
  const href = inApp(notice.href);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!navigate || !href || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    onDismiss();
    navigate(href);
  };
  return (
    <div
      className="eng-notice-area__item"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      {href ? (
        <a className="eng-notice-area__link" href={href} onClick={open}>
          {notice.text}
        </a>
      ) : (
        <span className="eng-notice-area__text">{notice.text}</span>
      )}
      <button type="button" className="eng-notice-area__close" aria-label={t('engine.notice.dismiss')} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

/**
 * A corner of short messages (a success, something that just arrived): each is announced politely to
 * screen readers (the area is an `aria-live` status region), stays `durationMs` (10000 ms), longer while
 * the pointer or the keyboard focus is on it, and can be closed with its own button. A notice with an
 * `href` is a link: clicked, it goes away and `navigate` opens its page; it is reached with Tab like any
 * link. Addresses off the application (`//host`, `https:`) are shown as plain text.
 *
 * @example
 * ```tsx
 * <NoticeArea
 *   notices={[{ id: 1, text: 'Saved.' }, { id: 2, text: 'A new message arrived', href: '/inbox/7' }]}
 *   onDismiss={(id) => setNotices((all) => all.filter((notice) => notice.id !== id))}
 *   navigate={(href) => router.navigate(href)}
 * />
 * ```
 */
export function NoticeArea({ notices, onDismiss, navigate, durationMs = NOTICE_AREA_DURATION_MS, className = 'eng-notice-area' }: NoticeAreaProps) {
  return (
    <div className={className} role="status" aria-live="polite">
      {notices.map((notice) => (
        <Notice key={notice.id} notice={notice} onDismiss={() => onDismiss(notice.id)} navigate={navigate} durationMs={durationMs} />
      ))}
    </div>
  );
}
