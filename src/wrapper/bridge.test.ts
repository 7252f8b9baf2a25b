import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createWrapperBridge, WRAPPER_ENABLE_DELAY_MS, type WrapperWindow } from './bridge.ts';
import { parseAppMessage } from './messages.ts';

/** A web view as the native app provides it: an injected postMessage, and messages dispatched to the page. */
function fakeHost(options: { injected?: boolean; search?: string } = {}) {
  const target = new EventTarget();
  const sent: unknown[] = [];
  const host: WrapperWindow = {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    location: { search: options.search ?? '' },
    ...(options.injected === false
      ? { parent: { postMessage: (text: string) => sent.push(JSON.parse(text)) } }
      : { ReactNativeWebView: { postMessage: (text: string) => sent.push(JSON.parse(text)) } }),
  };
  const fromApp = (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data }));
  return { host, sent, fromApp };
}

beforeEach(() => {
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('mobile wrapper bridge', () => {
  it('is enabled only after 100 ms, then says ready and sends what waited', () => {
    vi.useFakeTimers();
    const { host, sent } = fakeHost();
    const bridge = createWrapperBridge(host, sessionStorage);
    expect(bridge.inApp).toBe(true);
    bridge.send({ type: 'deviceStep', requestId: 'r1', secret: 's1' });
    vi.advanceTimersByTime(WRAPPER_ENABLE_DELAY_MS - 1);
    expect(bridge.enabled()).toBe(false);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(bridge.enabled()).toBe(true);
    expect(sent).toEqual([
      { type: 'ready', version: 1 },
      { type: 'deviceStep', requestId: 'r1', secret: 's1' },
    ]);
    bridge.send({ type: 'download', fileName: 'statement.pdf', mediaType: 'application/pdf', dataUrl: 'data:application/pdf;base64,JVBE' });
    expect(sent).toHaveLength(3);
  });

  it("hands the app's messages to the listeners once enabled, dropping malformed ones", () => {
    vi.useFakeTimers();
    const { host, fromApp } = fakeHost();
    const bridge = createWrapperBridge(host, sessionStorage);
    const heard = vi.fn();
    bridge.onMessage(heard);
    fromApp(JSON.stringify({ type: 'logout' }));
    expect(heard).not.toHaveBeenCalled();
    vi.advanceTimersByTime(WRAPPER_ENABLE_DELAY_MS);
    fromApp(JSON.stringify({ type: 'tokens', accessToken: 'a', refreshToken: 'r' }));
    fromApp('not json');
    fromApp(JSON.stringify({ type: 'somethingElse' }));
    fromApp(JSON.stringify({ type: 'cardToWalletResult', requestId: 'r1', status: 'added' }));
    expect(heard.mock.calls.map(([message]) => message)).toEqual([
      { type: 'tokens', accessToken: 'a', refreshToken: 'r' },
      { type: 'cardToWalletResult', requestId: 'r1', status: 'added' },
    ]);
    bridge.dispose();
    fromApp(JSON.stringify({ type: 'logout' }));
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('detects the app by the ?wrapper=1 flag and keeps it for the tab', () => {
    vi.useFakeTimers();
    const flagged = fakeHost({ injected: false, search: '?wrapper=1' });
    const bridge = createWrapperBridge(flagged.host, sessionStorage);
    expect(bridge.inApp).toBe(true);
    vi.advanceTimersByTime(WRAPPER_ENABLE_DELAY_MS);
    expect(flagged.sent).toEqual([{ type: 'ready', version: 1 }]);
    const later = fakeHost({ injected: false });
    expect(createWrapperBridge(later.host, sessionStorage).inApp).toBe(true);
  });

  it('stays off in a browser: nothing is sent', () => {
    vi.useFakeTimers();
    const { host, sent } = fakeHost({ injected: false });
    const bridge = createWrapperBridge(host, sessionStorage);
    expect(bridge.inApp).toBe(false);
    bridge.send({ type: 'loggedOut' });
    vi.advanceTimersByTime(1000);
    expect(bridge.enabled()).toBe(false);
    expect(sent).toEqual([]);
  });
});

describe('app messages', () => {
  it.each([
    ['{"type":"login","username":"ana@example.com"}', { type: 'login', username: 'ana@example.com' }],
    ['{"type":"login"}', { type: 'login' }],
    ['{"type":"identityVerificationResult","status":"failed"}', { type: 'identityVerificationResult', status: 'failed' }],
    ['{"type":"identityVerificationResult","status":"maybe"}', null],
    ['{"type":"tokens","accessToken":""}', null],
    ['[1]', null],
    [42, null],
  ])('%s', (text, expected) => {
    expect(parseAppMessage(text)).toEqual(expected);
  });
});
