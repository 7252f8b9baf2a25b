import { describe, expect, it } from 'vitest';
import { ipInRange, parseIp } from './ip-address.ts';

describe('parseIp', () => {
  it.each([
    ['192.0.2.10', 4, '192.0.2.10'],
    [' 10.0.0.1 ', 4, '10.0.0.1'],
    ['::ffff:127.0.0.1', 4, '127.0.0.1'],
    ['2001:DB8:0:0:0:0:0:1', 6, '2001:db8::1'],
    ['2001:db8::', 6, '2001:db8::'],
    ['::1', 6, '::1'],
    ['2001:db8:0:1:0:0:0:1', 6, '2001:db8:0:1::1'],
    ['fe80:0:0:0:1:0:0:0', 6, 'fe80::1:0:0:0'],
    ['1:0:0:2:0:0:0:3', 6, '1:0:0:2::3'],
  ])('reads %s', (input, family, text) => {
    expect(parseIp(input)).toMatchObject({ family, text });
  });

  it.each(['', '256.1.1.1', '1.2.3', 'abc', '2001:db8::g', '1.2.3.4/24', 'fe80::1%eth0', '01.2.3.4'])('refuses %j', (input) => {
    expect(parseIp(input)).toBeUndefined();
  });
});

describe('ipInRange', () => {
  it('matches single addresses and inclusive ranges of one family', () => {
    expect(ipInRange('192.0.2.7', { ip: '192.0.2.7', toIp: null })).toBe(true);
    expect(ipInRange('192.0.2.8', { ip: '192.0.2.7', toIp: null })).toBe(false);
    expect(ipInRange('192.0.2.0', { ip: '192.0.2.0', toIp: '192.0.2.255' })).toBe(true);
    expect(ipInRange('192.0.2.255', { ip: '192.0.2.0', toIp: '192.0.2.255' })).toBe(true);
    expect(ipInRange('192.0.3.0', { ip: '192.0.2.0', toIp: '192.0.2.255' })).toBe(false);
    expect(ipInRange('::ffff:192.0.2.9', { ip: '192.0.2.0', toIp: '192.0.2.255' })).toBe(true);
    expect(ipInRange('2001:db8::5', { ip: '2001:db8::', toIp: '2001:db8::ffff' })).toBe(true);
    expect(ipInRange('2001:db9::5', { ip: '2001:db8::', toIp: '2001:db8::ffff' })).toBe(false);
    expect(ipInRange('::1', { ip: '127.0.0.1', toIp: null })).toBe(false);
  });
});
