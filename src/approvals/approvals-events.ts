/** The event the queue fires after a decision, so the navigation badge counts again. */
export const APPROVALS_CHANGED = 'approvals:changed';

/** Tells the navigation badge the queue changed. */
export function announceApprovalsChanged(target: EventTarget = window): void {
  target.dispatchEvent(new Event(APPROVALS_CHANGED));
}
