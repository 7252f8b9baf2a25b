/**
 * A business registers in Debian's Chromium, as a person would: the four company forms, the people, the
 * directors and owners, a company shareholder with its own director (a two-level shareholder tree), a
 * share sum the server refuses on its field and that is then fixed, the draft resumed after a reload, and
 * the registration sent; the activation code then arrives in the sandbox outbox.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.ts';
import { businessWizard } from '../support/business-wizard.ts';
import { launchChromium } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';

let browser: Browser;
let server: RunningServer;
const shots = process.env.WIZARD_SHOTS;

beforeAll(async () => {
  browser = await launchChromium();
  server = await startServer({ BRAND: 'paxum' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('business registration', () => {
  it('registers a business with a company shareholder, fixes a refused share sum, resumes the draft after a reload and sends it', async () => {
    const stamp = Date.now();
    const companyEmail = `northwind.${stamp}@example.com`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    const page = await context.newPage();
    await page.goto(`${server.url}/register/business`);
    const wizard = businessWizard(page, { shots });

    await wizard.heading(/Step 1 of \d+: Company/);
    await wizard.fillCompany({ name: 'Fabrikam Media Ltd', email: companyEmail, registrationNumber: `FM${stamp % 1_000_000}` });
    await wizard.next();
    await wizard.heading(/Financial information/);
    await wizard.fillFinancialInfo();
    await wizard.next();
    await wizard.heading(/Due diligence/);
    await wizard.fillDueDiligence();
    await wizard.next();

    await wizard.heading(/People/);
    await wizard.addPerson('Anna', 'Director', `anna.${stamp}@example.com`);
    await wizard.addPerson('Ben', 'Holder');
    await wizard.addPerson('Cora', 'Board');
    await wizard.next();

    await wizard.heading(/Directors/);
    await wizard.pick('Anna Director');
    await wizard.next();
    await wizard.heading(/beneficial owners/);
    await wizard.pick('Ben Holder');
    await wizard.next();

    await wizard.heading(/Shareholding companies/);
    await wizard.addCompany('Holdco SA', 'Cora Board');
    await wizard.next();

    await wizard.heading(/Shareholders/);
    await wizard.addShareholder('A person', 'Ben Holder', '60', { first: true });
    await wizard.addShareholder('A company', 'Holdco SA', '50');
    await wizard.next();

    await wizard.heading(/Terms/);
    await wizard.acceptTerms();
    await wizard.next();
    await wizard.heading(/Review and send/);

    // The draft is kept: a reload opens the review again with every answer.
    await page.reload();
    await wizard.heading(/Review and send/);
    expect(await page.getByText('We restored the answers you saved last time.').count()).toBe(1);
    expect(await page.locator('.eng-wizard').innerText()).toContain('Fabrikam Media Ltd');

    // 60 + 50 is over 100: refused on the shareholders, which open; lowered to 40, it goes through.
    await wizard.send();
    await wizard.heading(/Shareholders/);
    await expect.poll(() => page.locator('.eng-hub').innerText()).toMatch(/100/);
    await wizard.changeShare('Shareholder 2', '40');
    await wizard.next();
    await wizard.heading(/Terms/);
    await wizard.acceptTerms();
    await wizard.next();
    await wizard.heading(/Review and send/);
    await wizard.send();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('business-registration'))).toBeNull();

    const query = new URLSearchParams({ to: companyEmail });
    await expect
      .poll(async () => JSON.parse((await new ApiClient(server.url).get(`/sandbox/outbox/messages?${query}`)).text).messages.length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    await context.close();
  });
});
