/**
 * `npx tsx scripts/screenshots.ts [out-folder]`: screenshots of the slice's screens at 375 px and 1280 px,
 * in two brands and two languages, against the built application, for a person to review.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../tests/support/browser.ts';
import { startServer } from '../tests/support/server-process.ts';

const out = path.resolve(process.argv[2] ?? '.tmp/screenshots');
const cases = [
  { brand: 'paxum', language: 'en' },
  { brand: 'aplus', language: 'es' },
];

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const browser = await launchChromium();
  for (const { brand, language } of cases) {
    const server = await startServer({ BRAND: brand });
    try {
      for (const width of [375, 1280]) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
        const page = await context.newPage();
        const shot = async (name: string) => {
          await page.waitForLoadState('networkidle');
          await page.screenshot({ path: path.join(out, `${brand}-${language}-${width}-${name}.png`), fullPage: true });
        };
        await page.goto(`${server.url}/login`);
        await page.locator('form input[type="email"], form input[autocomplete="username"]').first().waitFor();
        await shot('login');
        await page.locator('form input').first().fill('personal@example.com');
        await page.locator('form input[type="password"]').fill('Demo-pass-2026');
        await page.locator('form button[type="submit"]').click();
        await page.waitForURL('**/home');
        await page.locator('main table').first().waitFor();
        await shot('home');
        await page.goto(`${server.url}/history`);
        await page.locator('main table tbody tr').first().waitFor();
        await shot('history');
        await page.goto(`${server.url}/profile-update`);
        await page.locator('form input').first().waitFor();
        await shot('profile-update');
        await page.goto(`${server.url}/no-such-page`);
        await shot('not-found');
        await context.close();
      }
    } finally {
      await server.stop();
    }
  }
  await browser.close();
  console.log(`screenshots in ${out}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
