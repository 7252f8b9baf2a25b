import { describe, expect, it } from 'vitest';
import { cleanPayload } from './clean-payload.ts';

describe('cleanPayload', () => {
  it('drops null, undefined and NaN fields at every depth', () => {
    expect(
      cleanPayload({
        method: 'profileUpdate',
        keyword: null,
        pageSize: Number.NaN,
        profile: { firstName: 'Ana', occupation: undefined, address: { city: null, countryCode: 'RO' } },
      }),
    ).toEqual({ method: 'profileUpdate', profile: { firstName: 'Ana', address: { countryCode: 'RO' } } });
  });

  it('keeps falsy values that carry meaning', () => {
    expect(cleanPayload({ amount: '0', count: 0, confirmed: false, note: '' })).toEqual({
      amount: '0',
      count: 0,
      confirmed: false,
      note: '',
    });
  });

  it('drops empty items from arrays and cleans the rest', () => {
    expect(cleanPayload({ excludeOperationTypes: ['Fees', null, 'Card'], rows: [{ a: 1, b: null }] })).toEqual({
      excludeOperationTypes: ['Fees', 'Card'],
      rows: [{ a: 1 }],
    });
  });
});
