import { describe, expect, it } from 'vitest';
import { outboundTargets, RefusedTarget } from './outbound-targets.ts';

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

describe('outboundTargets().post', () => {
  /** A local receiver: what reached it (host header and body), answering 202 'thanks'. */
  async function receiver(answer: (response: import('node:http').ServerResponse) => void = (response) => response.writeHead(202).end('thanks')) {
    const { createServer } = await import('node:http');
    const seen: Array<{ host: string | undefined; body: string }> = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ host: request.headers.host, body });
        answer(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as import('node:net').AddressInfo).port;
    return { port, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }
  const request = { body: '{"ok":true}', headers: { 'content-type': 'application/json' }, timeoutMs: 2000 };

  it('connects to the address the name was checked at, and answers the status and text', async () => {
    const local = await receiver();
    try {
      // hooks.test resolves only through this resolver: reaching the receiver proves the socket used it.
      const targets = outboundTargets({ loopbackAllowed: true, resolve: async (host) => (host === 'hooks.test' ? ['127.0.0.1'] : []) });
      expect(await targets.post(`http://hooks.test:${local.port}/in`, request)).toEqual({ status: 202, text: 'thanks' });
      expect(local.seen).toEqual([{ host: `hooks.test:${local.port}`, body: '{"ok":true}' }]);
    } finally {
      await local.close();
    }
  });

  it('never reaches a private address a name turns to after it was checked (DNS rebinding)', async () => {
    const local = await receiver();
    try {
      // Public when the URL is saved and checked, loopback from then on.
      let lookups = 0;
      const targets = outboundTargets({ loopbackAllowed: false, resolve: async () => (lookups++ === 0 ? ['93.184.215.14'] : ['127.0.0.1']) });
      const url = `http://rebinding.test:${local.port}/in`;
      expect(await targets.refusedAddresses(url)).toEqual([]);
      await expect(targets.post(url, request)).rejects.toThrow(/not public \(127\.0\.0\.1\)/);
      expect(local.seen).toEqual([]);
    } finally {
      await local.close();
    }
  });

  it('refuses a private address literal, and a name with one private address, without sending', async () => {
    const local = await receiver();
    try {
      const targets = outboundTargets({ loopbackAllowed: false, resolve });
      await expect(targets.post(`http://127.0.0.1:${local.port}/in`, request)).rejects.toBeInstanceOf(RefusedTarget);
      await expect(targets.post(`http://mixed.example:${local.port}/in`, request)).rejects.toThrow(/not public \(10\.1\.2\.3\)/);
      expect(local.seen).toEqual([]);
    } finally {
      await local.close();
    }
  });

  it('gives up after the timeout with a TimeoutError, and follows no redirect', async () => {
    const silent = await receiver(() => undefined);
    const moved = await receiver((response) => response.writeHead(302, { location: 'http://169.254.169.254/' }).end());
    try {
      const targets = outboundTargets({ loopbackAllowed: true, resolve });
      await expect(targets.post(`http://127.0.0.1:${silent.port}/in`, { ...request, timeoutMs: 200 })).rejects.toMatchObject({ name: 'TimeoutError' });
      expect(await targets.post(`http://127.0.0.1:${moved.port}/in`, request)).toEqual({ status: 302, text: '' });
    } finally {
      await Promise.all([silent.close(), moved.close()]);
    }
  });
});
