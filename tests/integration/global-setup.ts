/**
 * The integration suite's own PostgreSQL: when TEST_DATABASE_URL names none, a throwaway server is started
 * with scripts/postgres.sh (which installs Debian's package when the binaries are missing) and stopped
 * after the run. When it cannot start, the run fails here: the PostgreSQL proofs (concurrency, crash,
 * limits) are never silently skipped.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/postgres.sh');

export default function setup(): (() => void) | undefined {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const printed = execFileSync('bash', [script, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  const [url, folder] = printed.split(' ');
  if (!url?.startsWith('postgres://') || !folder) throw new Error(`scripts/postgres.sh did not start PostgreSQL: ${printed}`);
  // Inherited by the test workers, which start after this.
  process.env.TEST_DATABASE_URL = url;
  return () => {
    execFileSync('bash', [script, 'stop', folder], { stdio: 'inherit' });
    delete process.env.TEST_DATABASE_URL;
  };
}
