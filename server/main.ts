import cluster from 'node:cluster';
import { buildServer } from './app.ts';
import { ConfigError, readConfig, webConcurrency, type ServerConfig } from './config/config.ts';

/**
 * `npm run serve`: the server as configured by the environment (see server/config/config.ts), stopped cleanly on
 * SIGINT or SIGTERM so in-flight requests finish and the database closes.
 *
 * With WEB_CONCURRENCY above 1 (the default on PostgreSQL is one process per core) this process only
 * supervises: it starts one server process, which prepares the database (migrations, demo data), then the
 * others, and they share the port. Each keeps nothing of a customer in memory that another needs: sessions are
 * database rows, the scheduler takes each job under a database lock, and the live channel hears the others
 * through LISTEN/NOTIFY. A process that dies is replaced; a signal stops them all.
 */
async function serve(config: ServerConfig): Promise<void> {
  const server = await buildServer(config);
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

/** Starts `count` server processes, the first alone so it alone prepares the database, and keeps them running. */
async function supervise(count: number): Promise<void> {
  let stopping = false;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const worker = cluster.fork();
      worker.once('listening', () => resolve());
      worker.once('exit', (code) => {
        if (stopping) return;
        reject(new Error(`A server process stopped with code ${code} before it listened: see its log above.`));
      });
    });
  await start();
  await Promise.all(Array.from({ length: count - 1 }, start));
  console.log(`${count} server processes are listening (WEB_CONCURRENCY=${count}).`);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`Server process ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
    cluster.fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      // Each finishes its requests and closes its connections; the supervisor ends after the last.
      setInterval(() => {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      }, 100).unref();
    });
  }
}

async function main(): Promise<void> {
  const config = readConfig(process.env);
  const processes = webConcurrency(process.env, config.database);
  if (processes > 1 && cluster.isPrimary) await supervise(processes);
  else await serve(config);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Cannot start: ${error.message}` : error);
  process.exit(1);
});
