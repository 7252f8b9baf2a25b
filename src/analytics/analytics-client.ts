/**
 * The product analytics client (document 002 sections 5, 7, 8, 9): events are queued per route (track,
 * engage, groups), sent in batches of 50, flushed every 5 s; a failed send (5xx, 429, timeout, offline) is
 * retried with a doubling interval capped at 10 minutes, or after the server's Retry-After; a 413 halves
 * the batch and a single event still too large is dropped. Distinct ids starting with `$device:` are refused
 * as a person's id. Pure apart from the injected clock and transport, so tests drive it with a fake clock.
 */

/** Document 002 section 9. */
export const ANALYTICS_LIMITS = {
  batchSize: 50,
  flushIntervalMs: 5_000,
  requestTimeoutMs: 90_000,
  maxRetryIntervalMs: 10 * 60_000,
  stringLength: 255,
} as const;

/** The prefix of anonymous device ids; never accepted as a person's distinct id (document 002 section 5). */
export const DEVICE_ID_PREFIX = '$device:';

/** The routes of the analytics host that take queued events. */
export type EventRoute = 'track' | 'engage' | 'groups';

/** What the host answered: an HTTP status and, for 429/503, its Retry-After in seconds. */
export interface SendAnswer {
  status: number;
  retryAfterSeconds?: number;
}

/** Sends one batch to a route; rejects when offline or timed out. */
export type SendBatch = (route: EventRoute, batch: readonly object[]) => Promise<SendAnswer>;

/** The time source; the default is the browser's, tests pass vitest's fake timers through it. */
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Cuts every string in a value (nested objects and arrays included) to `max` characters.
 *
 * @example
 * truncateStrings({ name: 'x'.repeat(300) }).name.length; // 255
 */
export function truncateStrings<T>(value: T, max: number = ANALYTICS_LIMITS.stringLength): T {
  if (typeof value === 'string') return (value.length > max ? value.slice(0, max) : value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => truncateStrings(item, max)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, truncateStrings(item, max)])) as T;
  }
  return value;
}

/** True when an id may name a person: not empty and not an anonymous device id. */
export function isPersonId(id: string): boolean {
  return id.length > 0 && !id.startsWith(DEVICE_ID_PREFIX);
}

/**
 * The next wait after a failed send: the doubled interval, or the server's Retry-After, never above the cap.
 *
 * @example
 * nextRetryInterval(5_000); // 10_000
 * nextRetryInterval(5_000, 30); // 30_000
 */
export function nextRetryInterval(currentMs: number, retryAfterSeconds?: number): number {
  const wanted = retryAfterSeconds !== undefined && retryAfterSeconds > 0 ? retryAfterSeconds * 1000 : currentMs * 2;
  return Math.min(ANALYTICS_LIMITS.maxRetryIntervalMs, wanted);
}

function retryable(status: number): boolean {
  return status === 429 || status >= 500;
}

interface RouteQueue {
  items: object[];
  batchSize: number;
  intervalMs: number;
  timer: unknown;
  sending: boolean;
}

export interface AnalyticsClientOptions {
  send: SendBatch;
  clock?: Clock;
  /** The anonymous id of this browser, without the prefix. */
  deviceId: string;
  /** Told when an event is dropped or a call is refused, for the console in development. */
  onWarning?: (message: string) => void;
}

/** The client the application uses once the customer has consented. */
export interface AnalyticsClient {
  /** Queues an event for the person (once identified) or the device. */
  track(event: string, properties?: Record<string, unknown>): void;
  /** Names the person; refused (returns false) for an empty id or one starting with `$device:`. */
  identify(distinctId: string): boolean;
  /** Queues a profile update of the identified person; nothing is sent for an anonymous device. */
  setPersonProperties(properties: Record<string, unknown>): boolean;
  /** Queues a group profile update. */
  setGroup(groupKey: string, groupId: string, properties: Record<string, unknown>): void;
  /** Sends what is queued now (it still respects a retry wait). */
  flush(): Promise<void>;
  /** Events waiting per route (for tests and the debug panel). */
  pending(route: EventRoute): number;
  /** Stops the timers; queued events stay unsent. */
  stop(): void;
}

/**
 * Creates the batching client.
 *
 * @example
 * const analytics = createAnalyticsClient({ send: hostTransport(config), deviceId: crypto.randomUUID() });
 * analytics.track('Sign in');
 */
