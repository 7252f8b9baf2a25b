import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { loadGeneratedArtifacts } from './rpc/api-bundle.ts';
import { createAdapters } from './adapters/index.ts';
import { registrationRules } from './registration/brand-rules.ts';
import { tokenService } from './signin/routes.ts';
import { loadTokenSecret } from './auth/token-secret.ts';
import type { ServerConfig } from './config/config.ts';
import { listenForNotifications, openDatabase } from './db/connect.ts';
import { CHALLENGE_CHANNEL, challengeEvents } from './push/challenges.ts';
import { hearCustomerAnnouncements } from './push/customer-live.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Database } from './db/schema.ts';
import { seedDemoData } from './demo/seed.ts';
import { rememberRequestLanguage, requestTexts } from './i18n/request-language.ts';
import { outboxPage } from './messaging/outbox-page.ts';
import { profileRoutes } from './profile/routes.ts';
import { sandboxDevicePage } from './push/device-page.ts';
import { p2pDeviceRoutes } from './transfers/p2p-device.ts';
import { serveAppShell } from './http/app-shell.ts';
import { BODY_LIMIT_BYTES } from './http/refused-body.ts';
import { addSecurityHeaders, securityHeadersFor } from './http/security-headers.ts';
import { addCors } from './http/cors.ts';
import { brandConfig } from './config/brand-config.ts';
import { ensureSystemAccounts } from './ledger/system-accounts.ts';
import { ensureCardBins } from './cards/bins.ts';
import { cardSandboxPage } from './cards/sandbox-page.ts';
import { rpcDispatcher } from './rpc/dispatcher.ts';
import { declaredRestRoutes, type DeclaredRestOptions } from './rpc/declared-rest.ts';
import { logKeyRequest, merchantKeyGate, publicApiHandlers } from './public-api/handlers.ts';
import { contractRestHandlers } from './contracts/rest-handlers.ts';
import { contractRoutes } from './contracts/routes.ts';
import { runContractClock } from './contracts/service.ts';
import { callerGate } from './customers/caller.ts';
import { createRpcHandlers } from './handlers.ts';
import { seiRoutes } from './sei/routes.ts';
import { seiSandboxClient } from './sei/sandbox-client.ts';
import { termsRoutes } from './terms/routes.ts';
import { verificationRoutes } from './verification/routes.ts';
import { applyPayerVerificationEvent } from './merchant/payer-verification.ts';
import { verificationSandboxPages } from './verification/sandbox-pages.ts';
import { helpDeskAgentPage } from './support/agent-page.ts';
import { sandboxHelpDeskApi } from './support/sandbox-desk-api.ts';
import { supportAttachmentRoute } from './support/attachment-route.ts';
import { installMetrics, ServerMetrics } from './metrics/metrics.ts';
import { apiDocsRoutes } from './http/api-docs.ts';
import { historyExportRoute } from './history/export-route.ts';
import { invoicePdfRoute } from './invoices/pdf-route.ts';
import { merchantLogoRoute } from './merchant/logos.ts';
import { cryptoSandboxPage } from './wallets/sandbox-page.ts';
import { railSandboxPage } from './rails/sandbox-page.ts';
import { botChallengeSandboxPage } from './bot-challenge/sandbox-page.ts';
import { runBatches } from './batches/batches.ts';
import { runGlobalPay } from './global-pay/receive.ts';
import { advanceRailPayouts } from './rails/payouts.ts';
import { startRecurringScheduler } from './transfers/scheduler.ts';
import { pruneLimitUsage } from './transfers/limits.ts';
import { deliverDueWebhooks } from './webhooks/index.ts';
import { checkedPost, runIpnMessages } from './merchant/ipn.ts';
import { runDueInstallments } from './merchant/subscriptions.ts';
import { foldSystemBalances } from './ledger/system-balances.ts';
import { chargeDueMonthlyCardFees } from './cards/monthly-fees.ts';
import { sandboxAnalyticsHost } from './analytics/sandbox-host.ts';

/** A built server: not yet listening until `listen` is called. */
export interface BankServer {
  app: FastifyInstance;
  db: Kysely<Database>;
  /** Starts listening on the configured host and port; resolves with the base URL. */
  listen(): Promise<string>;
  /** Stops accepting requests, finishes the ones in flight and closes the database. */
  close(): Promise<void>;
}

/** Prepares the database: schema, system accounts, demo data on first start. */
async function prepareDatabase(db: Kysely<Database>, config: ServerConfig, app: FastifyInstance): Promise<void> {
  await migrateToLatest(db);
  await ensureSystemAccounts(db);
  await ensureCardBins(db);
  if (config.demoData && (await seedDemoData(db))) app.log.info('Demo data created: personal@example.com, business@example.com, admin@example.com');
}

/**
 * Builds the whole server from a configuration: opens and migrates the database, seeds the demo on
 * first start, and mounts the token service (/auth/*), the RPC endpoint (/api), /openapi.json,
 * /health and the browser application. Integration tests build one on port 0 and close it after.
 *
 * @example
 * const server = await buildServer(readConfig(process.env));
 * const url = await server.listen();
 */
