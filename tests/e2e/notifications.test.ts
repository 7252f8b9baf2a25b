/**
 * Notifications live in Chromium (issue 19 item 2): Anna's page is open; another session of hers cancels a
 * password change through the API; the page shows the notification as a notice at once (no reload), the
 * unread badge counts it, and clicking the notice opens where it is about (the password setting).
 */
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/api-client.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();
const { signedInPage } = e2e;

describe('notifications delivered live', () => {
  it('shows a notification made by another session as a notice whose click opens its page', async () => {
    const page = await signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/notifications`);
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const badge = page.getByTestId('notifications-unread');
    await badge.waitFor();
    const before = Number(await badge.innerText());

    const elsewhere = await signIn(e2e.server.url, 'personal@example.com');
    const request = await elsewhere.call('passwordChange', {
      password: 'Demo-pass-2026',
      passwordNew: 'Fresh-pass-2031',
      passwordNewRepeat: 'Fresh-pass-2031',
    });
    await elsewhere.call('passwordChangeCancel', { requestKey: request.requestKey });

    const notice = page.getByRole('link', { name: 'Confirmation canceled Your password was not changed.' });
    await notice.waitFor({ timeout: 20_000 });
    await expect.poll(() => badge.innerText(), { timeout: 15_000 }).toBe(String(before + 1));
    // The open list shows it too, unread.
    await page.locator('main').getByText('Your password was not changed.').first().waitFor();

    await notice.click();
    await page.waitForURL(/\/setting\/password$/);
    expect(await page.getByRole('link', { name: 'Confirmation canceled Your password was not changed.' }).count()).toBe(0);
  });
});
