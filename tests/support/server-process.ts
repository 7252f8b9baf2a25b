import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newPgliteDataDir } from './database-template.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The status of GET `url`, or 0 when nothing answers (node:http, so it works in DOM test files too). */
function healthStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    get(url, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', () => resolve(0));
  });
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
  /**
   * Kills the server at once, as a crash would: SIGKILL to its whole process group, so with several server
   * processes (WEB_CONCURRENCY) the workers die with the primary instead of finishing their calls while they
   * notice it has gone. Resolves once the primary has exited.
   */
  crash(): Promise<void>;
  /** What the server printed, for a failing test's message. */
  output(): string;
}

/**
 * Starts the real server (`server/main.ts`) as its own process on a free port, with a fresh embedded
 * database in a temporary folder, serving the built application from dist/. Resolves once /health answers.
 * `root` starts another copy of the project instead (its own generated/, dist/ and brands/).
 *
 * @example
 * const server = await startServer({ BRAND: 'paydek' });
 * await page.goto(`${server.url}/login`);
 * await server.stop();
 */
export async function startServer(env: Record<string, string> = {}, { root = repoRoot }: { root?: string } = {}): Promise<RunningServer> {
  const port = await freePort();
  // Another copy of the project may have other migrations: it starts from an empty folder.
  const dataDir = root === repoRoot ? newPgliteDataDir('bank-data-') : mkdtempSync(path.join(tmpdir(), 'bank-data-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      OUTBOUND_LOOPBACK_ALLOWED: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, which crash() kills whole (the primary and its workers).
    detached: true,
  });
  // The group must not outlive this process: a test run that ends without stopping it takes it along.
  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', killGroup);
  child.once('exit', () => process.off('exit', killGroup));
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${log}`);
    if ((await healthStatus(`${url}/health`)) === 200) break;
    if (Date.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /health within 120 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    output: () => log,
    async crash() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      killGroup();
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
