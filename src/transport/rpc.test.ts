import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { MethodCallError } from '../../engine/index.ts';
import type { RpcMethods } from '../../generated/methods.ts';
import { CLIENT_VERSION, createRpc, REQUEST_TIMEOUT_MS, type RpcOptions } from './rpc.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setUp(answer: () => Promise<Response> | Response, overrides: Partial<RpcOptions> = {}) {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => answer());
  const onUnauthorized = vi.fn();
  const rpc = createRpc({
    accessToken: async () => 'access-token',
    language: () => 'en',
    actingCustomerId: () => null,
    onUnauthorized,
    fetch,
    ...overrides,
  });
  const sent = () => {
    const [url, init] = fetch.mock.calls[0]!;
    return { url: String(url), init: init!, headers: new Headers(init!.headers), body: JSON.parse(String(init!.body)) };
  };
  return { rpc, fetch, sent, onUnauthorized };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('rpc: the request', () => {
  it('posts to /api?method=<name> with the method repeated in a cleaned body', async () => {
    const { rpc, sent } = setUp(() => json({ responseCode: '00', transactions: [], results: 0 }));
    await rpc('transactionHistory', { pageSize: 5, keyword: undefined, excludeOperationTypes: ['Fees'] });
    const { url, init, body } = sent();
    expect(url).toBe('/api?method=transactionHistory');
    expect(init.method).toBe('POST');
    expect(body).toEqual({ method: 'transactionHistory', pageSize: 5, excludeOperationTypes: ['Fees'] });
  });

  it('sends the language, the bearer token and the client version', async () => {
    const { rpc, sent } = setUp(() => json({ responseCode: '00', accounts: [] }), { language: () => 'ro' });
    await rpc('balanceInquiry', {});
    const { headers } = sent();
    expect(headers.get('Accept-Language')).toBe('ro');
    expect(headers.get('Authorization')).toBe('Bearer access-token');
    expect(headers.get('X-Client-Version')).toBe(CLIENT_VERSION);
    expect(CLIENT_VERSION).toBe('2.1.2');
    expect(headers.get('Customer-Id')).toBeNull();
  });

  it('sends Ukrainian as uk', async () => {
    const { rpc, sent } = setUp(() => json({ responseCode: '00', accounts: [] }), { language: () => 'ua' });
    await rpc('balanceInquiry', {});
    expect(sent().headers.get('Accept-Language')).toBe('uk');
  });

  it('sends Customer-Id when acting for a business customer', async () => {
    const { rpc, sent } = setUp(() => json({ responseCode: '00', accounts: [] }), { actingCustomerId: () => 4021 });
    await rpc('balanceInquiry', {});
    expect(sent().headers.get('Customer-Id')).toBe('4021');
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    const { rpc, sent } = setUp(() => json({ responseCode: '00', accounts: [] }), { accessToken: async () => null });
    await rpc('balanceInquiry', {});
    expect(sent().headers.has('Authorization')).toBe(false);
  });
});

describe('rpc: the answer', () => {
  it('resolves with the normalised payload, without the envelope', async () => {
    const { rpc } = setUp(() =>
      json({
        responseCode: '00',
        responseDescription: 'Success',
        accounts: [{ accountId: '3', balance: '10.50', pendingAmount: '0.00', currencyCode: 'EUR' }],
      }),
    );
    await expect(rpc('balanceInquiry', {})).resolves.toEqual({
      accounts: [{ accountId: 3, balance: '10.50', pendingAmount: '0.00', currencyCode: 'EUR' }],
    });
  });

  it('throws MethodCallError with field errors keyed by dot path for TA1', async () => {
    const { rpc } = setUp(() =>
      json({
        responseCode: 'TA1',
        responseDescription: 'Invalid params',
        validationErrors: [
          { field: 'profile.firstName', description: 'Too long.' },
          { field: 'profile.birthDay', description: 'Not a date.' },
        ],
      }),
    );
    const error = await rpc('profileUpdate', { profile: { firstName: 'x'.repeat(61) } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MethodCallError);
    expect(error).toMatchObject({
      code: 'TA1',
      description: 'Invalid params',
      fieldErrors: { 'profile.firstName': 'Too long.', 'profile.birthDay': 'Not a date.' },
    });
  });

  it('reports HTTP 500 as "Server is not available"', async () => {
    const { rpc } = setUp(() => new Response('boom', { status: 500 }));
    await expect(rpc('balanceInquiry', {})).rejects.toMatchObject({ code: 'UE', description: 'Server is not available' });
  });

  it('reports a network failure with the error message', async () => {
    const { rpc } = setUp(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(rpc('balanceInquiry', {})).rejects.toMatchObject({ code: 'AE', description: 'Failed to fetch', unanswered: true });
  });

  it("reports a network failure that is not an Error as 'networkError'", async () => {
    const { rpc } = setUp(() => Promise.reject('offline'));
    await expect(rpc('balanceInquiry', {})).rejects.toMatchObject({ code: 'AE', description: 'networkError', unanswered: true });
  });

  it("reports an empty answer as 'serverError'", async () => {
    const { rpc } = setUp(() => new Response('', { status: 200 }));
    await expect(rpc('balanceInquiry', {})).rejects.toMatchObject({ code: 'UE', description: 'serverError' });
  });

  it('tells the session when the server refuses the token', async () => {
    const { rpc, onUnauthorized } = setUp(() => json({ responseCode: 'AU', responseDescription: 'Auth error' }, 401));
    await expect(rpc('balanceInquiry', {})).rejects.toMatchObject({ code: 'AU', unanswered: false });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('gives up after 5 minutes', async () => {
    vi.useFakeTimers();
    const { rpc } = setUp(() => json({}), {
      fetch: (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    const outcome = expect(rpc('balanceInquiry', {})).rejects.toMatchObject({ code: 'AE', description: 'requestTimeout', unanswered: true });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(REQUEST_TIMEOUT_MS).toBe(5 * 60 * 1000);
  });
});

describe('rpc: types', () => {
  it('checks method names, params and answers against the declarations', () => {
    const { rpc } = setUp(() => json({ responseCode: '00', accounts: [] }));
    expectTypeOf(rpc<'balanceInquiry'>).returns.resolves.toEqualTypeOf<RpcMethods['balanceInquiry']['response']>();
    expectTypeOf(rpc<'transactionHistory'>)
      .parameter(1)
      .toEqualTypeOf<RpcMethods['transactionHistory']['request']>();
    // Never run: the compiler checks these calls.
    const misuse = () => {
      // @ts-expect-error an undeclared method does not type-check
      void rpc('noSuchMethod', {});
      // @ts-expect-error pageSize is a number
      void rpc('transactionHistory', { pageSize: '5' });
      // @ts-expect-error profileUpdate needs its profile
      void rpc('profileUpdate', {});
    };
    expectTypeOf(misuse).toBeFunction();
  });
});
