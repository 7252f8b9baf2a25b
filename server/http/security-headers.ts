import type { FastifyInstance } from 'fastify';
import type { Brand } from '../../generated/entities.ts';
import { brandConfig } from '../config/brand-config.ts';
import type { ServerConfig } from '../config/config.ts';

/** What the headers depend on: production (HSTS), the providers the app may show or load from, the APIs it may call. */
export interface SecurityHeaderOptions {
  production: boolean;
  /** Origins of the identity verification and e-signature providers, when configured. */
  providerOrigins: string[];
  /** Origins of the brand's environments' APIs on other origins (brand.json `environments`), which `?api` may choose. */
  apiOrigins?: string[];
}

const originOf = (url: string | undefined): string[] => {
  try {
    return url ? [new URL(url).origin] : [];
  } catch {
    return [];
  }
};

/**
 * The distinct origins of a brand's environments' API bases (production's '' is this origin: left out).
 *
 * @example
 * environmentApiOrigins({ production: '', staging1: 'https://api.staging1.paxum.example/v2' }); // ['https://api.staging1.paxum.example']
 */
export function environmentApiOrigins(environments: Brand['environments']): string[] {
  return [...new Set(Object.values(environments ?? {}).flatMap(originOf))];
}

/**
 * The header options a configuration asks for.
 *
 * @example
 * addSecurityHeaders(app, securityHeadersFor(config));
 */
export function securityHeadersFor(config: ServerConfig): SecurityHeaderOptions {
  return {
    production: config.production === true,
    providerOrigins: [...originOf(config.gateways.identityVerification?.url), ...originOf(config.gateways.eSignature?.url)],
    apiOrigins: environmentApiOrigins(brandConfig(config.brand).environments),
  };
}

/**
 * The application's Content Security Policy: scripts and styles only from the product's own files (no
 * inline script, so an injected `<script>` or `onclick` does not run), calls only to itself (its own
 * origin covers the live channel's ws/wss) and to the brand's environment APIs (each https origin with its
 * wss twin for the live channel), frames and images from itself and the identity and e-signature
 * providers, nothing may frame it, and forms post only to it.
 *
 * @example
 * applicationCsp(['https://idv.example'], ['https://api.staging1.paxum.example']); // "default-src 'self'; ...; connect-src 'self' https://api.staging1.paxum.example wss://api.staging1.paxum.example; ..."
 */
export function applicationCsp(providerOrigins: readonly string[], apiOrigins: readonly string[] = []): string {
  const providers = providerOrigins.length ? ` ${providerOrigins.join(' ')}` : '';
  const apis = apiOrigins.flatMap((origin) => [origin, origin.replace(/^https:/, 'wss:')]);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    ["connect-src 'self'", ...apis].join(' '),
    `img-src 'self' data: blob:${providers}`,
    `frame-src 'self'${providers}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The sandbox pages (never in production) are small server-rendered HTML with their own inline
 * styles; they get a policy of their own rather than loosening the application's. Still no script.
 */
const SANDBOX_CSP =
  "default-src 'self'; script-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** The same, for a sandbox page the product's own screens embed (a provider's page shown in a frame). */
const SANDBOX_FRAMED_CSP = SANDBOX_CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'");

/** One year, subdomains included: once a browser has seen the product over https it never tries http. */
const HSTS = 'max-age=31536000; includeSubDomains';

const FIXED_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is public and keeps its own Cache-Control, though under /api (a public image). */
    publicCache?: boolean;
    /** The answer is a page the product's own screens show in a frame (a sandbox provider's page): same origin only. */
    framedBySelf?: boolean;
  }
}

/** Paths whose answers hold tokens or customer data and must never be cached. */
const PRIVATE_PREFIXES = ['/api', '/auth/'];

/**
 * Adds the security headers to every answer: the strict CSP (the sandbox pages' own outside
 * production), HSTS in production, and `Cache-Control: no-store` to API and token answers (but a route's
 * own caching where it is declared `config: { publicCache: true }`).
 *
 * @example
 * addSecurityHeaders(app, { production: true, providerOrigins: ['https://idv.example'] });
 */
export function addSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const csp = applicationCsp(options.providerOrigins, options.apiOrigins);
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(FIXED_HEADERS)) reply.header(name, value);
    const sandboxPage = request.url.startsWith('/sandbox/') && !options.production;
    // A sandbox page declared `config: { framedBySelf: true }` may be framed by the product's own pages, and only them.
    const framedBySelf = sandboxPage && request.routeOptions.config?.framedBySelf === true;
    reply.header('Content-Security-Policy', framedBySelf ? SANDBOX_FRAMED_CSP : sandboxPage ? SANDBOX_CSP : csp);
    if (framedBySelf) reply.header('X-Frame-Options', 'SAMEORIGIN');
    if (options.production) reply.header('Strict-Transport-Security', HSTS);
    // A route declared `config: { publicCache: true }` (a public image) keeps its own caching.
    const publicCache = request.routeOptions.config?.publicCache === true;
    if (!publicCache && PRIVATE_PREFIXES.some((prefix) => request.url.startsWith(prefix))) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
