import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** The brand's bot-challenge site key, as its brand.json names it. */
function siteKeyOf(brand: string): string {
  const file = path.join(import.meta.dirname, '..', '..', 'brands', brand, 'brand.json');
  const siteKey = (JSON.parse(readFileSync(file, 'utf8')) as { botChallengeSiteKey?: string }).botChallengeSiteKey;
  if (!siteKey) throw new Error(`brands/${brand}/brand.json has no botChallengeSiteKey: its registration and recovery ask for no challenge.`);
  return siteKey;
}

/**
 * A token of the sandbox bot challenge solved for the brand's site key, to send as `challengeToken` with
 * a registration or recovery call (good once): what a person ticking "I am not a robot" gets.
 *
 * @example
 * await client.rpc('accountCreate', { ...registration, challengeToken: await solvedChallenge(server.url) });
 */
export async function solvedChallenge(baseUrl: string, brand = 'paxum'): Promise<string> {
  const response = await fetch(`${baseUrl}/sandbox/bot-challenge/solve`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ siteKey: siteKeyOf(brand) }),
  });
  if (!response.ok) throw new Error(`The sandbox bot challenge answered HTTP ${response.status}: is the server running with sandboxes?`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Ticks the form's "I am not a robot" (the botChallenge widget) and waits until it says the check passed.
 *
 * @example
 * await solveChallengeOnPage(page);
 * await page.getByRole('button', { name: 'Create account' }).click();
 */
export async function solveChallengeOnPage(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'I am not a robot' }).click();
  await page.getByRole('status').filter({ hasText: 'you are not a robot' }).waitFor();
}
