import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessToken } from './access-tokens.ts';

const key = () => new Uint8Array(32).fill(7);

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('reads back who a token speaks for, again and again', async () => {
    const signing = key();
    const token = await signAccessToken(signing, { userId: 7, sessionId: 's-1' });
    expect(await verifyAccessToken(signing, token)).toEqual({ userId: 7, sessionId: 's-1' });
    expect(await verifyAccessToken(signing, token)).toEqual({ userId: 7, sessionId: 's-1' });
  });

  it('refuses a token signed with another key, even one the first key has verified', async () => {
    const signing = key();
    const token = await signAccessToken(signing, { userId: 7, sessionId: 's-1' });
    expect(await verifyAccessToken(signing, token)).toBeDefined();
    expect(await verifyAccessToken(new Uint8Array(32).fill(8), token)).toBeUndefined();
  });

  it('refuses a token whose payload was changed', async () => {
    const signing = key();
    const token = await signAccessToken(signing, { userId: 7, sessionId: 's-1' });
    await verifyAccessToken(signing, token);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '8' })).toString('base64url');
    expect(await verifyAccessToken(signing, `${header}.${forged}.${signature}`)).toBeUndefined();
  });

  it('refuses a token once it has expired, though it was verified while it lived', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z'), toFake: ['Date'] });
    const signing = key();
    const token = await signAccessToken(signing, { userId: 7, sessionId: 's-1' });
    vi.setSystemTime(new Date(Date.now() + (ACCESS_TOKEN_SECONDS - 1) * 1000));
    expect(await verifyAccessToken(signing, token)).toBeDefined();
    vi.setSystemTime(new Date(Date.now() + 1000));
    expect(await verifyAccessToken(signing, token)).toBeUndefined();
    expect(await verifyAccessToken(signing, token)).toBeUndefined();
  });
});
