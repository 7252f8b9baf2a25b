import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newSigningSecret, signatureHeaders } from './signing.ts';

describe('webhook signing (Standard Webhooks)', () => {
  it('signs so the reference library verifies the body, and refuses it once a byte changes', () => {
    const secret = newSigningSecret();
    const body = JSON.stringify({ type: 'payment.received', timestamp: new Date().toISOString(), data: { amount: '12.50' } });
    const headers = signatureHeaders(secret, 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W', new Date(), body);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('12.50', '12.51'), { ...headers })).toThrow();
    expect(() => new Webhook(newSigningSecret()).verify(body, { ...headers })).toThrow();
  });

  it('gives the signature the reference library computes, for the specification’s example secret', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const at = new Date(1_614_265_330_000);
    const body = '{"test": 2432232314}';
    const headers = signatureHeaders(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', at, body);
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': new Webhook(secret).sign('msg_p5jXN8AQM9LWM0D4loKWxJek', at, body),
    });
  });

  it('makes secrets of the whsec_ form with 24 random bytes, never the same twice', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    expect(newSigningSecret()).not.toBe(secret);
  });
});
