/**
 * `npm run bench:batch`: what a mass payment costs (issue 16), on the embedded database (PGlite) in this
 * process, through the API as the browser calls it: uploading and checking a 10,000-row p2p batch and
 * summarising it (massTransferUpload), funding it (massTransferConfirm: one ledger transaction and a
 * transfer per row), and paying every row (the scheduler's runner, server/batches/batches.ts runBatches).
 * Then the same for a wire batch of as many rows: each row checked as a single wire (IBAN, SWIFT), the
 * batch funded in one ledger transaction, and the runner making each row a wire payout (its hold from the
 * batch's escrow, its transfer, payout record and timeline) handed to the sandbox wire rail.
 * Prints each phase's time and its cost per row. Asserts nothing.
 * Flags: `--rows N` (default 10,000), `--json` (one JSON object on stdout: rows, uploadMs, confirmMs, runMs
 * and the per-row figures, and `wire` with the wire batch's).
 */
import { randomUUID } from 'node:crypto';
import { runBatches } from '../server/batches/batches.ts';
import { MASS_SENDING_FLAGS, setMassSendingFlags } from '../server/batches/permissions.ts';
import { railAdapters } from '../server/rails/adapters.ts';
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
    await setMassSendingFlags(db, payer.customerId, Object.fromEntries(MASS_SENDING_FLAGS.map((flag) => [flag, true])));
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

    // The same for a wire batch: each row a wire payout on the sandbox rail. Its limits are the wire's, so the
    // payer is a fresh one with room for it.
    const wirePayer = await createPersonalCustomer(db, 'bench-wire');
    const wireAccount = await openAccount(db, wirePayer.customerId, 'USD');
    await fund(db, wireAccount, 100_000_000n);
    await setMassSendingFlags(db, wirePayer.customerId, { massSendingWire: true });
    const wireTokens = await client.signIn(wirePayer.email, TEST_PASSWORD);
    const wireLines = Array.from(
      { length: ROWS },
      (_, index) => `Payee ${index + 1},DE89 3704 0044 0532 0130 00,COBADEFFXXX,${(index % 9) + 1}.00,Row ${index + 1}`,
    );
    const wireFile = `data:text/csv;name=wires.csv;base64,${Buffer.from(`Beneficiary name,IBAN,SWIFT (BIC),Amount,Note\n${wireLines.join('\n')}\n`).toString('base64')}`;
    started = performance.now();
    const wireUploaded = (
      await client.rpc(
        'massTransferUpload',
        { transferType: 'wire', accountId: wireAccount, batchName: 'Bench wires', file: wireFile },
        { token: wireTokens.accessToken },
      )
    ).body;
    const wireUploadMs = performance.now() - started;
    if (wireUploaded.responseCode !== '00' || !wireUploaded.batchId)
      throw new Error(`The wire upload was refused: ${JSON.stringify(wireUploaded).slice(0, 400)}`);
    say(
      `Wire batch: upload, single-wire checks and summary of ${ROWS} rows: ${wireUploadMs.toFixed(0)} ms (${((wireUploadMs * 1000) / ROWS).toFixed(0)} µs a row)`,
    );
    started = performance.now();
    const wireConfirmed = (
      await client.rpc('massTransferConfirm', { idempotencyKey: randomUUID(), batchId: wireUploaded.batchId }, { token: wireTokens.accessToken })
    ).body;
    const wireConfirmMs = performance.now() - started;
    if (wireConfirmed.responseCode !== '00') throw new Error(`The wire confirmation was refused: ${JSON.stringify(wireConfirmed).slice(0, 400)}`);
    say(`Wire batch: funding in one ledger transaction: ${wireConfirmMs.toFixed(0)} ms (${((wireConfirmMs * 1000) / ROWS).toFixed(0)} µs a row)`);
    const rails = railAdapters({ sandboxes: true }, db);
    started = performance.now();
    while ((await runBatches(db, undefined, { rails })) > 0);
    const wireRunMs = performance.now() - started;
    const wirePayouts = await db
      .selectFrom('transfers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('batch_id', '=', BigInt(wireUploaded.batchId))
      .executeTakeFirstOrThrow();
    say(
      `Wire batch: ${wirePayouts.n} wire payouts held from the escrow and handed to the rail: ${wireRunMs.toFixed(0)} ms (${((wireRunMs * 1000) / ROWS).toFixed(0)} µs a row)`,
    );

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
          wire: {
            uploadMs: Math.round(wireUploadMs),
            confirmMs: Math.round(wireConfirmMs),
            runMs: Math.round(wireRunMs),
            uploadMicrosPerRow: perRow(wireUploadMs),
            confirmMicrosPerRow: perRow(wireConfirmMs),
            runMicrosPerRow: perRow(wireRunMs),
            payouts: Number(wirePayouts.n),
          },
        }),
      );
    }
  } finally {
    await test.close();
  }
}

await main();
