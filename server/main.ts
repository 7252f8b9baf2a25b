import { buildServer } from './app.ts';
import { ConfigError, readConfig } from './config.ts';

/**
 * `npm run serve`: the server as configured by the environment (see server/config.ts), stopped
 * cleanly on SIGINT or SIGTERM so in-flight requests finish and the database closes.
 */
async function main(): Promise<void> {
  const server = await buildServer(readConfig(process.env));
  await server.listen();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      server.app.log.info({ signal }, 'shutting down');
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          server.app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Cannot start: ${error.message}` : error);
  process.exit(1);
});
