import { describe, expect, it } from 'vitest';
import { outboundTargets } from './outbound-targets.ts';

const names: Record<string, string[]> = {
  'public.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'mixed.example': ['93.184.215.14', '10.1.2.3'],
  'rebound.example': ['::ffff:169.254.169.254'],
  'loop.example': ['127.0.0.1', '::1'],
};
const resolve = async (host: string) => names[host] ?? [];

describe('outboundTargets', () => {
  const strict = outboundTargets({ loopbackAllowed: false, resolve });
  const loose = outboundTargets({ loopbackAllowed: true, resolve });

  it('lets public addresses and names through, and names that do not resolve', async () => {
    expect(await strict.refusedAddresses('https://public.example/hooks')).toEqual([]);
    expect(await strict.refusedAddresses('https://93.184.215.14/hooks')).toEqual([]);
    expect(await strict.refusedAddresses('https://nowhere.example/hooks')).toEqual([]);
  });

  it.each([
    'http://10.0.0.1/',
    'http://172.31.255.255/',
    'http://192.168.0.1/',
    'http://100.64.0.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://0.0.0.0/',
    'http://224.0.0.1/',
    'http://[fd00:ec2::254]/',
    'http://[fe80::1]/',
    'http://[::]/',
    'http://[::ffff:192.168.0.1]/',
    'http://[64:ff9b::a00:1]/',
    'http://0x7f.1/',
    'http://127.0.0.1:8080/',
    'http://[::1]/',
  ])('refuses %s', async (url) => {
    expect(await strict.refusedAddresses(url)).not.toEqual([]);
  });

  it('checks every address a name resolves to, IPv4-mapped IPv6 by its IPv4', async () => {
    expect(await strict.refusedAddresses('https://mixed.example/')).toEqual(['10.1.2.3']);
    expect(await strict.refusedAddresses('https://rebound.example/')).toEqual(['::ffff:169.254.169.254']);
    expect(await strict.refusedAddresses('https://loop.example/')).toEqual(['127.0.0.1', '::1']);
  });

  it('allows loopback, and only loopback, with the flag', async () => {
    expect(await loose.refusedAddresses('http://127.0.0.1:4000/hooks')).toEqual([]);
    expect(await loose.refusedAddresses('http://[::1]:4000/hooks')).toEqual([]);
    expect(await loose.refusedAddresses('https://loop.example/')).toEqual([]);
    expect(await loose.refusedAddresses('http://10.0.0.1/')).toEqual(['10.0.0.1']);
    expect(await loose.refusedAddresses('http://169.254.169.254/')).toEqual(['169.254.169.254']);
  });
});
