import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { providerGateway } from '../verification/provider-config.ts';
import type { ProviderGateway } from '../verification/providers.ts';

/** The repository root, for the defaults that live inside it (generated/, dist/, data/). */
export const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where the server keeps its data: a PostgreSQL server, or the embedded PGlite in a folder. */
export type DatabaseConfig = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/** Everything the server needs to start; built from the environment by `readConfig`. */
export interface ServerConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  /** The brand whose id is written into index.html (`%BRAND%`). */
  brand: string;
  /**
   * Seeds the demo customers on an empty database. Off in production (NODE_ENV=production), where
   * sign-ins with published passwords must not exist.
   */
  demoData: boolean;
  /** The folder codegen wrote api-bundle.json and openapi.json into. */
  generatedDir: string;
  /** The built browser application; served when the folder exists. */
  distDir: string;
  /** Signs access tokens. When absent, a secret is generated once and kept in the database. */
  tokenSecret?: string;
  logLevel: string;
  /** Where log lines go instead of stdout (tests capture them to prove no secret is logged). */
  logStream?: { write(line: string): unknown };
  /** SCHEDULER_INTERVAL_MS: how often the recurring-payment scheduler wakes (default 5000; 0 turns it off). */
  schedulerIntervalMs?: number;
  /**
   * Sandboxes stand in for the services outside the product (SMS, e-mail, push app, identity and
   * e-signature providers) and serve their pages under /sandbox/. Off in production.
   */
  sandboxes: boolean;
  /** NODE_ENV=production: HSTS is sent, and no sandbox page or adapter is mounted. */
  production?: boolean;
  /**
   * TRUST_PROXY: the TLS proxies whose X-Forwarded-For/-Proto the server believes, as Fastify's
   * `trustProxy` takes them (true for any, or the proxies' addresses and CIDR ranges). Off by default:
   * a client could otherwise claim any address (defeating the per-address throttle) or https.
   */
  trustProxy?: boolean | string[];
  /**
   * PUBLIC_URL: the address customers reach the product at (`https://bank.example`), on which every link in
   * an e-mail is made absolute. Without it a link takes the origin its call came to (the request's host,
   * which the caller chooses: set it in production).
   */
  publicUrl?: string;
  /**
   * METRICS_TOKEN: the bearer token that opens /metrics (Prometheus format) to the operators' scraper.
   * Without it /metrics is not served at all: the figures are never public.
   */
  metricsToken?: string;
  /**
   * OUTBOUND_LOOPBACK_ALLOWED=1: webhook endpoints and IPN notify URLs may be on 127.0.0.0/8 and ::1. Off by
   * default, when every private, loopback, link-local and metadata address is refused (server/http/outbound-targets.ts);
   * the test harness and a developer's machine turn it on for receivers listening on 127.0.0.1.
   */
  outboundLoopbackAllowed?: boolean;
  /** The real services, used when sandboxes are off. */
  gateways: {
    messages: { sms: string; email: string };
    /** IP_COUNTRY_URL and IP_PRIVACY_URL (the ip is appended); SANDBOX_IP_COUNTRY: the sandbox's country of local addresses. */
    ip?: { countryUrl: string; privacyUrl: string; sandboxLocalCountry: string };
    /** PUSH_GATEWAY_URL: where pushes to linked phones are posted. */
    push?: string;
    /** IDENTITY_PROVIDER_* and E_SIGNATURE_*: the identity-verification and e-signature providers. */
    identityVerification?: ProviderGateway;
    eSignature?: ProviderGateway;
    /** HELPDESK_URL and HELPDESK_TOKEN: the help desk's REST API and the secret its JWTs are signed with. */
    helpDesk?: { url: string; token: string };
    /** CRYPTO_GATEWAY_URL: the crypto custodian that gives deposit addresses. */
    crypto?: string;
    /** CARD_PROCESSOR_URL: the card processor that issues cards and keeps numbers and PINs. */
    cardProcessor?: string;
    /** RAIL_<NAME>_URL (RAIL_WIRE_URL, ...): the gateway of each payment rail payouts leave on. */
    rails?: { wire: string };
    /** BOT_CHALLENGE_VERIFY_URL: the bot-challenge provider's verify endpoint. */
    botChallenge?: string;
  };
}

/** A setting that cannot be used as given; the message says which variable and what to write. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** PUBLIC_URL as an origin (and path) without a trailing slash; a value that is not an http(s) URL stops the start. */
function publicUrlFrom(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`PUBLIC_URL "${value}" is not a URL: set it to the address customers open, such as https://bank.example.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError(`PUBLIC_URL "${value}" must start with https:// or http://.`);
  return url.toString().replace(/\/+$/, '');
}

