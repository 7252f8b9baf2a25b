/**
 * Support messages in Chromium: the personal customer writes to support, the agent answers on the
 * sandbox help desk's page, and the customer sees the answer as new and unread, reads it (which marks
 * it read), replies, and opens the conversation from /messages?ticketNumber=N. Then a message filed under
 * one of the desk's categories gets a reply with a file: the message shows the file, which downloads with the
 * same bytes under its own name, and a file over 10 MB is refused on its field.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();
const { signedInPage } = e2e;

describe('support messages', () => {
  it('writes to support, sees the agent answer as unread, reads it and replies', async () => {
    const page = await signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/messages`);
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page
      .getByRole('button', { name: 'New message' })
      .or(page.getByRole('link', { name: 'New message' }))
      .first()
      .click();
    await page.waitForURL(/\/messages\/new$/);
    await page.getByLabel('Subject').fill('Card payment declined');
    await page.getByLabel('Message').fill('My card payment at a shop was declined this morning.');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(/\/messages$/);
    const row = page.locator('main tbody tr', { hasText: 'Card payment declined' });
    await row.waitFor();
    const ticketNumber = (await row.getAttribute('data-key'))!;
    expect(await row.innerText()).not.toContain('Unread answer');

    // The support agent answers on the sandbox help desk.
    const agent = await e2e.browser.newPage();
    await agent.goto(`${e2e.server.url}/sandbox/helpdesk`);
    await agent.getByRole('link', { name: `#${ticketNumber} Card payment declined` }).click();
    await agent.getByLabel('Your answer').fill('We unblocked your card; please try again.');
    await agent.getByRole('button', { name: 'Send answer' }).click();
    await agent.getByText('We unblocked your card; please try again.').waitFor();
    await agent.close();

    await page.reload();
    await row.waitFor();
    await row.getByText('Unread answer').waitFor();
    await row.locator('.eng-badge', { hasText: 'New answer' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('link').click();
    await page.waitForURL(new RegExp(`/messages/${ticketNumber}$`));
    await page.getByText('We unblocked your card; please try again.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Your reply').fill('It works now, thank you!');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'It works now, thank you!' }).waitFor();

    await page.goto(`${e2e.server.url}/messages?ticketNumber=${ticketNumber}`);
    await page.waitForURL(new RegExp(`/messages/${ticketNumber}$`));
    await page.getByText('It works now, thank you!').waitFor();

    await page.goto(`${e2e.server.url}/messages`);
    await expect.poll(() => page.locator(`main tbody tr[data-key="${ticketNumber}"]`).innerText()).not.toContain('Unread answer');
    await page.context().close();
  });

  it('files a message under a desk category, replies with a file that the message shows, and refuses an oversize file on its field', async () => {
    const page = await signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/messages/new`);
    await page.getByLabel('Subject').fill('Statement for the bank');
    // The categories are the help desk's own (GET /ticketsFields).
    await page.getByLabel('Category').selectOption({ label: 'Accounts' });
    await page.getByLabel('Message').fill('My bank asks for a statement of my account.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(/\/messages$/);
    const row = page.locator('main tbody tr', { hasText: '[Accounts] Statement for the bank' });
    await row.waitFor();
    await row.getByRole('link').first().click();
    await page.waitForURL(/\/messages\/[0-9]+$/);

    const pdf = Buffer.from('%PDF-1.4\n% the statement the bank asked for\n1 0 obj << >> endobj\n%%EOF\n');
    await page.getByLabel('Your reply').fill('Here is the statement.');
    await page.getByLabel('Attachment').setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Send reply' }).click();
    const message = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'Here is the statement.' });
    await message.getByText('Attached: statement.pdf').waitFor();

    // The file comes back as it was sent, under its own name.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download statement.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('statement.pdf');
    expect(readFileSync((await download.path())!)).toEqual(pdf);

    // A file over 10 MB is refused on its field, before it is read: nothing is chosen to send.
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10_200_000, 0x20)]);
    const field = page.getByLabel('Attachment');
    await field.setInputFiles({ name: 'big-scan.pdf', mimeType: 'application/pdf', buffer: big });
    await page.getByRole('alert').filter({ hasText: 'big-scan.pdf is larger than' }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
