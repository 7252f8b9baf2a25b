/**
 * The new-business variant of the registration wizard in Debian's Chromium (issue 17; document 002 section
 * 2): the personal demo customer, signed in, opens "New business" from the main navigation's menu, finds
 * themselves already the first person (a user with full rights, under their login), takes the short path
 * (themselves as director, owner and only shareholder), sends it and lands in the new business, which the
 * header names.
 *
 * NEW_BUSINESS_SHOTS=/some/folder screenshots the steps at 1280 and 375 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { businessWizard } from '../support/business-wizard.ts';
import { browserAndServer, signedInPage } from '../support/pages.ts';

const e2e = browserAndServer();
const shots = process.env.NEW_BUSINESS_SHOTS;

/** Screenshots the page at 1280 and 375 px when NEW_BUSINESS_SHOTS names a folder. */
async function stage(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('registering a new business, signed in', () => {
  it('opens the wizard from the menu with the user as its first user, sends the short path and lands in the new business', async () => {
    const stamp = Date.now();
    const name = `Contoso Studio ${stamp % 100_000} Ltd`;
    const page = await signedInPage(e2e.browser, e2e.server.url, DEMO_LOGINS.personal);
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('link', { name: 'New business' }).click();
    await page.waitForURL(/\/register\/business\/new$/);
    const wizard = businessWizard(page, { screen: 'register-business-new' });

    await wizard.heading(/Step 1 of \d+: Company/);
    await stage(page, '01-company');
    await wizard.fillCompany({ name, email: `contoso.${stamp}@example.com`, registrationNumber: `CS${stamp % 1_000_000}` });
    await wizard.next();
    await wizard.heading(/Financial information/);
    await wizard.fillFinancialInfo();
    await wizard.next();
    await wizard.heading(/Due diligence/);
    await wizard.fillDueDiligence();
    await wizard.next();

    // The signed-in user is already the first person, a user under their login.
    await wizard.heading(/People/);
    const me = page.locator('.eng-hub__item').first();
    await me.waitFor();
    const myName = (await me.innerText())
      .split('\n')[0]!
      .replace(/^Person \d+: /, '')
      .trim();
    expect(await page.locator('.eng-hub__item').count()).toBe(1);
    await stage(page, '02-people');
    await wizard.next();
    await wizard.heading(/Directors/);
    await wizard.pick(myName);
    await wizard.next();
    await wizard.heading(/beneficial owners/);
    await wizard.pick(myName);
    await wizard.next();
    await wizard.heading(/Shareholding companies/);
    await wizard.next();
    await wizard.heading(/Shareholders/);
    await wizard.addShareholder('A person', myName, '100', { first: true });
    await page.locator('.eng-hub__item', { hasText: `Shareholder 1: ${myName}, 100 %` }).waitFor();
    await stage(page, '03-shareholders');
    await wizard.next();
    await wizard.heading(/Terms/);
    await wizard.acceptTerms();
    await wizard.next();
    await wizard.heading(/Review and send/);
    await stage(page, '04-review');
    await wizard.send();

    // Acting for the new business, at its start page (document 002 section 4): a company without tax
    // self-certification is asked for it first; put off, the header names the company.
    await page.waitForURL('**/self-certification-business-splash', { timeout: 30_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('session.actingCustomerId'))).toMatch(/^[1-9][0-9]*$/);
    await stage(page, '05-landed');
    await page.getByText('Later', { exact: true }).click();
    await page.waitForURL('**/home', { timeout: 30_000 });
    await page.getByText(name).first().waitFor();
  });
});
