import type { Session } from '../session/session.ts';
import { createWrapperBridge, type WrapperBridge } from './bridge.ts';

let current: WrapperBridge | null = null;

/** The bridge of this page once the application started it; null before (and in component tests). */
export function wrapperBridge(): WrapperBridge | null {
  return current;
}

/**
 * Starts the page's bridge to the native app and acts on the app's messages: tokens handed over become
 * the session, `logout` ends it, `login` opens sign-in.
 *
 * @example
 * startWrapperBridge({ session, navigate: (path) => router.navigate(path) });
 */
export function startWrapperBridge(app: { session: Pick<Session, 'adopt' | 'signOut'>; navigate(path: string): unknown }): WrapperBridge {
  current?.dispose();
  const bridge = createWrapperBridge(window as unknown as Parameters<typeof createWrapperBridge>[0], sessionStorage);
  bridge.onMessage((message) => {
    if (message.type === 'tokens') {
      app.session.adopt({ accessToken: message.accessToken, refreshToken: message.refreshToken });
      void app.navigate('/home');
    } else if (message.type === 'logout') {
      void app.session.signOut().then(() => app.navigate('/login'));
    } else if (message.type === 'login') {
      void app.navigate(message.username ? `/login?username=${encodeURIComponent(message.username)}` : '/login');
    }
  });
  current = bridge;
  return bridge;
}
