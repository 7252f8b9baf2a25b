import http from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../../server/config/config.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

const INDEX_HTML =
  '<!doctype html><html><head><meta name="brand" content="%BRAND%"><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>';

describe('HTTP surface', () => {
  let test: TestServer;
  let client: ApiClient;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'bank-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(distDir, 'assets/app-1a2b.js'), 'console.log("app");');
    test = await startTestServer(BACKENDS[0]!, { distDir, brand: 'aplus' });
    client = new ApiClient(test.url);
  });
  afterAll(async () => {
    await test?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('refuses to start for a brand without a folder in brands/, naming what to set', async () => {
    await expect(startTestServer(BACKENDS[0]!, { brand: 'acme' })).rejects.toThrow("The brand 'acme' has no readable");
  });

  it('answers /health', async () => {
    const answer = await client.get('/health');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ status: 'ok' });
  });

  it('serves the generated OpenAPI document', async () => {
    const answer = await client.get('/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.text).toBe(readFileSync(path.join(REPOSITORY_ROOT, 'generated/openapi.json'), 'utf8'));
  });

  it('answers each RPC method at its own path too, the body naming the method or not', async () => {
    const tokens = await client.signIn(DEMO_LOGINS.personal);
    const byQuery = await client.rpc('balanceInquiry', {}, { token: tokens.accessToken });
    const post = (path: string, body: object) =>
      fetch(`${client.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.accessToken}` },
        body: JSON.stringify(body),
      });
    const byPath = await (await post('/api/balanceInquiry', {})).json();
    expect(byPath.responseCode).toBe('00');
    expect(byPath.accounts).toEqual(byQuery.body.accounts);
    expect((await (await post('/api/balanceInquiry', { method: 'balanceInquiry' })).json()).responseCode).toBe('00');
    expect((await (await post('/api/balanceInquiry', { method: 'profileInquiry' })).json()).responseCode).toBe('IM');
    expect((await (await post('/api/noSuchMethod', {})).json()).responseCode).toBe('IM');
    const signedOut = await fetch(`${client.baseUrl}/api/balanceInquiry`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(signedOut.status).toBe(401);
  });

  it('serves a readable API reference at /docs, with no script, under the strict policy', async () => {
    const answer = await client.get('/docs');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(answer.text).not.toContain('<script');
    expect(answer.text).toContain('<code>/api/p2pTransfer</code>');
    expect(answer.text).toContain('Request fields');
    const css = await client.get('/docs/docs.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('does not serve /metrics without a metrics token configured', async () => {
    const answer = await client.get('/metrics');
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('bank_');
  });

  it('sends the security headers on every answer', async () => {
    for (const url of ['/health', '/', '/assets/app-1a2b.js', '/nothing-here']) {
      const { headers } = await client.get(url);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('serves index.html with the brand filled in, for / and for any client route', async () => {
    for (const url of ['/', '/index.html', '/login', '/home/accounts/31?tab=history']) {
      const answer = await client.get(url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.text).toContain('<meta name="brand" content="aplus">');
      expect(answer.text).not.toContain('%BRAND%');
    }
  });

  it('serves built assets as they are, cached for good', async () => {
    const answer = await client.get('/assets/app-1a2b.js');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('console.log("app");');
    expect(answer.headers.get('cache-control')).toContain('immutable');
  });

  it('answers unknown server paths with a JSON 404, never the application', async () => {
    for (const url of ['/api', '/api/whatever', '/auth/unknown', '/assets/missing.js', '/favicon.ico']) {
      const answer = await client.get(url);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text).message).toMatch(/check the path/);
    }
  });

  it("refuses an oversized body before parsing it, in each endpoint's own answer shape", async () => {
    const login = await client.post('/auth/login', { password: 'x'.repeat(600 * 1024) });
    expect(login.status).toBe(413);
    expect(login.body.message).toMatch(/larger than 512 KiB/);
    const rpc = await client.post('/api?method=balanceInquiry', { method: 'balanceInquiry', filler: 'x'.repeat(600 * 1024) });
    expect(rpc.status).toBe(413);
    expect(rpc.body.responseCode).toBe('TA1');
  });

  it('counts the bytes a chunked body actually sends, refusing it past the limit without reading it whole', async () => {
    // 30 MiB announced by nobody: the body streams in chunks, so only counting what arrives can stop it.
    const chunked = (url: string) =>
      new Promise<{ status: number; body: Record<string, unknown>; sentBytes: number }>((resolve, reject) => {
        let sentBytes = 0;
        let answered = false;
        const request = http.request(
          `${test.url}${url}`,
          { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
          (response) => {
            answered = true;
            let text = '';
            response.on('data', (chunk) => (text += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text), sentBytes }));
          },
        );
        request.on('error', (error) => (answered ? undefined : reject(error)));
        const chunk = Buffer.alloc(64 * 1024, 'x');
        request.write('{"method":"balanceInquiry","filler":"');
        const pump = () => {
          while (sentBytes < 30 * 1024 * 1024 && !answered) {
            sentBytes += chunk.length;
            if (!request.write(chunk)) return void request.once('drain', pump);
          }
          if (!answered) request.end('"}');
        };
        pump();
      });
    const rpc = await chunked('/api?method=balanceInquiry');
    expect(rpc.status).toBe(413);
    expect(rpc.body).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: '', description: expect.stringMatching(/larger than 512 KiB/) }] });
    expect(rpc.sentBytes).toBeLessThan(30 * 1024 * 1024);
    const login = await chunked('/auth/login');
    expect(login.status).toBe(413);
    expect(login.body.message).toMatch(/larger than 512 KiB/);
    expect(login.sentBytes).toBeLessThan(30 * 1024 * 1024);
    // The server is still whole and answers the next caller.
    expect((await client.get('/health')).status).toBe(200);
  });

  it("answers a body that is not JSON with 400 in each endpoint's own answer shape", async () => {
    const send = (url: string) => fetch(`${test.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"method":' });
    const login = await send('/auth/login');
    expect(login.status).toBe(400);
    expect((await login.json()).message).toMatch(/JSON/);
    const rpc = await send('/api?method=balanceInquiry');
    expect(rpc.status).toBe(400);
    expect(await rpc.json()).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: '' }] });
  });
});
