/**
 * A company's FATCA/CRS self-certification in Chromium (issue 17 item 6): Northwind's top user starts from
 * the business self-certification splash, says what kind of entity the company is, gives its tax residency
 * (the number named by the per-country table), says it is a US taxpayer and gives its EIN, saves the
 * answers, signs the W-9 on the e-signature sandbox page and comes back to see the W-9 pending. Every step
 * is checked with axe-core.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { formBadge, selfCertifyAsUsTaxpayer } from '../support/business-self-certification.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();
const { signedInPage } = e2e;

describe('business FATCA/CRS self-certification', () => {
  it("lets Northwind's top user self-certify from the splash and sign the W-9 in the sandbox", async () => {
    const page = await signedInPage('business@example.com');
    await page.goto(`${e2e.server.url}/self-certification-business-splash`);
    await page.getByRole('heading', { name: 'Why we ask' }).waitFor();
    const w9OnSplash = formBadge(page, 'Form W-9');
    await w9OnSplash.waitFor();
    expect(await w9OnSplash.getAttribute('data-value')).toBe('none');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Start now' }).click();
    await page.waitForURL('**/self-certification-business');
    await selfCertifyAsUsTaxpayer(page);
  });
});
