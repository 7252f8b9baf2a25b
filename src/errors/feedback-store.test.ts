import { afterEach, describe, expect, it, vi } from 'vitest';
import { MethodCallError } from '../../engine/index.ts';
import { clearNoticesOnNavigation, createFeedbackStore, noticeOnNextPage, NOTICE_DURATION_MS, type NavigationSource } from './feedback-store.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('feedback store', () => {
  it('queues error popups and shows them one at a time', () => {
    const feedback = createFeedbackStore();
    feedback.showError(new MethodCallError('CA', 'Closed account', {}));
    feedback.showError(new Error('Failed to fetch'));
    expect(feedback.state().popups.map((popup) => popup.header)).toEqual(['Closed account', 'Failed to fetch']);
    feedback.dismissPopup();
    expect(feedback.state().popups.map((popup) => popup.header)).toEqual(['Failed to fetch']);
  });

  it('keeps a notice until it is dismissed (the notice area times it: 10 seconds)', () => {
    const feedback = createFeedbackStore();
    const listener = vi.fn();
    feedback.subscribe(listener);
    feedback.notify('notices.profileSaved');
    expect(feedback.state().notices).toMatchObject([{ messageKey: 'notices.profileSaved' }]);
    expect(NOTICE_DURATION_MS).toBe(10_000);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('closes a notice early on request', () => {
    const feedback = createFeedbackStore();
    feedback.notify('notices.profileSaved');
    const [notice] = feedback.state().notices;
    feedback.dismissNotice(notice!.id);
    expect(feedback.state().notices).toEqual([]);
  });

  it('takes the notices away when the user reaches another page, and keeps one said on arrival', () => {
    let listener: ((state: { location: { pathname: string } }) => void) | undefined;
    const router: NavigationSource = {
      state: { location: { pathname: '/cards/virtual' } },
      subscribe: (next) => {
        listener = next;
        return () => (listener = undefined);
      },
    };
    const feedback = createFeedbackStore();
    const stop = clearNoticesOnNavigation(router, feedback);
    feedback.notify('cards.done.cardPause');
    // The same page again (a query or a reload of its data) keeps it.
    listener!({ location: { pathname: '/cards/virtual' } });
    expect(feedback.state().notices.map((notice) => notice.messageKey)).toEqual(['cards.done.cardPause']);
    // Another page: gone; a notice said once there stays until the next page.
    listener!({ location: { pathname: '/cards/12' } });
    expect(feedback.state().notices).toEqual([]);
    feedback.notify('cards.done.cardConfirm');
    expect(feedback.state().notices.map((notice) => notice.messageKey)).toEqual(['cards.done.cardConfirm']);
    listener!({ location: { pathname: '/home' } });
    expect(feedback.state().notices).toEqual([]);
    stop();
    expect(listener).toBeUndefined();
  });

  it('says a notice learnt while leaving a page on the next page, after the clearing, and only there', () => {
    const listeners = new Set<(state: { location: { pathname: string } }) => void>();
    const router: NavigationSource = {
      state: { location: { pathname: '/login' } },
      subscribe: (next) => {
        listeners.add(next);
        return () => listeners.delete(next);
      },
    };
    const go = (pathname: string) => [...listeners].forEach((listener) => listener({ location: { pathname } }));
    const feedback = createFeedbackStore();
    clearNoticesOnNavigation(router, feedback);
    noticeOnNextPage(router, feedback, 'session.environment.notAllowed', { customerId: 4021 });
    expect(feedback.state().notices).toEqual([]);
    go('/login');
    expect(feedback.state().notices).toEqual([]);
    go('/company-selection');
    expect(feedback.state().notices).toMatchObject([{ messageKey: 'session.environment.notAllowed', values: { customerId: 4021 } }]);
    go('/home');
    expect(feedback.state().notices).toEqual([]);
    expect(listeners.size).toBe(1);
  });
});
