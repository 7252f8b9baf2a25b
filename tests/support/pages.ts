import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser.ts';
import { startServer, type RunningServer } from './server-process.ts';
import { signedInPage } from './sign-in.ts';

export { signedInPage };

/**
 * Starts Chromium and one server for a test file (before its tests, stopped after them) and signs
 * pages in against it. Read `browser` and `server` inside tests, once the file's setup has run.
 *
 * @example
 * const e2e = browserAndServer();
 * it('opens news', async () => { const page = await e2e.signedInPage('personal@example.com'); });
 */
export function browserAndServer(env: Record<string, string> = { BRAND: 'paxum' }) {
  let browser: Browser | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    server = await startServer(env);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('browserAndServer() is read before its beforeAll ran: use it inside a test.');
    return value;
  };
  return {
    get browser(): Browser {
      return started(browser);
    },
    get server(): RunningServer {
      return started(server);
    },
    signedInPage: (username: string, width = 1280) => signedInPage(started(browser), started(server).url, username, { width }),
  };
}
