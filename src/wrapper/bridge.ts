import { parseAppMessage, type AppMessage, type PageMessage } from './messages.ts';

/** The wrapper mode is enabled 100 ms after the page starts (document 000 section 9). */
export const WRAPPER_ENABLE_DELAY_MS = 100;

/** The query flag a native app may add instead of injecting its bridge object; kept for the tab. */
export const WRAPPER_QUERY_FLAG = 'wrapper';
const WRAPPER_STORAGE = 'wrapper.inApp';

/** The native side as a web view exposes it (React Native's `window.ReactNativeWebView`). */
interface NativeHost {
  postMessage(message: string): void;
}

/** The window the bridge runs in: only what it uses, so tests pass a fake host. */
export interface WrapperWindow extends Pick<EventTarget, 'addEventListener' | 'removeEventListener'> {
  ReactNativeWebView?: NativeHost;
  location: { search: string };
  /** Used when the app marks itself with `?wrapper=1` and has no injected object: replies go to the opener frame. */
  parent?: { postMessage(message: string, targetOrigin: string): void } | null;
}

/** The page's side of the conversation with the native app. */
export interface WrapperBridge {
  /** Whether the page runs inside the native app (known at once). */
  readonly inApp: boolean;
  /** Whether the mode is enabled yet (100 ms after start). */
  enabled(): boolean;
  /** Sends a message; before the mode is enabled messages wait, outside the app they are dropped. */
  send(message: PageMessage): void;
  /** Listens to the app's messages; returns the way to stop. */
  onMessage(listener: (message: AppMessage) => void): () => void;
  /** Stops the timer and the listeners. */
  dispose(): void;
}

/**
 * Detects the native app (`window.ReactNativeWebView`, or `?wrapper=1` kept for the tab) and opens the
 * bridge 100 ms later, then announces itself with `ready`. Messages are the JSON strings of messages.ts.
 *
 * @example
 * const bridge = createWrapperBridge(window, sessionStorage);
 * bridge.onMessage((message) => message.type === 'logout' && session.signOut());
 * bridge.send({ type: 'deviceStep', requestId, secret });
 */
export function createWrapperBridge(
  host: WrapperWindow,
  storage: Storage,
  options: { delayMs?: number; setTimer?: (run: () => void, ms: number) => unknown; clearTimer?: (timer: unknown) => void } = {},
): WrapperBridge {
  const flagged = new URLSearchParams(host.location.search).get(WRAPPER_QUERY_FLAG) === '1';
  if (flagged) storage.setItem(WRAPPER_STORAGE, '1');
  const inApp = Boolean(host.ReactNativeWebView) || flagged || storage.getItem(WRAPPER_STORAGE) === '1';
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const listeners = new Set<(message: AppMessage) => void>();
  const waiting: PageMessage[] = [];
  let open = false;

  const post = (message: PageMessage) => {
    const text = JSON.stringify(message);
    if (host.ReactNativeWebView) host.ReactNativeWebView.postMessage(text);
    else host.parent?.postMessage(text, '*');
  };

  const receive = (event: Event) => {
    const message = parseAppMessage((event as MessageEvent).data);
    if (message && open) listeners.forEach((listener) => listener(message));
  };

  const timer = inApp
    ? setTimer(() => {
        open = true;
        post({ type: 'ready', version: 1 });
        waiting.splice(0).forEach(post);
      }, options.delayMs ?? WRAPPER_ENABLE_DELAY_MS)
    : undefined;
  if (inApp) host.addEventListener('message', receive);

  return {
    inApp,
    enabled: () => open,
    send(message) {
      if (!inApp) return;
      if (open) post(message);
      else waiting.push(message);
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      if (timer !== undefined) clearTimer(timer);
      host.removeEventListener('message', receive);
      listeners.clear();
    },
  };
}
