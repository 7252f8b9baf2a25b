import { describe, expect, it } from 'vitest';
import { groupCardNumber } from './mask.ts';

describe('groupCardNumber', () => {
  it('groups a revealed number by four', () => {
    expect(groupCardNumber('5355229876543210')).toBe('5355 2298 7654 3210');
    expect(groupCardNumber('5355 2298 7654 3210')).toBe('5355 2298 7654 3210');
  });
});
