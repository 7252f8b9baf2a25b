import { describe, expect, it, vi } from 'vitest';
import { gatewayPush } from './push-sender.ts';

describe('gatewayPush', () => {
  it('posts the push with the device token', async () => {
    const send = vi.fn(async () => new Response('{}', { status: 202 }));
    await gatewayPush('https://push.example/send', send as unknown as typeof fetch).send({
      device: { id: 1, pushToken: 'tok' },
      title: 'T',
      body: 'B',
      data: { type: 'loginApproval' },
    });
    expect(send).toHaveBeenCalledOnce();
    const [url, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://push.example/send');
    expect(JSON.parse(String(init.body))).toEqual({ pushToken: 'tok', title: 'T', body: 'B', data: { type: 'loginApproval' } });
  });

  it('skips a device without a push token and reports a refusing gateway', async () => {
    const send = vi.fn(async () => new Response('no', { status: 500 }));
    const push = gatewayPush('https://push.example/send', send as unknown as typeof fetch);
    await push.send({ device: { id: 1, pushToken: null }, title: 'T', body: 'B', data: {} });
    expect(send).not.toHaveBeenCalled();
    await expect(push.send({ device: { id: 1, pushToken: 'x' }, title: 'T', body: 'B', data: {} })).rejects.toThrow(/answered 500/);
  });
});
