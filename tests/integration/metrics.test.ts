/**
 * What operators watch (issue 14 item 7): after a few transfers through the real server on PGlite and
 * PostgreSQL, /metrics counts them by method and response code, with their latency, lists the transfers
 * by kind and status and the holds outstanding; and it opens only to the metrics token.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

const TOKEN = 'operators-scrape-token-1234';

/** The sum of every sample of `name` carrying `labels` (whatever its other labels). */
function total(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)\{(.*)\} (\S+)$/.exec(line);
    if (match?.[1] === name && wanted.every((label) => match[2]!.split(',').includes(label))) sum += Number(match[3]);
  }
  return sum;
}

/** The value of the sample `name{labels}` in a Prometheus text answer, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((label) => have.includes(label))) return Number(match[3]);
  }
  return undefined;
}

for (const backend of BACKENDS) {
  describe(`/metrics on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    const scrape = (authorization?: string) => fetch(`${test.url}/metrics`, { headers: authorization ? { authorization } : {} });

    beforeAll(async () => {
      test = await startTestServer(backend, { metricsToken: TOKEN });
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
    });
    afterAll(() => test?.close());

    it('refuses a scrape without the token, or with another, saying nothing of the figures', async () => {
      for (const answer of [await scrape(), await scrape('Bearer wrong-token'), await scrape(TOKEN)]) {
        expect(answer.status).toBe(401);
        expect(await answer.text()).not.toContain('bank_');
      }
    });

    it('counts transfers by method and response code, with their latency, and lists them by kind and status', async () => {
      const before = await (await scrape(`Bearer ${TOKEN}`)).text();
      const calledBefore = sample(before, 'bank_rpc_calls_total', { method: 'p2pTransfer', code: '00' }) ?? 0;
      const transfersBefore = total(before, 'bank_transfers', { kind: 'p2p' });

      const accounts = (await client.rpc('balanceInquiry', {}, { token: anna.accessToken })).body.accounts as Array<{
        accountId: number;
        currencyCode: string;
      }>;
      const accountId = accounts.find((account) => account.currencyCode === 'USD')!.accountId;
      for (const amount of ['1.00', '2.50', '0.75']) {
        const answer = await client.rpc(
          'p2pTransfer',
          { idempotencyKey: randomUUID(), accountId, amount, currency: 'USD', toEmail: DEMO_LOGINS.business },
          { token: anna.accessToken },
        );
        expect(answer.body.responseCode).toBe('00');
      }
      const refused = await client.rpc(
        'p2pTransfer',
        { idempotencyKey: randomUUID(), accountId, amount: 'lots', currency: 'USD', toEmail: DEMO_LOGINS.business },
        { token: anna.accessToken },
      );
      expect(refused.body.responseCode).toBe('TA1');

      const answer = await scrape(`Bearer ${TOKEN}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/plain');
      const text = await answer.text();
      expect(sample(text, 'bank_rpc_calls_total', { method: 'p2pTransfer', code: '00' })).toBe(calledBefore + 3);
      expect(sample(text, 'bank_rpc_calls_total', { method: 'p2pTransfer', code: 'TA1' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'bank_rpc_call_duration_seconds_count', { method: 'p2pTransfer', code: '00' })).toBe(calledBefore + 3);
      expect(sample(text, 'bank_rpc_call_duration_seconds_sum', { method: 'p2pTransfer', code: '00' })).toBeGreaterThan(0);
      // By kind and status: the demo customer confirms transfers by code, so they wait for it.
      expect(total(text, 'bank_transfers', { kind: 'p2p' })).toBe(transfersBefore + 3);
      expect(text).toMatch(/^bank_transfers\{kind="p2p",status="[a-zA-Z]+"\} \d+$/m);
      expect(sample(text, 'bank_holds_outstanding')).toBeGreaterThanOrEqual(0);
      // The amount held is this scrape's: present, in order after the count that fills it.
      expect(text.indexOf('bank_holds_outstanding_minor_units')).toBeGreaterThan(text.indexOf('# HELP bank_holds_outstanding '));
      expect(sample(text, 'bank_scheduler_lag_seconds')).toBeGreaterThanOrEqual(0);
      if (backend.name === 'PostgreSQL') expect(sample(text, 'bank_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    });

    it('labels a call to a method that does not exist as unknown, so callers cannot grow the series', async () => {
      await client.rpc(`made-up-${randomUUID()}`, {}, { token: anna.accessToken });
      const text = await (await scrape(`Bearer ${TOKEN}`)).text();
      expect(sample(text, 'bank_rpc_calls_total', { method: 'unknown', code: 'IM' })).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain('made-up-');
    });
  });
}
