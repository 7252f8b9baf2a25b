import type { Session } from '../session/session.ts';
import { isExternalStartPage } from '../session/start-page.ts';
import type { TokenService } from '../transport/token-service.ts';

/**
 * Signs the tab in through an authorization code from the start-up query (`code` with `codeVerifier`,
 * document 000 section 2): the code is exchanged at the token service and the session adopts the
 * tokens. Throws the token service's refusal (a spent or expired code).
 *
 * @example
 * await signInWithAuthorizationCode({ code, codeVerifier }, tokenService, session);
 */
export async function signInWithAuthorizationCode(
  { code, codeVerifier }: { code: string; codeVerifier: string },
  tokenService: TokenService,
  session: Pick<Session, 'adopt'>,
): Promise<void> {
  session.adopt(await tokenService.exchange(code, codeVerifier));
}

/**
 * Goes to a start page: a route of the application through the router, the old web application by a
 * full page load.
 *
 * @example
 * goToStartPage(startPage(customer, null), (path) => router.navigate(path));
 */
export function goToStartPage(target: string, navigate: (path: string) => unknown, assign: (url: string) => void = (url) => location.assign(url)): void {
  if (isExternalStartPage(target)) assign(target);
  else void navigate(target);
}
