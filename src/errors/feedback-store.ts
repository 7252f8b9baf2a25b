import { errorAnswerOf, popupContent, type PopupContent } from './popup-rule.ts';

/** How long a notice stays on screen (document 000 section 9); the notice area (engine NoticeArea) times it. */
export const NOTICE_DURATION_MS = 10_000;

/** A short success message, by locale key. */
export interface Notice {
  id: number;
  messageKey: string;
  /** What the message interpolates, e.g. the answer of the call that succeeded. */
  values?: Record<string, unknown>;
  /** An application path the notice opens when clicked (a notification's tap). */
  href?: string;
}

/** An error popup waiting its turn. */
export interface Popup extends PopupContent {
  id: number;
}

/** What is on screen now: error popups waiting their turn (the first is shown) and the notices. */
export interface FeedbackState {
  popups: Popup[];
  notices: Notice[];
}

/** Collects errors and notices from anywhere (engine, session) for the one component that shows them. */
export interface FeedbackStore {
  /** Shows an error popup; wired as the engine's `onError`. */
  showError(error: unknown): void;
  /** Shows a notice (for 10 seconds, timed where it is drawn), its message interpolating `values`; wired as the engine's `notify`. */
  notify(messageKey: string, values?: Record<string, unknown>, options?: { href?: string }): void;
  /** Closes the popup on screen; the next one, if any, takes its place. */
  dismissPopup(): void;
  dismissNotice(id: number): void;
  /** Takes every notice off the screen (the user left the screen they were about). */
  clearNotices(): void;
  state(): FeedbackState;
  subscribe(listener: () => void): () => void;
}

/**
 * @example
 * const feedback = createFeedbackStore();
 * createScreenRouter({ …, onError: feedback.showError, notify: feedback.notify });
 * <Feedback store={feedback} />
 */
export function createFeedbackStore(): FeedbackStore {
  let state: FeedbackState = { popups: [], notices: [] };
  let nextId = 1;
  const listeners = new Set<() => void>();
  const set = (next: FeedbackState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };
  const store: FeedbackStore = {
    showError(error) {
      set({ ...state, popups: [...state.popups, { id: nextId++, ...popupContent(errorAnswerOf(error)) }] });
    },
    notify(messageKey, values, options) {
      const id = nextId++;
      const href = options?.href?.startsWith('/') && !options.href.startsWith('//') ? options.href : undefined;
      set({ ...state, notices: [...state.notices, { id, messageKey, ...(values ? { values } : {}), ...(href ? { href } : {}) }] });
    },
    dismissPopup() {
      set({ ...state, popups: state.popups.slice(1) });
    },
    dismissNotice(id) {
      if (state.notices.some((notice) => notice.id === id)) {
        set({ ...state, notices: state.notices.filter((notice) => notice.id !== id) });
      }
    },
    clearNotices() {
      if (state.notices.length > 0) set({ ...state, notices: [] });
    },
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

/** The part of a data router `clearNoticesOnNavigation` follows. */
export interface NavigationSource {
  state: { location: { pathname: string } };
  subscribe(listener: (state: { location: { pathname: string } }) => void): () => void;
}

/**
 * Clears the notices whenever the user reaches another page, so a notice never outlives the screen it
 * was about. A success that navigates says its notice once it has arrived (the engine notifies after
 * the navigation), so that notice stays. Answers the unsubscribe.
 *
 * @example
 * clearNoticesOnNavigation(router, feedback);
 */
export function clearNoticesOnNavigation(router: NavigationSource, feedback: Pick<FeedbackStore, 'clearNotices'>): () => void {
  let pathname = router.state.location.pathname;
  return router.subscribe((state) => {
    if (state.location.pathname === pathname) return;
    pathname = state.location.pathname;
    feedback.clearNotices();
  });
}

/**
 * Says a notice once the user has reached the next page, for something learnt while leaving this one (a
 * refusal found during a sign-in that then goes to the start page): said at once, it would be cleared by
 * {@link clearNoticesOnNavigation} on arrival. Subscribe this after that one, so it speaks after the clearing.
 *
 * @example
 * noticeOnNextPage(router, feedback, 'session.environment.notAllowed', { customerId: 4021 });
 */
export function noticeOnNextPage(
  router: NavigationSource,
  feedback: Pick<FeedbackStore, 'notify'>,
  messageKey: string,
  values?: Record<string, unknown>,
): void {
  const pathname = router.state.location.pathname;
  const stop = router.subscribe((state) => {
    if (state.location.pathname === pathname) return;
    stop();
    feedback.notify(messageKey, values);
  });
}
