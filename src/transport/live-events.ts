import type { LiveEvents } from '../../engine/index.ts';

/** Waits before connecting again after the channel dropped: doubling from the first to the last. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export interface LiveEventsOptions {
  /** The session's access token; null when signed out (nothing is connected then). */
  accessToken(): Promise<string | null>;
  /** The customer the user acts for (a business), null for their own. */
  actingCustomerId(): number | null;
  /** Where the server is: '' for this page's origin. */
  base: string;
  WebSocket?: typeof WebSocket;
}

/**
 * The customer's live channel (the server's GET /api/live WebSocket) as the engine's `liveEvents`: it is
 * connected while some screen listens to a topic and closed when none does; its first message names the
 * session and the acting customer. When it drops it connects again, and once connected again it tells
 * every listener, since an event may have been missed meanwhile.
 *
 * @example
 * createScreenRouter({ …, liveEvents: createLiveEvents({ accessToken: () => session.accessToken(), actingCustomerId: () => null, base: '' }) });
 */
export function createLiveEvents(options: LiveEventsOptions): LiveEvents {
  const listeners = new Map<string, Set<() => void>>();
  let socket: WebSocket | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let connectedBefore = false;

  const listening = () => [...listeners.values()].some((set) => set.size > 0);
  const tell = (topic: string) => listeners.get(topic)?.forEach((listener) => listener());
  const tellAll = () => [...listeners.keys()].forEach(tell);

  async function connect() {
    retry = undefined;
    const token = await options.accessToken();
    if (!token || socket || !listening()) return;
    const Socket = options.WebSocket ?? globalThis.WebSocket;
    const origin = options.base || location.origin;
    const opened = new Socket(`${origin.replace(/^http/, 'ws')}/api/live`);
    socket = opened;
    const customerId = options.actingCustomerId();
    opened.addEventListener('open', () => opened.send(JSON.stringify({ token, ...(customerId ? { customerId } : {}) })));
    opened.addEventListener('message', (event) => {
      let topic: unknown;
      try {
        topic = (JSON.parse(String(event.data)) as { topic?: unknown }).topic;
      } catch {
        return;
      }
      if (topic === 'ready') {
        failures = 0;
        if (connectedBefore) tellAll();
        connectedBefore = true;
      } else if (typeof topic === 'string') {
        tell(topic);
      }
    });
    opened.addEventListener('close', () => {
      if (socket !== opened) return;
      socket = undefined;
      if (!listening()) return;
      retry = setTimeout(() => void connect(), RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
      failures += 1;
    });
  }

  function disconnect() {
    clearTimeout(retry);
    retry = undefined;
    const open = socket;
    socket = undefined;
    connectedBefore = false;
    open?.close(1000, 'no listeners');
  }

  return {
    subscribe(topic, onEvent) {
      const set = listeners.get(topic) ?? new Set();
      listeners.set(topic, set);
      set.add(onEvent);
      if (!socket && !retry) void connect();
      return () => {
        set.delete(onEvent);
        if (!listening()) disconnect();
      };
    },
  };
}
