/**
 * `npm run bench:batch`: what a mass payment costs (issue 16), on the embedded database (PGlite) in this
 * process, through the API as the browser calls it: uploading and checking a 10,000-row p2p batch and
 * summarising it (massTransferUpload), funding it (massTransferConfirm: one ledger transaction and a
 * transfer per row), and paying every row (the scheduler's runner, server/batches/batches.ts runBatches).
 * Prints each phase's time and its cost per row. Asserts nothing.
 * Flags: `--rows N` (default 10,000), `--json` (one JSON object on stdout: rows, uploadMs, confirmMs, runMs
 * and the per-row figures).
 */
import { randomUUID } from 'node:crypto';
import { runBatches } from '../server/batches/batches.ts';
import { startTestServer } from '../tests/integration/harness.ts';
import { createPersonalCustomer, fund, openAccount, TEST_PASSWORD } from '../tests/integration/ledger-support.ts';
import { ApiClient } from '../tests/support/api-client.ts';

const JSON_OUTPUT = process.argv.includes('--json');
const rowsFlag = process.argv.indexOf('--rows');
const ROWS = rowsFlag > 0 ? Number(process.argv[rowsFlag + 1]) : 10_000;
const PAYEES = 50;

const say = (line: string) => {
  if (!JSON_OUTPUT) console.log(line);
};

async function main(): Promise<void> {
  const test = await startTestServer({ name: 'PGlite' });
  try {
    const db = test.server.db;
    const client = new ApiClient(test.url);
    const payer = await createPersonalCustomer(db, 'bench-batch');
    const account = await openAccount(db, payer.customerId, 'USD');
    await fund(db, account, 100_000_000n);
    const payees = await Promise.all(Array.from({ length: PAYEES }, (_, index) => createPersonalCustomer(db, `bench-payee-${index}`)));
    const tokens = await client.signIn(payer.email, TEST_PASSWORD);
    const lines = Array.from({ length: ROWS }, (_, index) => `${payees[index % PAYEES]!.email},${(index % 9) + 1}.50,Row ${index + 1}`);
    const file = `data:text/csv;name=bench.csv;base64,${Buffer.from(`E-mail,Amount,Note\n${lines.join('\n')}\n`).toString('base64')}`;

    let started = performance.now();
    const uploaded = (
      await client.rpc('massTransferUpload', { transferType: 'p2p', accountId: account, batchName: 'Bench', file }, { token: tokens.accessToken })
    ).body;
    const uploadMs = performance.now() - started;
    if (uploaded.responseCode !== '00' || !uploaded.batchId) throw new Error(`The upload was refused: ${JSON.stringify(uploaded).slice(0, 400)}`);
    say(`Upload, check and summary of ${ROWS} rows: ${uploadMs.toFixed(0)} ms (${((uploadMs * 1000) / ROWS).toFixed(0)} µs a row)`);

    started = performance.now();
    const confirmed = (await client.rpc('massTransferConfirm', { idempotencyKey: randomUUID(), batchId: uploaded.batchId }, { token: tokens.accessToken }))
      .body;
    const confirmMs = performance.now() - started;
    if (confirmed.responseCode !== '00') throw new Error(`The confirmation was refused: ${JSON.stringify(confirmed).slice(0, 400)}`);
    say(`Funding in one ledger transaction and ${ROWS} transfers written: ${confirmMs.toFixed(0)} ms (${((confirmMs * 1000) / ROWS).toFixed(0)} µs a row)`);

    started = performance.now();
    while ((await runBatches(db)) > 0);
    await runBatches(db);
    const runMs = performance.now() - started;
    const state = (await client.rpc('massTransferStatus', { batchId: uploaded.batchId }, { token: tokens.accessToken })).body;
    say(`Paying every row (runner, ${state.processed} rows, status ${state.status}): ${runMs.toFixed(0)} ms (${((runMs * 1000) / ROWS).toFixed(0)} µs a row)`);

    if (JSON_OUTPUT) {
      const perRow = (ms: number) => Math.round((ms * 1000) / ROWS);
      console.log(
        JSON.stringify({
          rows: ROWS,
          database: 'PGlite',
          uploadMs: Math.round(uploadMs),
          confirmMs: Math.round(confirmMs),
          runMs: Math.round(runMs),
          uploadMicrosPerRow: perRow(uploadMs),
          confirmMicrosPerRow: perRow(confirmMs),
          runMicrosPerRow: perRow(runMs),
          status: state.status,
        }),
      );
    }
  } finally {
    await test.close();
  }
}

await main();
