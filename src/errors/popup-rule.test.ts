import { describe, expect, it } from 'vitest';
import { MethodCallError } from '../../engine/index.ts';
import { TokenServiceError } from '../transport/token-service.ts';
import { errorAnswerOf, HEADER_LIMIT, popupContent, type ErrorAnswer, type PopupContent } from './popup-rule.ts';

const long = 'The transfer could not be completed because the daily limit was reached.';
const exactly50 = 'x'.repeat(50);

describe('popupContent: the rule of document 000 section 8', () => {
  it.each<[string, ErrorAnswer, PopupContent]>([
    ['description as header, no body', { responseDescription: 'Closed account' }, { header: 'Closed account', body: '' }],
    ['over 50 characters: header Error, description in the body', { responseDescription: long, message: 'ignored' }, { header: 'Error', body: long }],
    ['exactly 50 characters stays the header', { responseDescription: exactly50 }, { header: exactly50, body: '' }],
    ['message as body', { responseDescription: 'Verify error', message: 'The code is wrong.' }, { header: 'Verify error', body: 'The code is wrong.' }],
    [
      'errors object joined with a comma',
      { responseDescription: 'Invalid params', errors: { a: 'First is missing', b: 'Second is missing' } },
      { header: 'Invalid params', body: 'First is missing, Second is missing' },
    ],
    ['errors list joined with a comma', { responseDescription: 'Invalid params', errors: ['One', 'Two'] }, { header: 'Invalid params', body: 'One, Two' }],
    [
      'validation errors joined with a space',
      {
        responseDescription: 'Invalid params',
        validationErrors: [
          { field: 'profile.firstName', description: 'Too long.' },
          { field: 'profile.birthDay', description: 'Not a date.' },
        ],
      },
      { header: 'Invalid params', body: 'Too long. Not a date.' },
    ],
    [
      'message wins over errors and validation errors',
      { responseDescription: 'Bad', message: 'M', errors: ['E'], validationErrors: [{ description: 'V' }] },
      { header: 'Bad', body: 'M' },
    ],
    [
      'errors win over validation errors',
      { responseDescription: 'Bad', errors: ['E'], validationErrors: [{ description: 'V' }] },
      { header: 'Bad', body: 'E' },
    ],
    ['no description: the generic header', { message: 'Something' }, { header: 'Error', body: 'Something' }],
  ])('%s', (_case, answer, expected) => {
    expect(popupContent(answer)).toEqual(expected);
  });

  it('uses the limit of the document', () => {
    expect(HEADER_LIMIT).toBe(50);
  });
});

describe('errorAnswerOf', () => {
  it.each<[string, unknown, ErrorAnswer]>([
    [
      'a MethodCallError with field errors',
      new MethodCallError('TA1', 'Invalid params', { 'profile.firstName': 'Too long.' }),
      { responseDescription: 'Invalid params', validationErrors: [{ field: 'profile.firstName', description: 'Too long.' }] },
    ],
    ["the token service's refusal", new TokenServiceError(403, 'Wrong e-mail or password.'), { responseDescription: 'Wrong e-mail or password.' }],
    ['an Error', new Error('Failed to fetch'), { responseDescription: 'Failed to fetch' }],
    ['a string', 'offline', { responseDescription: 'offline' }],
    ['anything else', { weird: true }, { responseDescription: 'unknown error' }],
  ])('reads %s', (_case, error, expected) => {
    expect(errorAnswerOf(error)).toEqual(expected);
  });
});
