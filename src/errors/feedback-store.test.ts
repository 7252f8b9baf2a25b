import { afterEach, describe, expect, it, vi } from 'vitest';
import { MethodCallError } from '../../engine/index.ts';
import { createFeedbackStore, NOTICE_DURATION_MS } from './feedback-store.ts';

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

  it('keeps a notice for 10 seconds', () => {
    vi.useFakeTimers();
    const feedback = createFeedbackStore();
    const listener = vi.fn();
    feedback.subscribe(listener);
    feedback.notify('notices.profileSaved');
    expect(feedback.state().notices).toMatchObject([{ messageKey: 'notices.profileSaved' }]);
    vi.advanceTimersByTime(NOTICE_DURATION_MS - 1);
    expect(feedback.state().notices).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(feedback.state().notices).toHaveLength(0);
    expect(NOTICE_DURATION_MS).toBe(10_000);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('closes a notice early on request', () => {
    const feedback = createFeedbackStore();
    feedback.notify('notices.profileSaved');
    const [notice] = feedback.state().notices;
    feedback.dismissNotice(notice!.id);
    expect(feedback.state().notices).toEqual([]);
  });
});