function portFrom(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT is '${value}': set it to a whole number from 0 to 65535 (0 picks a free port).`);
  }
  return port;
}

/**
 * WEB_CONCURRENCY: how many server processes share the port (default: the machine's cores). PGlite is one
 * process's embedded database, so on it the server always runs as one process.
 *
 * @example
 * webConcurrency(process.env, config.database); // 2 on a 2-core machine with DATABASE_URL set
 */
export function webConcurrency(env: NodeJS.ProcessEnv, database: DatabaseConfig, cores = os.availableParallelism()): number {
  const value = env.WEB_CONCURRENCY;
  let wanted = cores;
  if (value !== undefined && value !== '') {
    wanted = Number(value);
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > 64) {
      throw new ConfigError(`WEB_CONCURRENCY is '${value}': set it to a whole number of processes from 1 to 64, or leave it out for one per core.`);
    }
  }
  return database.kind === 'pglite' ? 1 : wanted;
}

function trustProxyFrom(value: string | undefined): ServerConfig['trustProxy'] {
  if (value === undefined || value === '' || value === 'false') return undefined;
  if (value === 'true') return true;
  const addresses = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (addresses.some((address) => !/^[0-9A-Fa-f.:]+(\/[0-9]{1,3})?$/.test(address))) {
    throw new ConfigError(
      `TRUST_PROXY is '${value}': set it to true (any proxy) or a comma list of the proxies' addresses or CIDR ranges (e.g. 10.0.0.5,192.168.1.0/24).`,
    );
  }
  return addresses;
}

function brandFrom(value: string | undefined): string {
  const brand = value || 'paxum';
  // The id is written into index.html, so it must be a plain brand id (as brands/<id>/ folders are).
  if (!/^[a-z][a-z0-9]*$/.test(brand)) {
    throw new ConfigError(`BRAND is '${brand}': use the id of a folder in brands/ (lower-case letters and digits).`);
  }
  return brand;
}

/** A gateway URL that production needs; outside production the sandbox stands in and it may be empty. */
function gatewayUrl(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name] ?? '';
  if (env.NODE_ENV === 'production' && !/^https?:\/\//.test(value)) {
    throw new ConfigError(`${name} is '${value}': in production set it to the gateway's http(s) URL (outside production the sandbox is used).`);
  }
  return value;
}

/**
 * Reads the server's configuration from environment variables, with defaults that start the product
 * on 127.0.0.1:8080 against PGlite in `<repo>/data/pglite`.
 *
 * Variables: PORT, HOST, DATABASE_URL, DATA_DIR, BRAND, NODE_ENV, TRUST_PROXY, GENERATED_DIR, DIST_DIR, TOKEN_SECRET, METRICS_TOKEN, OUTBOUND_LOOPBACK_ALLOWED, LOG_LEVEL,
 * PUBLIC_URL (where e-mailed links point; default: the origin each call came to), SMS_GATEWAY_URL and EMAIL_GATEWAY_URL (production only).
 *
 * @example
 * const config = readConfig(process.env);
 * const server = await buildServer(config);
 */
export function readConfig(env: NodeJS.ProcessEnv): ServerConfig {
  return {
    port: portFrom(env.PORT),
    host: env.HOST || '127.0.0.1',
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR || path.join(REPOSITORY_ROOT, 'data/pglite')) },
    brand: brandFrom(env.BRAND),
    demoData: env.NODE_ENV !== 'production',
    generatedDir: path.resolve(env.GENERATED_DIR || path.join(REPOSITORY_ROOT, 'generated')),
    distDir: path.resolve(env.DIST_DIR || path.join(REPOSITORY_ROOT, 'dist')),
    ...(env.TOKEN_SECRET ? { tokenSecret: env.TOKEN_SECRET } : {}),
    ...(env.METRICS_TOKEN ? { metricsToken: env.METRICS_TOKEN } : {}),
    ...(env.OUTBOUND_LOOPBACK_ALLOWED === '1' ? { outboundLoopbackAllowed: true } : {}),
    logLevel: env.LOG_LEVEL || 'info',
    ...(publicUrlFrom(env.PUBLIC_URL) ? { publicUrl: publicUrlFrom(env.PUBLIC_URL)! } : {}),
    ...(env.SCHEDULER_INTERVAL_MS ? { schedulerIntervalMs: Math.max(0, Number(env.SCHEDULER_INTERVAL_MS) || 0) } : {}),
    sandboxes: env.NODE_ENV !== 'production',
    production: env.NODE_ENV === 'production',
    ...(trustProxyFrom(env.TRUST_PROXY) !== undefined ? { trustProxy: trustProxyFrom(env.TRUST_PROXY)! } : {}),
    gateways: {
      messages: { sms: gatewayUrl(env, 'SMS_GATEWAY_URL'), email: gatewayUrl(env, 'EMAIL_GATEWAY_URL') },
      ip: { countryUrl: gatewayUrl(env, 'IP_COUNTRY_URL'), privacyUrl: gatewayUrl(env, 'IP_PRIVACY_URL'), sandboxLocalCountry: env.SANDBOX_IP_COUNTRY || 'GB' },
      push: gatewayUrl(env, 'PUSH_GATEWAY_URL'),
      identityVerification: providerGateway(env, 'IDENTITY_PROVIDER'),
      eSignature: providerGateway(env, 'E_SIGNATURE'),
      helpDesk: { url: gatewayUrl(env, 'HELPDESK_URL'), token: env.HELPDESK_TOKEN ?? '' },
      crypto: gatewayUrl(env, 'CRYPTO_GATEWAY_URL'),
      cardProcessor: gatewayUrl(env, 'CARD_PROCESSOR_URL'),
      rails: { wire: gatewayUrl(env, 'RAIL_WIRE_URL') },
      botChallenge: gatewayUrl(env, 'BOT_CHALLENGE_VERIFY_URL'),
    },
  };
}
