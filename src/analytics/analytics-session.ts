/**
 * Loaded only after consent (a dynamic import, so /login's first JavaScript does not grow): the analytics
 * client and the session recorder, talking to the brand's analytics host with its project token.
 */
import { ANALYTICS_LIMITS, createAnalyticsClient, DEVICE_ID_PREFIX, type AnalyticsClient, type SendBatch } from './analytics-client.ts';
import { createSessionRecorder, type SessionRecorder } from './session-recorder.ts';

export interface AnalyticsSessionOptions {
  /** The host's base URL, e.g. `/analytics` (the sandbox host) or a real host's. */
  host: string;
  projectToken: string;
  /** The signed-in customer's number, or null for a visitor. */
  personId: () => string | null;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
}

const DEVICE_KEY = 'analyticsDevice';

function deviceIdOf(storage: AnalyticsSessionOptions['storage']): string {
  const known = storage.getItem(DEVICE_KEY);
  if (known) return known;
  const made = crypto.randomUUID();
  storage.setItem(DEVICE_KEY, made);
  return made;
}

/** gzip where the browser has CompressionStream (document 002 section 7), else plain JSON. */
async function recordingBody(json: string): Promise<{ body: BodyInit; headers: Record<string, string> }> {
  if (typeof CompressionStream === 'undefined') return { body: json, headers: {} };
  const stream = new Blob([json]).stream().pipeThrough(new CompressionStream('gzip'));
  return { body: await new Response(stream).arrayBuffer(), headers: { 'content-encoding': 'gzip' } };
}

/**
 * Starts analytics and recording for this page.
 *
 * @example
 * const { analytics } = startAnalyticsSession({ host: '/analytics', projectToken, personId: () => null, storage: localStorage });
 */
export function startAnalyticsSession(options: AnalyticsSessionOptions): { analytics: AnalyticsClient; recorder: SessionRecorder } {
  const authorization = `Basic ${btoa(`${options.projectToken}:`)}`;
  const post = (route: string, body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(`${options.host}/${route}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(ANALYTICS_LIMITS.requestTimeoutMs),
      keepalive: false,
    });
  const send: SendBatch = async (route, batch) => {
    const answer = await post(route, JSON.stringify(batch));
    const retryAfter = Number(answer.headers.get('retry-after'));
    return { status: answer.status, ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) };
  };
  const deviceId = deviceIdOf(options.storage);
  const analytics = createAnalyticsClient({ send, deviceId });
  const replayId = crypto.randomUUID();
  const recorder = createSessionRecorder({
    document,
    async send(batch) {
      const person = options.personId();
      if (person) analytics.identify(person);
      const { body, headers } = await recordingBody(JSON.stringify({ replayId, distinctId: person ?? `${DEVICE_ID_PREFIX}${deviceId}`, ...batch }));
      await post('record', body, headers);
    },
  });
  recorder.start();
  analytics.track('Page view', { path: location.pathname });
  addEventListener('pagehide', () => void recorder.stop());
  return { analytics, recorder };
}