export async function buildServer(config: ServerConfig): Promise<BankServer> {
  const { bundle, openApiDocument } = loadGeneratedArtifacts(config.generatedDir);
  const app = Fastify({
    logger: { level: config.logLevel, ...(config.logStream ? { stream: config.logStream } : {}) },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy ?? false,
  });
  const db = await openDatabase(config.database);
  app.addHook('onClose', async () => db.destroy());
  // A push sign-in decided on any instance answers the browser waiting on this one at once.
  const stopListening = await listenForNotifications(db, CHALLENGE_CHANNEL, (tokenHash) => challengeEvents.emit(tokenHash));
  app.addHook('onClose', stopListening);
  // A payout's state changed by any instance (its scheduler, the sandbox page) reaches the pages open on this one.
  app.addHook('onClose', await hearCustomerAnnouncements(db));
  try {
    await prepareDatabase(db, config, app);
    const tokenKey = await loadTokenSecret(db, config.tokenSecret);

    addSecurityHeaders(app, securityHeadersFor(config));
    // The brand's web application on another origin may call this environment's API (brand.json webOrigins).
    addCors(app, brandConfig(config.brand).webOrigins ?? []);
    // E-mails and SMS a request causes are worded in its language.
    rememberRequestLanguage(app);
    // A failure on a path without its own handler is logged, never described to the caller (no SQL text).
    app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      if ((error.statusCode ?? 500) < 500) return reply.send(error);
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: requestTexts()('server.serverFailed') });
    });
    app.get('/health', async () => ({ status: 'ok' }));
    app.get('/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(openApiDocument));
    await app.register(apiDocsRoutes, { openApiDocument });
    const adapters = createAdapters(config, db);
    await app.register(tokenService, { db, bundle, tokenKey, adapters, sandboxes: config.sandboxes, projectName: registrationRules(config.brand).projectName });
    // Operators' figures, behind METRICS_TOKEN; counted on the root instance so every call is seen.
    if (config.metricsToken) installMetrics(app, { metrics: new ServerMetrics(db), token: config.metricsToken, methods: new Set(Object.keys(bundle.methods)) });
    await app.register(rpcDispatcher, {
      db,
      bundle,
      gate: callerGate(db, tokenKey),
      adapters,
      brand: config.brand,
      ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
      handlers: createRpcHandlers(bundle, { brand: config.brand, tokenKey }),
    });
    // The REST paths that declare their access (x-access): the public API's management paths and the
    // merchant API, every request made with a key written to its API log.
    await app.register(async (scope) => {
      scope.addHook('onResponse', logKeyRequest(db));
      await declaredRestRoutes(scope, {
        db,
        adapters,
        document: bundle.rest as unknown as DeclaredRestOptions['document'],
        gate: callerGate(db, tokenKey),
        keyGate: merchantKeyGate(db),
        handlers: { ...publicApiHandlers, ...contractRestHandlers({ brand: config.brand }) },
      });
    });
    if (config.sandboxes) await app.register(outboxPage, { db });
    await app.register(contractRoutes, { db, brand: config.brand, sandboxes: config.sandboxes, adapters });
    await app.register(profileRoutes, { db, tokenKey, adapters, sandboxes: config.sandboxes });
    if (config.sandboxes) await app.register(sandboxDevicePage, { db });
    if (config.sandboxes) await app.register(p2pDeviceRoutes, { db, adapters });
    await app.register(termsRoutes, { db, bundle });
    await app.register(seiRoutes, { db, bundle, tokenKey, brand: config.brand });
    if (config.sandboxes) await app.register(seiSandboxClient, { db });
    await app.register(verificationRoutes, { db, adapters, tokenKey, otherIdentitySessions: [applyPayerVerificationEvent] });
    await app.register(historyExportRoute, { db, bundle, tokenKey });
    await app.register(invoicePdfRoute, { db, tokenKey, brand: config.brand });
    await app.register(merchantLogoRoute, { db });
    await app.register(supportAttachmentRoute, { db, tokenKey, helpDesk: adapters.helpDesk });
    if (config.sandboxes) await app.register(verificationSandboxPages, { db, adapters });
    if (config.sandboxes) await app.register(helpDeskAgentPage, { db });
    if (config.sandboxes) await app.register(sandboxHelpDeskApi, { db });
    if (config.sandboxes) await app.register(cryptoSandboxPage, { db });
    if (config.sandboxes) await app.register(cardSandboxPage, { db });
    if (config.sandboxes) await app.register(railSandboxPage, { db, rails: adapters.rails });
    if (config.sandboxes) await app.register(sandboxAnalyticsHost, { db });
    if (config.sandboxes) await app.register(botChallengeSandboxPage, { db });
    await serveAppShell(app, { distDir: config.distDir, brand: config.brand, environment: config.sandboxes ? 'sandbox' : 'production' });
    startRecurringScheduler(app, {
      db,
      adapters,
      intervalMs: config.schedulerIntervalMs,
      jobs: [
        { name: 'monthly card fees', run: (now) => chargeDueMonthlyCardFees(db, now) },
        { name: 'system account balances', run: () => foldSystemBalances(db) },
        { name: 'rail payouts', run: (now) => advanceRailPayouts(db, adapters.rails, now) },
        { name: 'mass payments', run: () => runBatches(db, undefined, adapters) },
        { name: 'global pay', run: (now) => runGlobalPay(db, now) },
        { name: 'webhooks', run: (now) => deliverDueWebhooks(db, { messages: adapters.messages, targets: adapters.outboundTargets, now }) },
        { name: 'subscription installments', run: (now) => runDueInstallments({ db, adapters, now, log: app.log }) },
        { name: 'IPN messages', run: (now) => runIpnMessages(db, now, checkedPost(adapters.outboundTargets)) },
        { name: 'contracts', run: (now) => runContractClock(db, now) },
        { name: 'limit sums', run: (now) => pruneLimitUsage(db, now) },
      ],
    });
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }

  return {
    app,
    db,
    listen: () => app.listen({ port: config.port, host: config.host }),
    close: () => app.close(),
  };
}
