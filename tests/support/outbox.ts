import { expect } from 'vitest';

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
