/**
 * What the business registration tests share: unique e-mails, the people of a draft, and the codes the
 * sandbox outbox holds (the company's activation code, each user's invitation).
 */
import type { ApiClient } from '../support/api-client.ts';

/** A message of the sandbox outbox as its list answers it. */
export interface OutboxMessage {
  to: string;
  subject: string | null;
  body: string;
  purpose: string;
}

let serial = 0;

/** An e-mail no other test of the run uses: `name.<time>.<n>@example.com`. */
export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++serial}@example.com`;

/**
 * A person of a registration draft, named `Name-<id> <lastName>`, living in Valletta and no user unless
 * `extra` says so.
 *
 * @example
 * draftPerson('dir', 'Vella', { isUser: true, email, accessRights: 2 });
 */
export function draftPerson(id: string, lastName: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    firstName: `Name-${id}`,
    lastName,
    birthday: '1980-02-03',
    address: { address1: '9 Quay Street', city: 'Valletta', countryCode: 'MT' },
    isUser: false,
    accessRights: 0,
    ...extra,
  };
}

/** The outbox messages to `to` (any case) for `purpose`, newest first. */
export async function outboxTo(client: ApiClient, to: string, purpose: string): Promise<OutboxMessage[]> {
  const answer = await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ to: to.toLowerCase(), purpose })}`);
  return JSON.parse(answer.text).messages;
}

/** The six-digit code a message holds; a message without one fails the test with the message. */
export function codeIn(message: OutboxMessage | undefined): string {
  const code = /\b([0-9]{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in ${JSON.stringify(message)}`);
  return code;
}
