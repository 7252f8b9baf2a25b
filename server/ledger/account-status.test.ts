import { describe, expect, it } from 'vitest';
import { isCardAccountType } from './account-status.ts';

describe('account types', () => {
  it('tells card account types (2006 to 2135) from the others', () => {
    expect([1001, 2005, 2006, 2135, 2136, 4001].map(isCardAccountType)).toEqual([false, false, true, true, false, false]);
  });
});
