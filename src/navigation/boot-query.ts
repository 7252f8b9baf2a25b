import { MethodCallError } from '../../engine/index.ts';

/** The query parameters the application acts on when it starts (document 000 section 2, Query handling). */
export const BOOT_PARAMETERS = ['api', 'fromCustomerId', 'code', 'codeVerifier', 'emailConfirmation'] as const;

/** What the start-up query asks for. */
export interface BootQuery {
  /** `?api`: the environment asked for (see environments.ts), or undefined when the query does not say. */
  api?: string;
  /** `fromCustomerId`: the customer to act for. */
  fromCustomerId?: number;
  /** `code` with `codeVerifier`: sign in through an authorization code. */
  authorizationCode?: { code: string; codeVerifier: string };
  /** `emailConfirmation=success|fail`. */
  emailConfirmation?: 'success' | 'fail';
}

/**
 * Reads the start-up query. A `code` without its `codeVerifier` (or the reverse) is ignored, as is an
 * emailConfirmation other than success or fail.
 *
 * @example
 * readBootQuery('?code=abc&codeVerifier=xyz'); // { authorizationCode: { code: 'abc', codeVerifier: 'xyz' } }
 */
export function readBootQuery(search: string): BootQuery {
  const query = new URLSearchParams(search);
  const result: BootQuery = {};
  const api = query.get('api');
  if (api !== null) result.api = api;
  const fromCustomerId = Number(query.get('fromCustomerId'));
  if (query.get('fromCustomerId') && Number.isSafeInteger(fromCustomerId) && fromCustomerId > 0) result.fromCustomerId = fromCustomerId;
  const code = query.get('code');
  const codeVerifier = query.get('codeVerifier');
  if (code && codeVerifier) result.authorizationCode = { code, codeVerifier };
  const emailConfirmation = query.get('emailConfirmation');
  if (emailConfirmation === 'success' || emailConfirmation === 'fail') result.emailConfirmation = emailConfirmation;
  return result;
}

/**
 * The address without the start-up parameters once they are handled, so a reload does not repeat
 * them and the authorization code does not linger in the address bar or the history.
 *
 * @example
 * withoutBootParameters('/home?code=a&codeVerifier=b&tab=2'); // '/home?tab=2'
 */
export function withoutBootParameters(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, 'http://localhost');
  for (const name of BOOT_PARAMETERS) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The popup of `?emailConfirmation` (document 000 section 2), as the feedback store shows popups: the
 * header 'E-MAIL CONFIRMATION' and the message, both in the user's language.
 *
 * @example
 * feedback.showError(emailConfirmationPopup('success', i18n.t));
 */
export function emailConfirmationPopup(outcome: 'success' | 'fail', t: (key: string) => string): MethodCallError {
  const message = t(outcome === 'success' ? 'session.emailConfirmation.success' : 'session.emailConfirmation.fail');
  return new MethodCallError(outcome === 'success' ? '00' : 'UE', t('session.emailConfirmation.title'), { emailConfirmation: message });
}
