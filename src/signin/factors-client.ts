import type { components } from '../../generated/rest.ts';
import { TokenServiceError, type Tokens } from '../transport/token-service.ts';

type Schemas = components['schemas'];
export type Device = Schemas['Device'];
export type ApproveMethod = Schemas['ApproveMethods']['methods'][number];
export type TwoStepState = Schemas['TwoStepState'];
export type TwoStepChangeStarted = Schemas['TwoStepChangeStarted'];
export type TwoStepConfirmed = Schemas['TwoStepConfirmed'];
export type TwoStepChange = Schemas['TwoStepChangeRequest'];

/** The outcome a push sign-in's live channel reports. */
export type PushOutcome = { status: 'approved'; code: string } | { status: 'declined' | 'expired' | 'unknown' | 'failed' };

/**
 * The token service's second-factor paths besides login and token: push re-send and live channel,
 * new-device approval, linked devices and two-step settings (schemas/api/rest.openapi.json).
 * Refusals throw a TokenServiceError with the service's message and field.
 */
export interface SignInFactors {
  resendPush(key: string): Promise<void>;
  /** Opens the live channel of a push sign-in; `onOutcome` is called once. Returns a function that closes it. */
  waitForPush(key: string, onOutcome: (outcome: PushOutcome) => void): () => void;
  approveMethods(key: string): Promise<ApproveMethod[]>;
  chooseApproveMethod(key: string, deviceId: number, methodId: string): Promise<{ destination?: string }>;
  approveDevice(key: string, deviceId: number, code: string): Promise<{ code: string }>;
  devices(accessToken: string): Promise<Device[]>;
  removeDevice(accessToken: string, deviceId: number): Promise<void>;
  twoStepState(accessToken: string): Promise<TwoStepState>;
  changeTwoStep(accessToken: string, change: TwoStepChange): Promise<TwoStepChangeStarted>;
  confirmTwoStep(accessToken: string, reqId: string, code: string): Promise<TwoStepConfirmed & Partial<Tokens>>;
}

/**
 * @example
 * const factors = createSignInFactors();
 * const methods = await factors.approveMethods(login.key);
 */
export function createSignInFactors(options: { baseUrl?: string; fetch?: typeof fetch; WebSocket?: typeof WebSocket } = {}): SignInFactors {
  const base = options.baseUrl ?? '';
  const send = async <T>(method: string, path: string, bearer?: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = {};
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await (options.fetch ?? globalThis.fetch)(`${base}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const answer = (await response.json().catch(() => ({}))) as T & { message?: string; field?: string; attemptsLeft?: number };
    if (!response.ok) throw new TokenServiceError(response.status, answer.message || 'unknown error', answer.field, answer.attemptsLeft);
    return answer;
  };

  return {
    async resendPush(key) {
      await send('POST', '/auth/push/re-send', undefined, { key });
    },
    waitForPush(key, onOutcome) {
      const Socket = options.WebSocket ?? globalThis.WebSocket;
      const origin = base || location.origin;
      const socket = new Socket(`${origin.replace(/^http/, 'ws')}/auth/push/live`);
      let done = false;
      const finish = (outcome: PushOutcome) => {
        if (done) return;
        done = true;
        onOutcome(outcome);
      };
      socket.addEventListener('open', () => socket.send(JSON.stringify({ key })));
      socket.addEventListener('message', (event) => {
        try {
          const message = JSON.parse(String(event.data)) as PushOutcome | { status: 'pending' };
          if (message.status !== 'pending') finish(message);
        } catch {
          finish({ status: 'failed' });
        }
      });
      socket.addEventListener('close', () => finish({ status: 'failed' }));
      return () => {
        done = true;
        socket.close();
      };
    },
    async approveMethods(key) {
      return (await send<{ methods: ApproveMethod[] }>('GET', '/auth/devices/approve-methods', key)).methods;
    },
    chooseApproveMethod: (key, deviceId, methodId) => send('PATCH', `/auth/devices/${deviceId}/approve/${encodeURIComponent(methodId)}`, key),
    approveDevice: (key, deviceId, code) => send('POST', `/auth/devices/${deviceId}/approve`, key, { code }),
    async devices(accessToken) {
      return (await send<{ devices: Device[] }>('GET', '/auth/devices', accessToken)).devices;
    },
    async removeDevice(accessToken, deviceId) {
      await send('DELETE', `/auth/devices/${deviceId}`, accessToken);
    },
    twoStepState: (accessToken) => send('GET', '/customer/two-step-verification', accessToken),
    changeTwoStep: (accessToken, change) => send('POST', '/customer/two-step-verification', accessToken, change),
    confirmTwoStep: (accessToken, reqId, code) => send('POST', `/customer/two-step-verification/${encodeURIComponent(reqId)}/confirm`, accessToken, { code }),
  };
}
