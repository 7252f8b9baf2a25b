import { describe, expect, it } from 'vitest';
import { emailRule, feeWanted, payeeState } from './payee.ts';

describe('the p2p payee rules', () => {
  it('applies the e-mail rule before any server check', () => {
    expect(emailRule('')).toBe('empty');
    expect(emailRule('   ')).toBe('empty');
    expect(emailRule('a@b.c')).toBe('invalid'); // 5 characters: not longer than 5
    expect(emailRule('ab@cde')).toBe('invalid'); // no dot
    expect(emailRule('abc.def')).toBe('invalid'); // no @
    expect(emailRule('a@b.co')).toBe('check');
    expect(emailRule(' ben@example.com ')).toBe('check');
  });

  it('puts the blacklist first, then registered or invited', () => {
    expect(payeeState({ exists: true, isEmployee: false, outBlacklist: true })).toEqual({ kind: 'blacklisted' });
    expect(payeeState({ exists: false, isEmployee: false, outBlacklist: false })).toEqual({ kind: 'invite' });
    expect(payeeState({ exists: true, isEmployee: true, outBlacklist: false })).toEqual({ kind: 'exists', isEmployee: true });
  });

  it('asks for the fee only above zero', () => {
    expect(feeWanted('')).toBe(false);
    expect(feeWanted('0')).toBe(false);
    expect(feeWanted('0.00')).toBe(false);
    expect(feeWanted('-1')).toBe(false);
    expect(feeWanted('abc')).toBe(false);
    expect(feeWanted('0.01')).toBe(true);
    expect(feeWanted('25')).toBe(true);
  });
});
