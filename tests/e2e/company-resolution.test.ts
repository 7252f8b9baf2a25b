/**
 * The company's resolution and its representatives' reach in Chromium (issue 17 item 3, document 002
 * sections 3, 6 and 7): Northwind's top user sends a resolution naming a person who is both director and
 * shareholder once, each signer signs on the e-signature sandbox page, and the resolution shows signed; a
 * representative (no balance-info access) is offered only the company documents and sent there from other
 * pages. Checked with axe-core.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();
const { signedInPage } = e2e;

describe('the company resolution', () => {
  it('is sent to its signers, each person listed once with every role, signed by each in the sandbox, and then shows signed', async () => {
    const page = await signedInPage('business@example.com');
    await page.goto(`${e2e.server.url}/company/resolution`);
    const concerns = page.getByRole('group', { name: 'Representatives it concerns' });
    await concerns.getByRole('checkbox', { name: 'Clara Moss · Director, Shareholder' }).waitFor();
    expect(await concerns.getByRole('checkbox', { name: /^Clara Moss/ }).count()).toBe(1);
    const signers = page.getByRole('group', { name: 'Who signs it' });
    for (const name of ['Grace Holt · Director', 'Tom Reyes · Shareholder']) {
      await concerns.getByRole('checkbox', { name }).check();
      await signers.getByRole('checkbox', { name }).check();
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send the resolution' }).click();
    await page.getByText('The resolution was sent to its signers.').waitFor();

    for (const name of ['Grace Holt', 'Tom Reyes']) {
      const row = page.getByRole('row', { name: new RegExp(name) });
      await row.getByRole('button', { name: 'Sign' }).click();
      await page.waitForURL('**/sandbox/e-signature/**');
      await page.getByText('I approve this account resolution on behalf of the company.').waitFor();
      await page.getByRole('button', { name: 'Sign', exact: true }).click();
      await page.waitForURL('**/company/resolution');
      await page.getByRole('row', { name: new RegExp(`${name}.*Signed`) }).waitFor();
    }
    await page.locator('.eng-badge[data-value="2"]').waitFor();
    expect(await page.locator('.eng-badge[data-value="2"]').first().textContent()).toBe('Signed');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('a representative', () => {
  it('is offered only the company documents, and other pages send them there', async () => {
    const page = await signedInPage('representative@example.com');
    await page.goto(`${e2e.server.url}/home`);
    await page.waitForURL('**/company-documents');
    const navigation = page.getByRole('navigation', { name: /main/i });
    await navigation.locator('a[href="/company-documents"]', { hasText: 'Company documents' }).waitFor({ state: 'attached' });
    expect(await navigation.locator('a').count()).toBe(1);
    expect(await navigation.getByRole('link', { name: 'Accounts' }).count()).toBe(0);
    expect(await navigation.getByRole('link', { name: 'Company', exact: true }).count()).toBe(0);
    await page.goto(`${e2e.server.url}/company/info`);
    await page.waitForURL('**/company-documents');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
