/**
 * Consent to analytics (issue 19 item 4): nothing is sent or recorded before the customer accepts; the
 * choice is remembered for 365 days (document 002 section 9, cookie expiry); Do Not Track is honoured
 * without asking. Pure apart from the storage and clock passed in.
 */

export const CONSENT_STORAGE_KEY = 'analyticsConsent';
/** Document 002 section 9: cookie expiry 365 days. */
export const CONSENT_LIFETIME_MS = 365 * 24 * 60 * 60_000;

export type ConsentChoice = 'accepted' | 'declined';
/** What the application does: ask, record, or leave analytics off. */
export type ConsentState = ConsentChoice | 'unasked' | 'doNotTrack';

/**
 * The consent in force now.
 *
 * @example
 * readConsent(localStorage, Date.now(), navigator.doNotTrack); // 'unasked' the first time
 */
export function readConsent(storage: Pick<Storage, 'getItem'>, now: number, doNotTrack: string | null | undefined): ConsentState {
  if (doNotTrack === '1') return 'doNotTrack';
  try {
    const stored = JSON.parse(storage.getItem(CONSENT_STORAGE_KEY) ?? 'null') as { choice?: unknown; until?: unknown } | null;
    if ((stored?.choice === 'accepted' || stored?.choice === 'declined') && typeof stored.until === 'number' && stored.until > now) return stored.choice;
  } catch {
    // A value written by something else: ask again.
  }
  return 'unasked';
}

/**
 * Remembers the customer's choice for 365 days.
 *
 * @example
 * rememberConsent(localStorage, 'accepted', Date.now());
 */
export function rememberConsent(storage: Pick<Storage, 'setItem'>, choice: ConsentChoice, now: number): void {
  storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ choice, until: now + CONSENT_LIFETIME_MS }));
}
