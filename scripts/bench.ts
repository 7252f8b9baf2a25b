/**
 * `npm run bench`: the gzipped JavaScript bytes of the initial load of /login and of /home, measured in
 * Chromium against the built application (run `npm run build` first). Prints figures; asserts nothing.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/support/browser.ts';
import { startServer } from '../tests/support/server-process.ts';

const LOGIN_BUDGET = 160 * 1024;

/** Loads `path` in a fresh navigation and sums the gzipped size of every JavaScript file it fetched. */
async function javascriptBytes(page: Page, url: string): Promise<{ raw: number; gzip: number; files: number }> {
  const bodies: Promise<Buffer>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    const type = response.request().resourceType();
    if (type === 'script' || response.url().endsWith('.js')) bodies.push(response.body());
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  const all = await Promise.all(bodies);
  return {
    files: all.length,
    raw: all.reduce((sum, b) => sum + b.length, 0),
    gzip: all.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
  };
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function main(): Promise<void> {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
    const login = await javascriptBytes(page, `${server.url}/login`);
    console.log(`/login initial load: ${login.files} JavaScript files, ${kB(login.gzip)} gzipped (${kB(login.raw)} raw); budget ${kB(LOGIN_BUDGET)}: ${login.gzip <= LOGIN_BUDGET ? 'within' : 'OVER'}`);

    await page.fill('#login_username', 'personal@example.com');
    await page.fill('#login_password', 'Demo-pass-2026');
    await page.press('#login_password', 'Enter');
    await page.waitForURL('**/home');
    const home = await javascriptBytes(page, `${server.url}/home`);
    console.log(`/home initial load: ${home.files} JavaScript files, ${kB(home.gzip)} gzipped (${kB(home.raw)} raw)`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
