/**
 * Two server processes (server/main.ts, each its own Node process) on one fresh PostgreSQL database, their
 * schedulers off, and a page's live channel on either: what the cross-process tests share.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { openDatabase } from '../../server/db/connect.ts';
import type { Database } from '../../server/db/schema.ts';
import type { Tokens } from '../support/api-client.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';
import { freshDatabase } from './harness.ts';

/** A page's live channel: the topics it has been told, in order, and a wait for the next of one. */
export interface Listener {
  heard: string[];
  next(topic: string): Promise<void>;
  close(): void;
}

/** Opens /api/live on `server` as the signed-in page would, resolving once the server says it is ready. */
export async function listen(server: RunningServer, tokens: Tokens): Promise<Listener> {
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

/**
 * Starts the two processes before the file's tests and stops them after; read `a`, `b` and `db` inside tests.
 *
 * @example
 * const two = twoProcessesOnPostgres();
 * it('…', async () => { const page = await listen(two.b, tokens); });
 */
export function twoProcessesOnPostgres() {
  const started: { a?: RunningServer; b?: RunningServer; db?: Kysely<Database>; remove?: () => Promise<void> } = {};
  beforeAll(async () => {
    const fresh = await freshDatabase({ name: 'PostgreSQL' });
    started.remove = fresh.remove;
    const url = (fresh.database as { url: string }).url;
    // One after the other: the first prepares the database (migrations), the second finds it ready.
    started.a = await startServer({ DATABASE_URL: url, SCHEDULER_INTERVAL_MS: '0' });
    started.b = await startServer({ DATABASE_URL: url, SCHEDULER_INTERVAL_MS: '0' });
    started.db = await openDatabase({ kind: 'postgres', url });
  }, 240_000);
  afterAll(async () => {
    await started.db?.destroy();
    await started.a?.stop();
    await started.b?.stop();
    await started.remove?.();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The two server processes are read inside tests, once the file has started them.');
    return value;
  };
  return {
    get a() {
      return ready(started.a);
    },
    get b() {
      return ready(started.b);
    },
    get db() {
      return ready(started.db);
    },
  };
}
