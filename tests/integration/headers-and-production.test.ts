/**
 * What the server promises at its edge (issue 11, items 9 and 12): a strict Content Security Policy,
 * HSTS in production only, a Secure sign-in cookie behind a trusted TLS proxy (TRUST_PROXY) and not
 * for a client merely claiming https, and in production no sandbox page or sandbox adapter at all.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config/config.ts';
import { DEMO_PASSWORD } from '../../server/demo/seed.ts';
import { ApiClient } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

const backend = BACKENDS[0]!;

/** The /sandbox paths a server registered, read from Fastify's route table. */
function sandboxRoutes(test: TestServer): string[] {
  const table = test.server.app.printRoutes({ commonPrefix: false });
  return [...new Set([...table.matchAll(/(\/sandbox\/?[^\s(]*)/g)].map((match) => match[1]!))];
}

describe('security headers and production', () => {
  let development: TestServer;
  let gateway: http.Server;
  const gatewayCalls: Array<{ url: string; body: string }> = [];
  let gatewayUrl = '';

  beforeAll(async () => {
    development = await startTestServer(backend);
    // Stands in for every outside service in production and records what it is sent.
    gateway = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        gatewayCalls.push({ url: request.url ?? '', body });
        response.setHeader('content-type', 'application/json');
        // The bot-challenge provider says every token is good; the others answer an empty object.
        response.end(request.url === '/bot_challenge_verify_url' ? '{"success":true}' : '{}');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await development?.close();
    await new Promise((resolve) => gateway?.close(resolve));
  });

  /** A server configured exactly as `NODE_ENV=production` with every gateway set reads it. */
  const productionServer = (extra: Record<string, string> = {}) => {
    const env: Record<string, string> = { NODE_ENV: 'production', PUBLIC_URL: 'https://bank.example', TOKEN_SECRET: 'p'.repeat(40), ...extra };
    for (const name of [
      'SMS_GATEWAY_URL',
      'EMAIL_GATEWAY_URL',
      'PUSH_GATEWAY_URL',
      'IP_COUNTRY_URL',
      'IP_PRIVACY_URL',
      'HELPDESK_URL',
      'CRYPTO_GATEWAY_URL',
      'CARD_PROCESSOR_URL',
      'RAIL_WIRE_URL',
      'BOT_CHALLENGE_VERIFY_URL',
    ]) {
      env[name] = `${gatewayUrl}/${name.toLowerCase()}`;
    }
    for (const name of ['IDENTITY_PROVIDER', 'E_SIGNATURE']) {
      env[`${name}_URL`] = name === 'IDENTITY_PROVIDER' ? 'https://idv.example' : 'https://sign.example';
      env[`${name}_API_KEY`] = 'provider-api-key-0123456789';
      env[`${name}_WEBHOOK_SECRET`] = 'secret-secret-secret';
    }
    env.HELPDESK_TOKEN = 'helpdesk-token-0123456789';
    const config = readConfig(env);
    return startTestServer(backend, { ...config, port: 0, host: '127.0.0.1', brand: 'paxum', logLevel: 'silent' } as never);
  };

  it('sends a strict CSP: scripts and styles only from the product, no inline script, nothing framing it', async () => {
    const answer = await new ApiClient(development.url).get('/health');
    const csp = answer.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(csp.split(/;\s*/).map((part) => [part.split(' ')[0], part.split(' ').slice(1)]));
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    // Itself, and the brand's environment APIs on other origins that ?api may choose (brand.json, with the live channel's wss).
    const [self, ...apis] = directives['connect-src']!;
    expect(self).toBe("'self'");
    expect(apis).toContain('https://api.staging1.paxum.example');
    expect(apis.every((origin: string) => /^(https|wss):\/\/api\.staging([1-9]|1[0-5])\.paxum\.example$/.test(origin))).toBe(true);
    // Outside production there is no HSTS: the product runs on plain http on 127.0.0.1.
    expect(answer.headers.get('strict-transport-security')).toBeNull();
  });

  it("answers CORS for the brand's web origin only: its preflight is allowed, another origin's is not", async () => {
    const preflight = (origin: string, path = '/api?method=balanceInquiry') =>
      fetch(`${development.url}${path}`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type, customer-id' },
      });
    const allowed = await preflight('https://app.paxum.example');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.paxum.example');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('Customer-Id');
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
    // The token service reads the browser cookie (new-device approval): its paths are called with credentials.
    expect((await preflight('https://app.paxum.example', '/auth/login')).headers.get('access-control-allow-credentials')).toBe('true');
    const other = await preflight('https://app.paxum.example.evil.example');
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    // The call itself: the listed origin may read the answer, another gets no CORS header.
    const call = (origin: string) =>
      new ApiClient(development.url).post('/api?method=checkEmail', { method: 'checkEmail', email: 'nobody@example.com' }, { Origin: origin });
    expect((await call('https://app.paxum.example')).headers.get('access-control-allow-origin')).toBe('https://app.paxum.example');
    expect((await call('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('mounts the sandbox pages outside production and shows them; production mounts none, answers 404, and sends HSTS', async () => {
    const mounted = sandboxRoutes(development);
    expect(mounted.length).toBeGreaterThan(5);
    expect(mounted).toContain('/sandbox/outbox');
    const production = await productionServer();
    try {
      expect(sandboxRoutes(production)).toEqual([]);
      const client = new ApiClient(production.url);
      for (const route of mounted) {
        const path = route.replace(/:[A-Za-z]+/g, 'x');
        expect((await client.get(path)).status, path).toBe(404);
      }
      const health = await client.get('/health');
      expect(health.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const csp = health.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/frame-src 'self' https:\/\/idv\.example https:\/\/sign\.example/);
    } finally {
      await production.close();
    }
  });

  it('uses the real gateways in production: a registration e-mail goes to the mail relay, nothing to the sandbox outbox', async () => {
    const production = await productionServer();
    try {
      const client = new ApiClient(production.url);
      const email = `prod-${Date.now()}@example.com`;
      const answer = await client.rpc('accountCreate', {
        firstName: 'Mara',
        lastName: 'Ionescu',
        username: email,
        password: 'Register-2026',
        residenceCountryCode: 'RO',
        birthDay: '1990-05-17',
        phoneCountryCode: '+40',
        phone: '721 000 111',
        registrationType: 'freelancers',
        acceptedTerms: ['privacyPolicy', 'userAgreement'],
        challengeToken: 'provider-token',
      });
      expect(answer.body.responseCode).toBe('00');
      expect(gatewayCalls.some((call) => call.url === '/email_gateway_url' && call.body.includes(email))).toBe(true);
      expect(await production.server.db.selectFrom('outbox_messages').selectAll().execute()).toEqual([]);
    } finally {
      await production.close();
    }
  });

  it('marks the browser cookie Secure behind a trusted TLS proxy, and not for a client that only claims https', async () => {
    const login = (url: string) =>
      fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify({
          client: 'spa',
          username: 'personal@example.com',
          password: DEMO_PASSWORD,
          codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        }),
      });
    const untrusted = await login(development.url);
    expect(untrusted.headers.get('set-cookie')).toMatch(/HttpOnly/);
    expect(untrusted.headers.get('set-cookie')).not.toMatch(/Secure/);

    const behindProxy = await startTestServer(backend, { trustProxy: ['127.0.0.1'] });
    try {
      const trusted = await login(behindProxy.url);
      expect(trusted.headers.get('set-cookie')).toMatch(/; Secure/);
      // The client's own address is the proxy's X-Forwarded-For: the throttle counts it, not the proxy.
      const rows = await behindProxy.server.db.selectFrom('login_address_attempts').select('address').execute();
      expect(rows.map((row) => row.address)).toEqual(['203.0.113.9']);
    } finally {
      await behindProxy.close();
    }
  });
});
