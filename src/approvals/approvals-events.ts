import type { AppAction } from '../../engine/index.ts';

/** The event the queue fires after a decision, so the navigation badge counts again. */
export const APPROVALS_CHANGED = 'approvals:changed';

/** Tells the navigation badge the queue changed. */
export function announceApprovalsChanged(target: EventTarget = window): void {
  target.dispatchEvent(new Event(APPROVALS_CHANGED));
}

/**
 * The queue's action for screen specs: `approvalsChanged`, named as `success.action` of a decision, tells
 * the navigation badge to count again.
 *
 * @example
 * createScreenRouter({ …, actions: { ...approvalActions() } });
 */
export function approvalActions(target: EventTarget = window): Record<string, AppAction> {
  return {
    approvalsChanged: () => {
      announceApprovalsChanged(target);
      return Promise.resolve(undefined);
    },
  };
}
