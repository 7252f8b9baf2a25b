import { describe, expect, it } from 'vitest';
import { valueChecks } from './registry.ts';

// Routing numbers banks publish for incoming ACH and wires (Federal Reserve E-Payments directory).
const PUBLISHED = [
  '021000021', // JPMorgan Chase, New York
  '011000015', // Federal Reserve Bank of Boston
  '026009593', // Bank of America, New York
  '121000248', // Wells Fargo, San Francisco
  '091000019', // Wells Fargo, Minneapolis
  '122105155', // U.S. Bank, Arizona
];
// Each of the above with one digit changed, a transposition, and numbers of the wrong shape.
const WRONG = ['021000022', '011000016', '026009539', '121000284', '123456789', '02100002', '0210000210', '02100002a', ' 021000021'];

describe('the wire form refuses a wrong ABA routing number before sending', () => {
  it.each(PUBLISHED)('accepts the published routing number %s', (routing) => {
    expect(valueChecks.routingNumber!(routing)).toBe(true);
  });

  it.each(WRONG)('refuses %j', (routing) => {
    expect(valueChecks.routingNumber!(routing)).toBe(false);
  });

  it('refuses what is not text', () => {
    expect(valueChecks.routingNumber!(21000021)).toBe(false);
    expect(valueChecks.routingNumber!(undefined)).toBe(false);
  });
});
