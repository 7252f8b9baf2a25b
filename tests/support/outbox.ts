import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** A message the sandbox outbox holds (`/sandbox/outbox`): what an SMS gateway or mail relay was asked to send. */
export interface OutboxMessage {
  id: number;
  body: string;
}

/** The outbox messages to `to` for `purpose`, newest first. */
export async function outboxMessages(serverUrl: string, to: string, purpose: string): Promise<OutboxMessage[]> {
  const answer = await fetch(`${serverUrl}/sandbox/outbox/messages?${new URLSearchParams({ to, purpose })}`);
  return ((await answer.json()) as { messages: OutboxMessage[] }).messages;
}

/** The id of the newest message to `to` for `purpose` (0 when there is none): send, then wait for a newer one. */
export async function newestOutboxId(serverUrl: string, to: string, purpose: string): Promise<number> {
  return (await outboxMessages(serverUrl, to, purpose))[0]?.id ?? 0;
}

/**
 * The six-digit code of the first message to `to` for `purpose` newer than message `after`, waiting up to 15 s
 * for it to be sent.
 *
 * @example
 * const before = await newestOutboxId(url, '447700900123', 'transferConfirmation');
 * await send.click();
 * const code = await codeSentAfter(url, '447700900123', 'transferConfirmation', before);
 */
export async function codeSentAfter(serverUrl: string, to: string, purpose: string, after: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const [latest] = await outboxMessages(serverUrl, to, purpose);
        code = latest && latest.id > after ? (/^([0-9]{6}) /.exec(latest.body)?.[1] ?? '') : '';
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^[0-9]{6}$/);
  return code;
}

/** The personal demo customer's phone, where her transfer codes go by SMS. */
export const ANNA_PHONE = '447700900123';

/**
 * Sends a transfer with `send` (a click) and gives, in its "Confirm the transfer" dialog, the SMS code the
 * customer's two-step setting asks (read from the sandbox outbox).
 *
 * @example
 * await confirmTransferBySms(page, e2e.server.url, () => review.getByRole('button', { name: 'Send', exact: true }).click());
 */
export async function confirmTransferBySms(page: Page, serverUrl: string, send: () => Promise<void>, phone = ANNA_PHONE): Promise<void> {
  const before = await newestOutboxId(serverUrl, phone, 'transferConfirmation');
  await send();
  const confirm = page.getByRole('dialog', { name: 'Confirm the transfer' });
  await confirm.waitFor();
  const code = await codeSentAfter(serverUrl, phone, 'transferConfirmation', before);
  await confirm.getByLabel('Confirmation code').fill(code);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
}
