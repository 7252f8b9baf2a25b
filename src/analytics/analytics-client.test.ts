import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_LIMITS, createAnalyticsClient, nextRetryInterval, truncateStrings, type SendAnswer, type SendBatch } from './analytics-client.ts';

interface Sent {
  route: string;
  size: number;
  at: number;
}

/** A host that answers from a script (then 200) and records what it got and when. */
function scriptedHost(answers: (SendAnswer | 'offline')[] = []) {
  const sent: Sent[] = [];
  const send: SendBatch = (route, batch) => {
    sent.push({ route, size: batch.length, at: Date.now() });
    const answer = answers.shift() ?? { status: 200 };
    return answer === 'offline' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(answer);
  };
  return { sent, send };
}

describe('analytics client', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends nothing before the flush interval and one batch when it passes', async () => {
    const host = scriptedHost();
    const client = createAnalyticsClient({ send: host.send, deviceId: 'd1' });
    client.track('Opened');
    client.track('Clicked');
    await vi.advanceTimersByTimeAsync(ANALYTICS_LIMITS.flushIntervalMs - 1);
    expect(host.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(host.sent).toEqual([{ route: 'track', size: 2, at: 5_000 }]);
    expect(client.pending('track')).toBe(0);
  });

  it('sends batches of 50 at once when 50 are queued', async () => {
    const host = scriptedHost();
    const client = createAnalyticsClient({ send: host.send, deviceId: 'd1' });
    for (let index = 0; index < 49; index += 1) client.track(`Event ${index}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(host.sent).toEqual([]);
    client.track('Event 49');
    await vi.advanceTimersByTimeAsync(0);
    expect(host.sent).toEqual([{ route: 'track', size: 50, at: 0 }]);
    for (let index = 0; index < 20; index += 1) client.track(`More ${index}`);
    await vi.advanceTimersByTimeAsync(ANALYTICS_LIMITS.flushIntervalMs);
    expect(host.sent.map((sent) => sent.size)).toEqual([50, 20]);
  });

  it('doubles the wait after 5xx, timeouts and offline, up to 10 minutes, then returns to 5 s', async () => {
    const failures: (SendAnswer | 'offline')[] = [
      { status: 500 },
      { status: 503 },
      'offline',
      { status: 502 },
      { status: 500 },
      { status: 500 },
      { status: 500 },
      { status: 500 },
      { status: 500 },
    ];
    const host = scriptedHost(failures);
    const client = createAnalyticsClient({ send: host.send, deviceId: 'd1' });
    client.track('Opened');
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    const waits = host.sent.slice(1).map((sent, index) => sent.at - (host.sent[index]?.at ?? 0));
    expect(waits.slice(0, 10)).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 600_000, 600_000, 600_000]);
    expect(client.pending('track')).toBe(0);
    client.track('Later');
    const before = host.sent.length;
    await vi.advanceTimersByTimeAsync(ANALYTICS_LIMITS.flushIntervalMs);
    expect(host.sent.length).toBe(before + 1);
  });

  it('waits what Retry-After says after a 429, never more than 10 minutes', async () => {
    const host = scriptedHost([
      { status: 429, retryAfterSeconds: 42 },
      { status: 429, retryAfterSeconds: 3600 },
    ]);
    const client = createAnalyticsClient({ send: host.send, deviceId: 'd1' });
    client.track('Opened');
    await vi.advanceTimersByTimeAsync(5_000 + 42_000 + 600_000);
    expect(host.sent.map((sent) => sent.at)).toEqual([5_000, 47_000, 647_000]);
  });

  it('halves the batch on 413 and drops a single event that is still too large', async () => {
    const host = scriptedHost([{ status: 413 }, { status: 413 }, { status: 200 }, { status: 413 }]);
    const client = createAnalyticsClient({ send: host.send, deviceId: 'd1', onWarning: vi.fn() });
    client.track('One');
    client.track('Two');
    client.track('Three');
    client.track('Four');
    await vi.advanceTimersByTimeAsync(5_000);
    // 4 refused, 2 refused, then 1 sent, 1 refused alone (dropped), then the rest at batch 1 each.
    expect(host.sent.map((sent) => sent.size)).toEqual([4, 2, 1, 1, 1, 1]);
    expect(client.pending('track')).toBe(0);
  });

  it('refuses a $device: distinct id and never sends a profile for an anonymous device', async () => {
    const batches: object[][] = [];
    const client = createAnalyticsClient({
      send: (_route, batch) => {
        batches.push([...batch]);
        return Promise.resolve({ status: 200 });
      },
      deviceId: 'abc',
      onWarning: vi.fn(),
    });
    expect(client.identify('$device:abc')).toBe(false);
    expect(client.setPersonProperties({ plan: 'gold' })).toBe(false);
    client.track('Anonymous');
    expect(client.identify('customer-7')).toBe(true);
    expect(client.setPersonProperties({ plan: 'gold' })).toBe(true);
    client.track('Known');
    await vi.advanceTimersByTimeAsync(5_000);
    const all = batches.flat() as { properties?: { distinct_id: string }; $distinct_id?: string }[];
    expect(all.filter((item) => item.properties).map((item) => item.properties?.distinct_id)).toEqual(['$device:abc', 'customer-7']);
    expect(all.filter((item) => item.$distinct_id).map((item) => item.$distinct_id)).toEqual(['customer-7']);
  });

  it('cuts strings to 255 characters, nested ones too', () => {
    const cut = truncateStrings({ a: 'x'.repeat(300), b: ['y'.repeat(256)], c: { d: 'short' }, e: 5 });
    expect(cut.a).toHaveLength(255);
    expect(cut.b[0]).toHaveLength(255);
    expect(cut.c.d).toBe('short');
    expect(cut.e).toBe(5);
  });

  it('computes the retry interval', () => {
    expect(nextRetryInterval(5_000)).toBe(10_000);
    expect(nextRetryInterval(400_000)).toBe(600_000);
    expect(nextRetryInterval(5_000, 7)).toBe(7_000);
    expect(nextRetryInterval(5_000, 7200)).toBe(600_000);
  });
});
