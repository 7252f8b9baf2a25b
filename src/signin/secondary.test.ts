import { afterEach, describe, expect, it, vi } from 'vitest';
import { markSignedIn, secondaryLoadAllowed, SECONDARY_DELAY_MS } from './secondary.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('secondary loads', () => {
  it('wait 5 seconds after a sign-in, then go at once', async () => {
    vi.useFakeTimers();
    markSignedIn(Date.now());
    let allowed = false;
    void secondaryLoadAllowed().then(() => (allowed = true));
    await vi.advanceTimersByTimeAsync(SECONDARY_DELAY_MS - 1);
    expect(allowed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(allowed).toBe(true);
    await expect(secondaryLoadAllowed()).resolves.toBeUndefined();
  });
});
