import { describe, expect, it } from 'vitest';
import { inRange, numericAddress, rangeProblem } from './ip-ranges.ts';

describe('IP ranges of API keys', () => {
  it('reads IPv4, IPv6 and IPv4-mapped IPv6 addresses', () => {
    expect(numericAddress('10.0.0.1')).toEqual({ family: 4, value: 167772161n });
    expect(numericAddress('::ffff:10.0.0.1')).toEqual({ family: 4, value: 167772161n });
    expect(numericAddress('::1')).toEqual({ family: 6, value: 1n });
    expect(numericAddress('2001:db8::1')?.value).toBe((0x20010db8n << 96n) + 1n);
    expect(numericAddress('10.0.0.256')).toBeUndefined();
    expect(numericAddress('example.com')).toBeUndefined();
  });

  it('finds an address inside a range, both ends included, and not outside or in the other family', () => {
    const range = { ipFrom: '127.0.0.1', ipTo: '127.0.0.10' };
    expect(inRange('127.0.0.1', range)).toBe(true);
    expect(inRange('::ffff:127.0.0.10', range)).toBe(true);
    expect(inRange('127.0.0.11', range)).toBe(false);
    expect(inRange('::1', range)).toBe(false);
    expect(inRange('2001:db8::ff', { ipFrom: '2001:db8::', ipTo: '2001:db8::ffff' })).toBe(true);
  });

  it('refuses a range on the field at fault', () => {
    expect(rangeProblem('10.0.0.9', '10.0.0.1')).toEqual({ field: 'ipTo', reason: 'fromAfterTo' });
    expect(rangeProblem('nope', '10.0.0.1')).toEqual({ field: 'ipFrom', reason: 'notAddress' });
    expect(rangeProblem('10.0.0.1', '::1')).toEqual({ field: 'ipTo', reason: 'otherFamily' });
    expect(rangeProblem('10.0.0.1', '10.0.0.1')).toBeUndefined();
  });
});
