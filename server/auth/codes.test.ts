import { describe, expect, it } from 'vitest';
import { codeMatches, hashCode, maskEmail, maskPhone, numericCode, smsIdentifier } from './codes.ts';

describe('one-time codes', () => {
  it('makes six-digit codes and two-digit identifiers', () => {
    for (let i = 0; i < 50; i += 1) {
      expect(numericCode()).toMatch(/^\d{6}$/);
      expect(smsIdentifier()).toMatch(/^[1-9]\d$/);
    }
  });

  it('matches a code only with its own salt', () => {
    const stored = hashCode('123456', 'sms:1');
    expect(codeMatches('123456', 'sms:1', stored)).toBe(true);
    expect(codeMatches('123456', 'sms:2', stored)).toBe(false);
    expect(codeMatches('654321', 'sms:1', stored)).toBe(false);
    expect(codeMatches('abc', 'sms:1', stored)).toBe(false);
    expect(codeMatches('123456', 'sms:1', null)).toBe(false);
  });

  it('masks phones and e-mails', () => {
    expect(maskPhone('44', '7700900123')).toBe('+44 ••• ••• 123');
    expect(maskEmail('device@example.com')).toBe('d•••e@example.com');
    expect(maskEmail('ab@example.com')).toBe('a•••@example.com');
  });
});
