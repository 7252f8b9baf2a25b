import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionRecorder, RECORDING_LIMITS, type RecordedEvent } from './session-recorder.ts';
import { rebuildPage, ReplayAborted, replayableEvents } from './replay.ts';

function freshDocument(): Document {
  const doc = document.implementation.createHTMLDocument('Recorded');
  doc.body.innerHTML =
    '<form><label>Name <input id="name" value="Ann"></label><input id="secret" type="password" value="hunter2"><textarea id="note">private</textarea></form><script>alert(1)</script>';
  return doc;
}

describe('session recorder', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves from not started to running to stopped, the first batch holding a masked full snapshot', async () => {
    const doc = freshDocument();
    const batches: { sequence: number; events: RecordedEvent[] }[] = [];
    const recorder = createSessionRecorder({
      document: doc,
      send: (batch) => {
        batches.push(batch);
        return Promise.resolve();
      },
    });
    expect(recorder.state).toBe('not started');
    recorder.start();
    expect(recorder.state).toBe('running');
    await vi.advanceTimersByTimeAsync(RECORDING_LIMITS.flushIntervalMs);
    expect(batches).toHaveLength(1);
    const full = batches[0]?.events[0];
    expect(full?.type).toBe('full');
    const json = JSON.stringify(full);
    expect(json).not.toContain('Ann');
    expect(json).not.toContain('hunter2');
    expect(json).not.toContain('private');
    expect(json).not.toContain('alert');
    await recorder.stop();
    expect(recorder.state).toBe('stopped');
  });

  it('records typed input as asterisks only, and the replay shows them', async () => {
    const doc = freshDocument();
    const batches: { sequence: number; events: RecordedEvent[] }[] = [];
    const recorder = createSessionRecorder({
      document: doc,
      send: (batch) => {
        batches.push(batch);
        return Promise.resolve();
      },
    });
    recorder.start();
    const input = doc.getElementById('name') as HTMLInputElement;
    input.value = 'Secret Name';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const heading = doc.createElement('h1');
    heading.textContent = 'Welcome';
    doc.body.prepend(heading);
    await vi.advanceTimersByTimeAsync(0);
    await recorder.stop();
    const all = JSON.stringify(batches);
    expect(all).not.toContain('Secret Name');
    expect(all).toContain('*'.repeat('Secret Name'.length));

    const target = document.implementation.createHTMLDocument('Replay');
    const events = replayableEvents(batches);
    const page = rebuildPage(target, events[0] as RecordedEvent);
    for (const event of events.slice(1)) page.apply(event);
    expect((target.getElementById('name') as HTMLInputElement).value).toBe('***********');
    expect(target.querySelector('h1')?.textContent).toBe('Welcome');
    expect(target.querySelector('script')).toBeNull();
  });

  it('stops after 30 minutes without activity', async () => {
    const recorder = createSessionRecorder({ document: freshDocument(), send: () => Promise.resolve() });
    recorder.start();
    await vi.advanceTimersByTimeAsync(RECORDING_LIMITS.idleTimeoutMs - 1);
    expect(recorder.state).toBe('running');
    await vi.advanceTimersByTimeAsync(1);
    expect(recorder.state).toBe('stopped');
  });

  it('sends nothing of a recording shorter than its minimum (at most 8 s)', async () => {
    const send = vi.fn(() => Promise.resolve());
    const recorder = createSessionRecorder({ document: freshDocument(), send, minimumMs: 60_000 });
    recorder.start();
    await vi.advanceTimersByTimeAsync(7_000);
    await recorder.stop();
    expect(send).not.toHaveBeenCalled();
    const longer = createSessionRecorder({ document: freshDocument(), send, minimumMs: 60_000 });
    longer.start();
    await vi.advanceTimersByTimeAsync(RECORDING_LIMITS.flushIntervalMs);
    expect(send).toHaveBeenCalledTimes(1);
    await longer.stop();
  });

  it('aborts a replay whose first batch has no full snapshot', () => {
    expect(() => replayableEvents([{ sequence: 0, events: [{ type: 'remove', time: 0, id: 3 }] }])).toThrow(ReplayAborted);
    expect(() => replayableEvents([])).toThrow(ReplayAborted);
  });
});
