/**
 * Security settings and the admin overview in Chromium: an IP allow-list entry added and deleted, a
 * blacklist entry with its message, an agreement saved as a PDF, a notification switched on, the sign-in
 * in the login history, and an admin who finds the personal customer and views the product as them,
 * read-only, with the banner and the way out; a password changed with the code e-mailed to confirm it.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { browserAndServer } from '../support/pages.ts';
import { solvedChallenge } from '../support/bot-challenge.ts';

const e2e = browserAndServer();
const { signedInPage } = e2e;

describe('security settings', () => {
  it('adds an address range to the IP allow-list and deletes it after confirming', async () => {
    const page = await signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/setting/ip-access`);
    await page.getByRole('heading', { name: 'Allowed addresses' }).waitFor();
    await page.getByLabel('IP address', { exact: false }).first().fill('300.1.1.1');
    await page.getByRole('button', { name: 'Add to the list' }).click();
    await expect.poll(() => page.locator('.eng-field-errors').first().innerText()).toContain('IPv4');

    await page.getByLabel('IP address', { exact: false }).first().fill('192.0.2.0');
    await page.getByLabel('Last address of a range').fill('192.0.2.255');
    await page.getByRole('button', { name: 'Add to the list' }).click();
    const entry = page.locator('main table tbody tr', { hasText: '192.0.2.255' });
    await entry.waitFor();
    expect(await entry.innerText()).toContain('192.0.2.0');
    // Turning the list on from 127.0.0.1, which is not on it, is refused on the spot.
    await page.getByRole('button', { name: 'Turn on' }).click();
    const modeSection = page.locator('section', { has: page.getByRole('heading', { name: 'Sign-in restriction' }) });
    await expect.poll(() => modeSection.getByRole('alert').innerText()).toContain('127.0.0.1');
    await modeSection.getByText('Off').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await entry.getByRole('button', { name: /Delete/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete' }).click();
    await entry.waitFor({ state: 'detached' });
    await page.getByText('Your list is empty').waitFor();
    await page.context().close();
  });

  it("adds a recipient to the payout blacklist and says 'User … was added to the blacklist'", async () => {
    const page = await signedInPage('personal@example.com', 375);
    await page.goto(`${e2e.server.url}/payout-blacklist`);
    await page.getByLabel(/Recipient's e-mail/).fill('Fraudster@Example.com');
    await page.getByRole('combobox', { name: /^Block/ }).selectOption({ label: 'Person-to-person transfers' });
    await page.getByRole('button', { name: 'Add to the blacklist' }).click();
    await page.getByText('User fraudster@example.com was added to the blacklist.').waitFor();
    await page.locator('main table tbody tr', { hasText: 'fraudster@example.com' }).filter({ hasText: 'Person-to-person transfers' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('lists the agreements with their versions and saves one as a PDF', async () => {
    const page = await signedInPage('personal@example.com', 375);
    await page.goto(`${e2e.server.url}/legal`);
    const terms = page.locator('main table tbody tr', { hasText: 'Terms of Service' });
    await terms.waitFor();
    expect(await terms.innerText()).toContain('2026.1');
    const [download] = await Promise.all([page.waitForEvent('download'), terms.getByRole('button', { name: 'Download PDF Terms of Service' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('switches a notification on at once, and it stays on after a reload', async () => {
    const page = await signedInPage('personal@example.com', 375);
    await page.goto(`${e2e.server.url}/profile/notifications`);
    const newsBySms = page.getByRole('checkbox', { name: 'Product news by SMS' });
    await newsBySms.waitFor();
    expect(await newsBySms.isChecked()).toBe(false);
    await newsBySms.check();
    await page.getByText('Your notification settings were saved.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    await newsBySms.waitFor();
    expect(await newsBySms.isChecked()).toBe(true);
    await page.context().close();
  });

  it('shows the sign-in in the login history', async () => {
    const page = await signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/login-history`);
    // The table shows a 'Loading…' row until the answer arrives: wait for a real row.
    const firstRow = page.locator('main table tbody tr', { hasText: 'Signed in' }).first();
    await firstRow.waitFor();
    expect(await firstRow.innerText()).toContain('Signed in');
    expect(await firstRow.innerText()).toContain('127.0.0.1');
    expect(await firstRow.innerText()).toContain('Chrome');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('admin overview', () => {
  it('keeps non-admins out of the admin overview', async () => {
    const page = await signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/admin-overview`);
    await page.waitForURL('**/home');
    await page.context().close();
  });

  it('finds the personal customer and views the product as them, read-only, then stops', async () => {
    const page = await signedInPage('admin@example.com');
    await page.goto(`${e2e.server.url}/admin-overview`);
    await page.getByLabel('Name, e-mail or customer number').fill('novak');
    await page.getByRole('button', { name: /apply/i }).click();
    const row = page.locator('main table tbody tr', { hasText: 'Anna Novak' });
    await row.waitFor();
    await expect.poll(() => page.locator('main table tbody tr').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await row.click();
    await page.getByRole('heading', { name: 'Anna Novak' }).waitFor();
    await page.getByRole('button', { name: 'View as this customer' }).click();
    await page.waitForURL('**/home');
    const banner = page.locator('.viewing-banner');
    await expect.poll(() => banner.innerText(), { timeout: 15_000 }).toContain('Viewing as Anna Novak');
    await page.locator('main .eng-card').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Read-only: the blacklist screen opens, adding is refused by the e2e.server.
    await page.goto(`${e2e.server.url}/payout-blacklist`);
    await page.getByLabel(/Recipient's e-mail/).fill('someone@example.com');
    await page.getByRole('button', { name: 'Add to the blacklist' }).click();
    await expect.poll(() => page.locator('body').innerText()).toContain('read-only');
    await page.locator('dialog.error-popup button[type="submit"]').click();
    expect(await page.locator('main table tbody tr', { hasText: 'someone@example.com' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Stop viewing' }).click();
    await page.waitForURL('**/admin-overview');
    await page.goto(`${e2e.server.url}/admin-overview/audit`);
    await page.locator('main table tbody tr', { hasText: 'Viewing' }).first().waitFor();
    await page.context().close();
  });
});

describe('password change', () => {
  it('changes the password with the e-mailed code: a wrong code said on the code field, the outcome on the page', async () => {
    const email = `password.${Date.now()}@example.com`;
    const client = new ApiClient(e2e.server.url);
    const outbox = async (purpose: string) => {
      let body = '';
      await expect
        .poll(
          async () => {
            const answer = await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ to: email, purpose })}`);
            body = JSON.parse(answer.text).messages[0]?.body ?? '';
            return body;
          },
          { timeout: 10_000 },
        )
        .toMatch(/\b[0-9]{6}\b/);
      return /\b([0-9]{6})\b/.exec(body)![1]!;
    };
    await client.rpc('accountCreate', {
      firstName: 'Ilie',
      lastName: 'Sandu',
      username: email,
      password: 'Demo-pass-2026',
      residenceCountryCode: 'RO',
      birthDay: '1990-05-01',
      registrationType: 'others',
      acceptedTerms: ['privacyPolicy', 'userAgreement'],
      challengeToken: await solvedChallenge(client.baseUrl),
    });
    await client.rpc('accountActivate', { username: email, activationCode: await outbox('activation') });

    const page = await signedInPage(email);
    await page.goto(`${e2e.server.url}/setting/password`);
    await page.locator('#setting-password-change_password').fill('Demo-pass-2026');
    await page.locator('#setting-password-change_passwordNew').fill('Ilie-pass-2027');
    await page.locator('#setting-password-change_passwordNewRepeat').fill('Ilie-pass-2027');
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm the new password' });
    await dialog.getByText(/We sent a 6-digit code to/).waitFor();
    const code = await outbox('passwordChange');
    await dialog.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toContain('This code is wrong');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Code').fill(code);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('alertdialog', { name: 'Your password has been successfully updated.' }).waitFor();
    expect((await client.login(email, 'Demo-pass-2026')).status).not.toBe(200);
    expect((await client.login(email, 'Ilie-pass-2027')).status).toBe(200);
    await page.context().close();
  });
});
