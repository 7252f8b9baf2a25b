import { describe, expect, it, vi } from 'vitest';
import { createTermsStep } from './terms-step.ts';

const TE = {
  message: 'Our terms have changed.',
  responseCode: 'TE',
  terms: [{ id: 3, version: 2, title: 'User Agreement', url: 'https://legal.example/ua' }],
  termsToken: 't'.repeat(43),
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const login = () => new Request('http://localhost/auth/login', { method: 'POST', body: JSON.stringify({ username: 'tom@example.com' }) });

describe('terms step before sign-in completes', () => {
  it('shows the terms, records the acceptance with the token and sends the same login again', async () => {
    const server = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.url.endsWith('/auth/terms/accept')) return json(200, { accepted: [3] });
      return server.mock.calls.length === 1 ? json(403, TE) : json(200, { authFlow: 'simple', code: 'c' });
    });
    const { fetch: termsFetch, store } = createTermsStep({ fetch: server as typeof fetch });
    const answer = termsFetch(login());
    await vi.waitFor(() => expect(store.state()?.terms).toEqual(TE.terms));
    await store.accept();
    expect(await (await answer).json()).toEqual({ authFlow: 'simple', code: 'c' });
    const accept = new Request(server.mock.calls[1]![0], server.mock.calls[1]![1]);
    expect(await accept.json()).toEqual({ termsToken: TE.termsToken, acceptedTerms: [3] });
    expect(await new Request(server.mock.calls[2]![0]).json()).toEqual({ username: 'tom@example.com' });
    expect(store.state()).toBeNull();
  });

  it('hands the refusal to the sign-in when the user declines', async () => {
    const server = vi.fn(async () => json(403, TE));
    const { fetch: termsFetch, store } = createTermsStep({ fetch: server as unknown as typeof fetch });
    const answer = termsFetch(login());
    await vi.waitFor(() => expect(store.state()).not.toBeNull());
    store.decline();
    const refused = await answer;
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: TE.message });
    expect(server).toHaveBeenCalledOnce();
  });

  it('passes other answers and other calls straight through', async () => {
    const server = vi.fn(async () => json(403, { message: 'Wrong e-mail or password.' }));
    const { fetch: termsFetch, store } = createTermsStep({ fetch: server as unknown as typeof fetch });
    expect((await termsFetch(login())).status).toBe(403);
    expect((await termsFetch('http://localhost/auth/refresh', { method: 'POST' })).status).toBe(403);
    expect(store.state()).toBeNull();
  });
});
