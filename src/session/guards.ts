import type { Guard } from '../../engine/index.ts';
import { rememberPath } from './remembered-path.ts';
import type { Session } from './session.ts';
import { HOME } from './start-page.ts';

/** Where signed-out visitors are sent. */
export const LOGIN = '/login';

/**
 * The guards screen specs name (`guard: authenticated` and `guard: anonymous`).
 *
 * - `authenticated` (the main area): a signed-out visitor's path is remembered and they go to sign in.
 * - `anonymous` (sign-in): a signed-in user is sent home, but only once a token refresh proves the
 *   session is still alive; if the refresh is refused the session expires and sign-in opens.
 *
 * @example
 * createScreenRouter({ …, guards: createGuards(session, sessionStorage) });
 */
export function createGuards(session: Session, storage: Storage): Record<'authenticated' | 'anonymous', Guard> {
  return {
    authenticated({ pathname, search }) {
      if (session.isSignedIn()) return null;
      rememberPath(`${pathname}${search}`, storage);
      return LOGIN;
    },
    async anonymous() {
      if (!session.isSignedIn()) return null;
      return (await session.refresh()) ? HOME : null;
    },
  };
}
