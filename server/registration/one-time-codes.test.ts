import { describe, expect, it } from 'vitest';
import { codeMatches, hashCode, newCode } from './one-time-codes.ts';

describe('one-time codes', () => {
  it('are six digits, leading zeros kept', () => {
    for (let i = 0; i < 200; i++) expect(newCode()).toMatch(/^[0-9]{6}$/);
  });

  it('match only in the scope they were made for', () => {
    const stored = hashCode('activation:7', '123456');
    expect(stored).not.toContain('123456');
    expect(codeMatches('activation:7', '123456', stored)).toBe(true);
    expect(codeMatches('activation:7', ' 123456 ', stored)).toBe(true);
    expect(codeMatches('activation:8', '123456', stored)).toBe(false);
    expect(codeMatches('activation:7', '123457', stored)).toBe(false);
    expect(codeMatches('activation:7', '123456', null)).toBe(false);
  });
});
