import { describe, expect, it } from 'vitest';
import { CONSENT_LIFETIME_MS, readConsent, rememberConsent } from './consent.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('analytics consent', () => {
  it('asks first, then remembers the choice for 365 days', () => {
    const storage = memoryStorage();
    expect(readConsent(storage, 0, null)).toBe('unasked');
    rememberConsent(storage, 'accepted', 1_000);
    expect(readConsent(storage, 1_000 + CONSENT_LIFETIME_MS - 1, null)).toBe('accepted');
    expect(readConsent(storage, 1_000 + CONSENT_LIFETIME_MS, null)).toBe('unasked');
    rememberConsent(storage, 'declined', 0);
    expect(readConsent(storage, 5, '0')).toBe('declined');
  });

  it('honours Do Not Track whatever was stored', () => {
    const storage = memoryStorage();
    rememberConsent(storage, 'accepted', 0);
    expect(readConsent(storage, 1, '1')).toBe('doNotTrack');
  });

  it('asks again when the stored value is not ours', () => {
    const storage = memoryStorage();
    storage.setItem('analyticsConsent', '{not json');
    expect(readConsent(storage, 1, null)).toBe('unasked');
  });
});