export function createAnalyticsClient(options: AnalyticsClientOptions): AnalyticsClient {
  const clock = options.clock ?? systemClock;
  const deviceDistinctId = `${DEVICE_ID_PREFIX}${options.deviceId}`;
  let personId: string | null = null;
  let stopped = false;
  const queues = new Map<EventRoute, RouteQueue>();

  function queueOf(route: EventRoute): RouteQueue {
    let queue = queues.get(route);
    if (!queue) {
      queue = { items: [], batchSize: ANALYTICS_LIMITS.batchSize, intervalMs: ANALYTICS_LIMITS.flushIntervalMs, timer: null, sending: false };
      queues.set(route, queue);
    }
    return queue;
  }

  function schedule(route: EventRoute, queue: RouteQueue): void {
    if (stopped || queue.timer !== null || queue.items.length === 0) return;
    queue.timer = clock.setTimeout(() => {
      queue.timer = null;
      void sendRoute(route, queue);
    }, queue.intervalMs);
  }

  async function sendRoute(route: EventRoute, queue: RouteQueue): Promise<void> {
    if (queue.sending || stopped) return;
    queue.sending = true;
    try {
      while (queue.items.length > 0 && !stopped) {
        const batch = queue.items.slice(0, queue.batchSize);
        let answer: SendAnswer;
        try {
          answer = await options.send(route, batch);
        } catch {
          answer = { status: 0 };
        }
        if (answer.status >= 200 && answer.status < 300) {
          queue.items.splice(0, batch.length);
          queue.intervalMs = ANALYTICS_LIMITS.flushIntervalMs;
          // A batch halved after a 413 stays small until the queue is drained.
          if (queue.items.length === 0) queue.batchSize = ANALYTICS_LIMITS.batchSize;
          continue;
        }
        if (answer.status === 413) {
          if (batch.length === 1) {
            queue.items.splice(0, 1);
            options.onWarning?.('An analytics event was too large for the host and was dropped.');
          } else {
            queue.batchSize = Math.max(1, Math.floor(batch.length / 2));
          }
          continue;
        }
        if (answer.status === 0 || retryable(answer.status)) {
          queue.intervalMs = nextRetryInterval(queue.intervalMs, answer.retryAfterSeconds);
          break;
        }
        // Any other refusal (400, 401) will not get better by sending the same batch again.
        queue.items.splice(0, batch.length);
        options.onWarning?.(`The analytics host refused a batch with status ${answer.status}; it was dropped.`);
      }
    } finally {
      queue.sending = false;
    }
    schedule(route, queue);
  }

  function enqueue(route: EventRoute, item: object): void {
    if (stopped) return;
    const queue = queueOf(route);
    queue.items.push(truncateStrings(item));
    // A full batch goes at once unless the host asked us to wait.
    if (queue.items.length >= queue.batchSize && queue.intervalMs === ANALYTICS_LIMITS.flushIntervalMs && !queue.sending) {
      if (queue.timer !== null) clock.clearTimeout(queue.timer);
      queue.timer = null;
      void sendRoute(route, queue);
      return;
    }
    schedule(route, queue);
  }

  return {
    track(event, properties = {}) {
      enqueue('track', {
        event,
        properties: { ...properties, time: clock.now(), distinct_id: personId ?? deviceDistinctId, $device_id: options.deviceId },
      });
    },
    identify(distinctId) {
      if (!isPersonId(distinctId)) {
        options.onWarning?.(`"${distinctId}" cannot name a person: ids starting with ${DEVICE_ID_PREFIX} are refused.`);
        return false;
      }
      personId = distinctId;
      return true;
    },
    setPersonProperties(properties) {
      if (personId === null) return false;
      enqueue('engage', { $distinct_id: personId, $time: clock.now(), $set: properties });
      return true;
    },
    setGroup(groupKey, groupId, properties) {
      enqueue('groups', { $group_key: groupKey, $group_id: groupId, $set: properties });
    },
    async flush() {
      await Promise.all(
        [...queues.entries()].map(async ([route, queue]) => {
          if (queue.intervalMs !== ANALYTICS_LIMITS.flushIntervalMs) return;
          if (queue.timer !== null) clock.clearTimeout(queue.timer);
          queue.timer = null;
          await sendRoute(route, queue);
        }),
      );
    },
    pending: (route) => queues.get(route)?.items.length ?? 0,
    stop() {
      stopped = true;
      for (const queue of queues.values()) if (queue.timer !== null) clock.clearTimeout(queue.timer);
    },
  };
}
