const ACTING_CUSTOMER = 'session.actingCustomerId';

/**
 * The business customer a user acts for, sent as the Customer-Id header; null when acting for
 * themselves. Kept per tab, like the session it belongs to.
 *
 * @example
 * actingCustomerId(sessionStorage); // 4021 after ?fromCustomerId=4021
 */
export function actingCustomerId(storage: Storage): number | null {
  const stored = Number(storage.getItem(ACTING_CUSTOMER));
  return Number.isSafeInteger(stored) && stored > 0 ? stored : null;
}

/**
 * Starts acting for a business customer (document 000 section 2, query `fromCustomerId`), or stops with null.
 *
 * @example
 * actFor(Number(new URLSearchParams(location.search).get('fromCustomerId')), sessionStorage);
 */
export function actFor(customerId: number | null, storage: Storage): void {
  if (customerId !== null && Number.isSafeInteger(customerId) && customerId > 0) {
    storage.setItem(ACTING_CUSTOMER, String(customerId));
  } else {
    storage.removeItem(ACTING_CUSTOMER);
  }
}
