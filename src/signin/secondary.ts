/** Secondary data loads wait 5 seconds after login (document 000 sections 4 and 9). */
export const SECONDARY_DELAY_MS = 5_000;

let signedInAt = Number.NEGATIVE_INFINITY;

/** Records that a sign-in just completed. */
export function markSignedIn(now: number = Date.now()): void {
  signedInAt = now;
}

/**
 * Resolves once secondary data may load: at once, or when 5 seconds have passed since the last
 * sign-in of this tab.
 *
 * @example
 * await secondaryLoadAllowed();
 * const devices = await factors.devices(token);
 */
export function secondaryLoadAllowed(now: () => number = Date.now): Promise<void> {
  const wait = signedInAt + SECONDARY_DELAY_MS - now();
  return wait <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, wait));
}
