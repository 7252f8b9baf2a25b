/**
 * Notifications delivered live across server processes (issue 19 item 2): two server processes on one
 * PostgreSQL database. A customer's page listens on process B's /api/live; the customer cancels a password
 * change through process A; B's socket is told 'notifications' though B made no change, and the list read
 * through B holds the new notification, unread. Another customer listening on B is told nothing.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase } from '../../server/db/connect.ts';
import type { Database } from '../../server/db/schema.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';
import { freshDatabase } from './harness.ts';
import { createPersonalCustomer, TEST_PASSWORD } from './ledger-support.ts';

/** A page's live channel: the topics it has been told, in order, and a wait for the next of one. */
async function listen(server: RunningServer, tokens: Tokens) {
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/live`);
  const heard: string[] = [];
  const waiting: Array<{ topic: string; resolve: () => void }> = [];
  socket.on('message', (raw) => {
    const { topic } = JSON.parse(String(raw)) as { topic: string };
    heard.push(topic);
    for (const wait of waiting.filter((candidate) => candidate.topic === topic)) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
  });
  const next = (topic: string) => new Promise<void>((resolve) => waiting.push({ topic, resolve }));
  const ready = next('ready');
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ token: tokens.accessToken }));
  await ready;
  return { heard, next, close: () => socket.close() };
}

describe('notifications live across server processes on PostgreSQL', () => {
  let a: RunningServer;
  let b: RunningServer;
  let db: Kysely<Database>;
  let remove: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDatabase({ name: 'PostgreSQL' });
    remove = fresh.remove;
    const url = (fresh.database as { url: string }).url;
    // One after the other: the first prepares the database (migrations), the second finds it ready.
    a = await startServer({ DATABASE_URL: url, SCHEDULER_INTERVAL_MS: '0' });
    b = await startServer({ DATABASE_URL: url, SCHEDULER_INTERVAL_MS: '0' });
    db = await openDatabase({ kind: 'postgres', url });
  }, 240_000);
  afterAll(async () => {
    await db?.destroy();
    await a?.stop();
    await b?.stop();
    await remove?.();
  });

  it('tells the page on the other process of a notification made through one, and lists it there', async () => {
    const ana = await createPersonalCustomer(db, 'notify-a');
    const other = await createPersonalCustomer(db, 'notify-other');
    const onA = new ApiClient(a.url);
    const onB = new ApiClient(b.url);
    const pageTokens = await onB.signIn(ana.email, TEST_PASSWORD);
    const page = await listen(b, pageTokens);
    const otherPage = await listen(b, await onB.signIn(other.email, TEST_PASSWORD));
    try {
      const tokens = await onA.signIn(ana.email, TEST_PASSWORD);
      const request = await onA.rpc(
        'passwordChange',
        { password: TEST_PASSWORD, passwordNew: 'Other-pass-2031', passwordNewRepeat: 'Other-pass-2031' },
        { token: tokens.accessToken },
      );
      expect(request.body).toMatchObject({ responseCode: '00' });
      const told = page.next('notifications');
      const cancelled = await onA.rpc(
        'passwordChangeCancel',
        { requestKey: (request.body as { requestKey: string }).requestKey },
        { token: tokens.accessToken },
      );
      expect(cancelled.body).toMatchObject({ responseCode: '00' });
      // Process B changed nothing: only A's announcement can tell its page.
      await told;
      expect(page.heard).toEqual(['ready', 'notifications']);

      const listed = await onB.rpc('notificationList', {}, { token: pageTokens.accessToken });
      expect(listed.body).toMatchObject({ responseCode: '00', unread: 1, results: 1 });
      expect((listed.body as { notifications: Array<{ type: string; status: string }> }).notifications[0]).toMatchObject({
        type: 'passwordChangeCanceled',
        status: 'unread',
      });
      expect(otherPage.heard).toEqual(['ready']);
    } finally {
      page.close();
      otherPage.close();
    }
  });
});
