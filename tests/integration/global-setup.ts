/**
 * The integration suite's own PostgreSQL: when TEST_DATABASE_URL names none, a throwaway server is started
 * with scripts/postgres.sh (which installs Debian's package when the binaries are missing) and stopped
 * after the run. When it cannot start, the run fails here: the PostgreSQL proofs (concurrency, crash,
 * limits) are never silently skipped.
 *
 * It also makes the run's migrated template databases, one per back-end, that each test server's database is
 * copied from (tests/support/database-template.ts).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preparePgliteTemplate, preparePostgresTemplate } from '../support/database-template.ts';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/postgres.sh');

export default async function setup(): Promise<() => Promise<void>> {
  let stopPostgres = () => {};
  if (!process.env.TEST_DATABASE_URL) {
    const printed = execFileSync('bash', [script, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
    const [url, folder] = printed.split(' ');
    if (!url?.startsWith('postgres://') || !folder) throw new Error(`scripts/postgres.sh did not start PostgreSQL: ${printed}`);
    // Inherited by the test workers, which start after this.
    process.env.TEST_DATABASE_URL = url;
    stopPostgres = () => {
      execFileSync('bash', [script, 'stop', folder], { stdio: 'inherit' });
      delete process.env.TEST_DATABASE_URL;
    };
  }
  const removePgliteTemplate = await preparePgliteTemplate();
  const dropPostgresTemplate = await preparePostgresTemplate(process.env.TEST_DATABASE_URL!);
  return async () => {
    removePgliteTemplate();
    await dropPostgresTemplate();
    stopPostgres();
  };
}
