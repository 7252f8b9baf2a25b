import { describe, expect, it } from 'vitest';
import { groupCardNumber, maskCardNumber } from './mask.ts';

describe('maskCardNumber (document 001 section 9)', () => {
  it.each([
    ['5355221234567890', '5355 22•• •••• 7890'],
    ['5355 2212 3456 7890', '5355 22•• •••• 7890'],
    ['5355-2212-3456-7890', '5355 22•• •••• 7890'],
    ['4111111111111111111', '4111 11•• •••• •••1 111'],
    ['411111111111111', '411111111111111'],
    ['1234', '1234'],
    ['', ''],
    ['not a card number at all', 'not a card number at all'],
  ])('%s → %s', (input, output) => {
    expect(maskCardNumber(input)).toBe(output);
  });
  it('never lets the middle digits through', () => {
    expect(maskCardNumber('5355229876543210')).not.toMatch(/9876|5432/);
  });
  it('groups a revealed number by four', () => {
    expect(groupCardNumber('5355229876543210')).toBe('5355 2298 7654 3210');
  });
});
