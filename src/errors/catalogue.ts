/**
 * The response codes of the main backend (document 000 section 8), as data. What each means is said to
 * the user by the locales, under `errors.codes.<code>`.
 */
export const responseCodes = ['00', 'VF', 'TE', 'AE', 'AU', 'ENOA', 'UE', 'CA', '13', 'TA1', 'IM'] as const;

export type ResponseCode = (typeof responseCodes)[number];

/**
 * The locale key of a response code's text.
 *
 * @example
 * t(responseCodeKey('CA')); // 'This account is closed.'
 */
export function responseCodeKey(code: ResponseCode): string {
  return `errors.codes.${code}`;
}

/**
 * Texts the application itself produces where a server's words would be (transport and session
 * failures, the generic popup header), each with the locale key that says it to the user. Any other
 * text is the server's own and is shown as it is.
 */
export const ownMessages: Record<string, string> = {
  Error: 'errors.header',
  networkError: 'errors.networkError',
  serverError: 'errors.serverError',
  'Server is not available': 'errors.serverNotAvailable',
  requestTimeout: 'errors.requestTimeout',
  'unknown error': 'errors.unknown',
  sessionExpired: 'errors.sessionExpired',
  loginFlowNotSupported: 'errors.loginFlowNotSupported',
  '[get token error] bad status': 'errors.tokenRefused',
  '[get token error] strange error': 'errors.tokenRefused',
};
