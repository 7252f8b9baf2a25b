import { beforeEach, describe, expect, it } from 'vitest';
import { isMethodCallError } from '../../engine/index.ts';
import { emailConfirmationPopup, readBootQuery, withoutBootParameters } from './boot-query.ts';

beforeEach(() => sessionStorage.clear());

describe('query handling at start (document 000 section 2)', () => {
  it.each([
    ['?fromCustomerId=4021', { fromCustomerId: 4021 }],
    ['?fromCustomerId=abc', {}],
    ['?code=c1&codeVerifier=v1', { authorizationCode: { code: 'c1', codeVerifier: 'v1' } }],
    ['?code=c1', {}],
    ['?emailConfirmation=success', { emailConfirmation: 'success' }],
    ['?emailConfirmation=fail', { emailConfirmation: 'fail' }],
    ['?emailConfirmation=maybe', {}],
    ['?api=/v2', { api: '/v2' }],
  ])('%s', (search, expected) => {
    expect(readBootQuery(search)).toEqual(expected);
  });

  it('drops the handled parameters from the address, keeping the others', () => {
    expect(withoutBootParameters('/home?code=a&codeVerifier=b&tab=2#x')).toBe('/home?tab=2#x');
    expect(withoutBootParameters('/login?emailConfirmation=success')).toBe('/login');
  });

  it('titles the e-mail confirmation popup and says the outcome', () => {
    const t = (key: string) =>
      ({
        'session.emailConfirmation.title': 'E-MAIL CONFIRMATION',
        'session.emailConfirmation.success': 'Your E-mail address has been confirmed!',
        'session.emailConfirmation.fail': 'An error has occurred. Please contact us.',
      })[key] ?? key;
    const success = emailConfirmationPopup('success', t);
    expect(isMethodCallError(success) && [success.description, Object.values(success.fieldErrors)]).toEqual([
      'E-MAIL CONFIRMATION',
      ['Your E-mail address has been confirmed!'],
    ]);
    expect(Object.values(emailConfirmationPopup('fail', t).fieldErrors)).toEqual(['An error has occurred. Please contact us.']);
  });
});
