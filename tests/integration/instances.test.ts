import { afterAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { listenForNotifications, openDatabase } from '../../server/db/connect.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';
import { ApiClient } from '../support/api-client.ts';
import { createPostgresDatabase } from './ledger-support.ts';

/**
 * Several server processes on one PostgreSQL (issue 14): they hear each other through LISTEN/NOTIFY, and
 * WEB_CONCURRENCY starts them behind one port.
 */
const serverUrl = process.env.TEST_DATABASE_URL!;

describe('several server processes on one database', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('hears on one connection what another announces (the live channel across processes)', async () => {
    const database = await createPostgresDatabase(serverUrl);
    cleanups.push(() => database.drop());
    const listening = await openDatabase({ kind: 'postgres', url: database.url });
    const announcing = await openDatabase({ kind: 'postgres', url: database.url });
    cleanups.push(
      () => announcing.destroy(),
      () => listening.destroy(),
    );
    const heard: string[] = [];
    // The LISTEN is in place once listenForNotifications has answered.
    const stop = await listenForNotifications(listening, 'push_challenge', (payload) => heard.push(payload));
    await sql`select pg_notify('push_challenge', 'token-hash-1')`.execute(announcing);
    await sql`select pg_notify('other_channel', 'not-for-us')`.execute(announcing);
    await vi.waitFor(() => expect(heard).toEqual(['token-hash-1']), { timeout: 10_000 });
    await stop();
    await sql`select pg_notify('push_challenge', 'after-stop')`.execute(announcing);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual(['token-hash-1']);
  });

  it('hears its own announcements on PGlite, where the server is one process', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bank-listen-'));
    const db = await openDatabase({ kind: 'pglite', dataDir });
    cleanups.push(
      async () => rmSync(dataDir, { recursive: true, force: true }),
      () => db.destroy(),
    );
    const heard: string[] = [];
    await listenForNotifications(db, 'push_challenge', (payload) => heard.push(payload));
    await sql`select pg_notify('push_challenge', 'token-hash-2')`.execute(db);
    await vi.waitFor(() => expect(heard).toEqual(['token-hash-2']), { timeout: 10_000 });
  });

  it('starts WEB_CONCURRENCY processes behind one port, which answer and stop together', async () => {
    const database = await createPostgresDatabase(serverUrl);
    cleanups.push(() => database.drop());
    let server: RunningServer | undefined;
    try {
      server = await startServer({ DATABASE_URL: database.url, WEB_CONCURRENCY: '2' });
      for (let waited = 0; !server.output().includes('2 server processes are listening') && waited < 60_000; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(server.output()).toContain('2 server processes are listening (WEB_CONCURRENCY=2).');
      // Sessions are database rows: signing in and then calling works whichever process answers each request.
      const client = new ApiClient(server.url);
      const tokens = await client.signIn('personal@example.com');
      for (let call = 0; call < 6; call++) {
        const answer = await client.rpc('balanceInquiry', {}, { token: tokens.accessToken });
        expect(answer.body.responseCode).toBe('00');
      }
    } finally {
      await server?.stop();
    }
  });
});
