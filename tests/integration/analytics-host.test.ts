/**
 * The sandbox analytics host (issue 19 item 4, document 002 sections 7, 8): Basic auth with a brand's project
 * token, events and recordings stored in the database, 413 above the body limit and 429 with Retry-After when
 * throttled, a recording refused without a full snapshot in its first batch, and recordings read only by admins
 * (the rights matrix covers adminRecordingList and adminRecordingGet for non-admins too).
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_BODY_LIMIT_BYTES } from '../../server/analytics/sandbox-host.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

const TOKEN = 'sandbox-paxum-project';
const basic = (token: string) => `Basic ${Buffer.from(`${token}:`).toString('base64')}`;

describe('sandbox analytics host', () => {
  let test: TestServer;
  let client: ApiClient;
  let admin: Tokens;
  let anna: Tokens;
  let annaId: number;

  const post = (route: string, body: unknown, token = TOKEN) =>
    fetch(`${test.url}/analytics/${route}`, {
      method: 'POST',
      headers: { authorization: basic(token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const fullSnapshot = {
    type: 'full',
    time: Date.now(),
    width: 1280,
    height: 800,
    root: { id: 1, kind: 'element', tag: 'html', attributes: {}, children: [] },
  };

  beforeAll(async () => {
    test = await startTestServer(BACKENDS[0] ?? { name: 'PGlite' });
    client = new ApiClient(test.url);
    admin = await client.signIn(DEMO_LOGINS.admin);
    anna = await client.signIn(DEMO_LOGINS.personal);
    const user = await test.server.db.selectFrom('users').select('customer_id').where('email', '=', DEMO_LOGINS.personal).executeTakeFirstOrThrow();
    annaId = Number(user.customer_id);
  });
  afterAll(() => test?.close());

  it('refuses a request without a known project token', async () => {
    expect((await fetch(`${test.url}/analytics/track`, { method: 'POST', body: '[]', headers: { 'content-type': 'application/json' } })).status).toBe(401);
    expect((await post('track', [{ event: 'Opened', properties: { distinct_id: 'x' } }], 'not-a-project-token')).status).toBe(401);
  });

  it('stores a batch of events, refuses a profile of a $device: id, and answers 413 above its limit', async () => {
    const answer = await post('track', [
      { event: 'Opened', properties: { distinct_id: '$device:abc', time: 1 } },
      { event: 'Signed in', properties: { distinct_id: '42', time: 2 } },
    ]);
    expect(answer.status).toBe(200);
    const rows = await test.server.db
      .selectFrom('analytics_events')
      .select(['event', 'distinct_id', 'project'])
      .where('route', '=', 'track')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { event: 'Opened', distinct_id: '$device:abc', project: TOKEN },
      { event: 'Signed in', distinct_id: '42', project: TOKEN },
    ]);
    expect((await post('engage', [{ $distinct_id: '$device:abc', $set: { plan: 'gold' } }])).status).toBe(400);
    expect((await post('engage', [{ $distinct_id: '42', $set: { plan: 'gold' } }])).status).toBe(200);

    const tooLarge = await post('track', [{ event: 'Huge', properties: { distinct_id: '42', blob: 'x'.repeat(ANALYTICS_BODY_LIMIT_BYTES) } }]);
    expect(tooLarge.status).toBe(413);
    expect(await test.server.db.selectFrom('analytics_events').select('id').where('event', '=', 'Huge').execute()).toEqual([]);
  });

  it('answers 429 with Retry-After while told to, then takes events again', async () => {
    expect((await post('sandbox/throttle', { times: 2, retryAfterSeconds: 7 })).status).toBe(200);
    const first = await post('track', [{ event: 'Throttled', properties: { distinct_id: '42' } }]);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('7');
    expect((await post('groups', [{ $group_key: 'company', $group_id: '1', $set: {} }])).status).toBe(429);
    expect((await post('track', [{ event: 'After', properties: { distinct_id: '42' } }])).status).toBe(200);
  });

  it('aborts a recording whose first batch has no full snapshot', async () => {
    const replayId = 'no-snapshot-0001';
    const first = await post('record', {
      replayId,
      distinctId: '$device:nobody',
      sequence: 0,
      events: [{ type: 'input', time: Date.now(), id: 3, value: '***' }],
    });
    expect(first.status).toBe(400);
    const next = await post('record', {
      replayId,
      distinctId: '$device:nobody',
      sequence: 1,
      events: [{ type: 'input', time: Date.now(), id: 3, value: '****' }],
    });
    expect(next.status).toBe(400);
    expect((await next.json()) as { error: string }).toMatchObject({ error: expect.stringContaining('aborted') });
  });

  it('stores a gzip recording and lets only an admin read it, for its own customer', async () => {
    const replayId = 'replay-anna-0001';
    const gzipped = await fetch(`${test.url}/analytics/record`, {
      method: 'POST',
      headers: { authorization: basic(TOKEN), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ replayId, distinctId: '$device:anna-phone', sequence: 0, events: [fullSnapshot] })),
    });
    expect(gzipped.status).toBe(200);
    const later = { type: 'input', time: fullSnapshot.time + 4_000, id: 1, value: '*****' };
    expect((await post('record', { replayId, distinctId: String(annaId), sequence: 1, events: [later] })).status).toBe(200);

    const list = await client.rpc('adminRecordingList', { customerId: annaId }, { token: admin.accessToken });
    expect(list.body).toMatchObject({ responseCode: '00', recordings: [{ replayId, lengthMs: 4_000, eventCount: 2, status: 'running' }] });
    const read = await client.rpc('adminRecordingGet', { customerId: annaId, replayId }, { token: admin.accessToken });
    expect(read.body.batches.map((batch: { sequence: number }) => batch.sequence)).toEqual([0, 1]);
    expect(read.body.batches[0].events[0].type).toBe('full');

    expect((await client.rpc('adminRecordingList', { customerId: annaId }, { token: anna.accessToken })).body).toMatchObject({ responseCode: '13' });
    const business = await test.server.db.selectFrom('users').select('customer_id').where('email', '=', DEMO_LOGINS.business).executeTakeFirstOrThrow();
    expect((await client.rpc('adminRecordingGet', { customerId: business.customer_id, replayId }, { token: admin.accessToken })).body).toMatchObject({
      responseCode: 'ENOA',
    });
    expect((await client.rpc('adminRecordingGet', { customerId: annaId, replayId: 'bad id!' }, { token: admin.accessToken })).body).toMatchObject({
      responseCode: 'TA1',
    });
  });
});
