/**
 * Mass p2p payments (issue 16) through the API, on PGlite and PostgreSQL: a 1,000-row batch is checked,
 * summarised, funded in one ledger transaction and paid by the scheduler's runner; a batch over the
 * balance holds nothing; an identical upload answers 92 until sent with ignoreIdenticalBatch; bad rows
 * are reported on their row and column; a payee blacklisted after the upload fails its row and the batch
 * ends partially completed with that row's money and fee back; another customer's batch is refused.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBatches } from '../../server/batches/batches.ts';
import { setMassSendingFlags } from '../../server/batches/permissions.ts';
import { transferFee } from '../../server/pricing/pricing.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { accountStates, createPersonalCustomer, fund, HEALTHY, ledgerHealth, openAccount, TEST_PASSWORD } from './ledger-support.ts';
import { type BatchAnswer, csvDataUrl } from './batch-support.ts';

interface Customer {
  customerId: number;
  email: string;
  usd: number;
  tokens: Tokens;
}

for (const backend of BACKENDS) {
  describe(`mass p2p on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
    });
    afterAll(() => test?.close());

    const db = () => test.server.db;
    const rpc = async (method: string, params: object, tokens: Tokens): Promise<BatchAnswer> =>
      (await client.rpc(method, params, { token: tokens.accessToken })).body;
    const usd = async (who: Customer) => (await accountStates(db(), [who.usd])).get(who.usd)!;
    const newCustomer = async (name: string, funds: bigint): Promise<Customer> => {
      const { customerId, email } = await createPersonalCustomer(db(), name);
      const account = await openAccount(db(), customerId, 'USD');
      if (funds > 0n) await fund(db(), account, funds);
      await setMassSendingFlags(db(), customerId, { massSendingUser: true });
      return { customerId, email, usd: account, tokens: await client.signIn(email, TEST_PASSWORD) };
    };
    const upload = (from: Customer, source: { text: string } | { file: string }, extra: object = {}) =>
      rpc('massTransferUpload', { transferType: 'p2p', accountId: from.usd, batchName: 'November fees', ...source, ...extra }, from.tokens);
    const confirm = (from: Customer, batchId: number) => rpc('massTransferConfirm', { idempotencyKey: randomUUID(), batchId }, from.tokens);
    /** Runs the scheduler's job until no batch has a row left, as the server's scheduler would over time. */
    const runAll = async () => {
      while ((await runBatches(db(), 500)) > 0);
      await runBatches(db(), 500); // the pass that finds nothing left ends the batch
    };

    it('checks, summarises, funds in one ledger transaction and pays a 1,000-row batch', async () => {
      const payer = await newCustomer('mass-payer', 20_000_00n);
      const payees = await Promise.all(Array.from({ length: 10 }, (_, index) => newCustomer(`mass-payee-${index}`, 0n)));
      const lines = Array.from({ length: 1000 }, (_, index) => `${payees[index % 10]!.email},${(index % 7) + 1}.25,Row ${index + 1}`);
      const fees = lines.reduce((sum, _, index) => sum + transferFee('massP2p', BigInt((index % 7) + 1) * 100n + 25n), 0n);
      const total = lines.reduce((sum, _, index) => sum + BigInt((index % 7) + 1) * 100n + 25n, 0n);

      const uploaded = await upload(payer, { file: csvDataUrl(`E-mail,Amount,Note\n${lines.join('\n')}\n`) });
      expect(uploaded).toMatchObject({
        responseCode: '00',
        status: 'awaitingConfirmation',
        errors: [],
        summary: { count: 1000, validCount: 1000, invalidCount: 0, currencyCode: 'USD', sufficient: true, available: '20000.00' },
      });
      expect(uploaded.summary!.total).toBe(`${total / 100n}.${String(total % 100n).padStart(2, '0')}`);
      // Nothing moves before the confirmation.
      expect(await usd(payer)).toMatchObject({ balance: 20_000_00n, pending: 0n });

      const confirmed = await confirm(payer, uploaded.batchId!);
      expect(confirmed).toMatchObject({ responseCode: '00', status: 'processing', count: 1000, processed: 0 });
      expect(await usd(payer)).toMatchObject({ balance: 20_000_00n - total - fees });
      const funding = await db()
        .selectFrom('transfer_batches')
        .select('funding_transaction_id')
        .where('id', '=', BigInt(uploaded.batchId!))
        .executeTakeFirstOrThrow();
      const legs = await db().selectFrom('ledger_entries').select('account_id').where('transaction_id', '=', funding.funding_transaction_id!).execute();
      expect(legs.length).toBe(3); // the account, the batch escrow and the fees: one transaction

      // The runner pays a chunk at a time; progress is kept on the server.
      expect(await runBatches(db(), 400)).toBe(400);
      expect(await rpc('massTransferStatus', { batchId: uploaded.batchId }, payer.tokens)).toMatchObject({ status: 'processing', processed: 400 });
      await runAll();
      expect(await rpc('massTransferStatus', { batchId: uploaded.batchId }, payer.tokens)).toMatchObject({ status: 'completed', processed: 1000, failed: 0 });
      const firstPayee = await db()
        .selectFrom('accounts')
        .select('balance')
        .where('customer_id', '=', payees[0]!.customerId)
        .where('currency_code', '=', 'USD')
        .executeTakeFirstOrThrow();
      const firstPayeeTotal = lines.filter((_, index) => index % 10 === 0).reduce((sum, _, n) => sum + BigInt(((n * 10) % 7) + 1) * 100n + 25n, 0n);
      expect(firstPayee.balance).toBe(firstPayeeTotal);
      const page = await rpc('massTransferPayments', { batchId: uploaded.batchId, pageNumber: 2, pageSize: 20 }, payer.tokens);
      expect(page).toMatchObject({ total: 1000 });
      expect(page.payments![0]).toMatchObject({ row: 21, status: 'completed', email: payees[0]!.email, note: 'Row 21' });
      const file = await rpc('massTransferFile', { batchId: uploaded.batchId }, payer.tokens);
      expect(file).toMatchObject({ fileName: 'batch.csv', mediaType: 'text/csv' });
      expect(Buffer.from(file.content!, 'base64').toString('utf8').split('\n')[1]).toBe(lines[0]);
      const list = (await client.rpc('batchTransferList', { pageNumber: 1, pageSize: 20 }, { token: payer.tokens.accessToken })).body;
      expect(list.batchTransfer.transfer[0]).toMatchObject({ batchId: uploaded.batchId, type: 'p2p', status: 'completed', count: 1000 });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    }, 120_000);

    it('holds nothing for a batch over the balance, and keeps it waiting', async () => {
      const payer = await newCustomer('mass-poor', 50_00n);
      const payee = await newCustomer('mass-poor-payee', 0n);
      const uploaded = await upload(payer, { text: `${payee.email}, 40.00\n${payee.email}, 20.00` });
      expect(uploaded.summary).toMatchObject({ total: '60.00', sufficient: false, available: '50.00' });
      const refused = await confirm(payer, uploaded.batchId!);
      expect(refused.responseCode).toBe('TA1');
      expect(refused.validationErrors).toEqual([{ field: 'batchId', description: expect.stringContaining('60.') }]);
      expect(await usd(payer)).toMatchObject({ balance: 50_00n, pending: 0n });
      expect(await db().selectFrom('transfers').select('id').where('batch_id', '=', BigInt(uploaded.batchId!)).execute()).toEqual([]);
      expect(await rpc('massTransferStatus', { batchId: uploaded.batchId }, payer.tokens)).toMatchObject({ status: 'awaitingConfirmation' });
      // Cancelled, it can no longer be confirmed.
      expect(await rpc('massTransferCancel', { batchId: uploaded.batchId }, payer.tokens)).toMatchObject({ responseCode: '00', status: 'canceled' });
      expect((await confirm(payer, uploaded.batchId!)).responseCode).toBe('TA1');
    });

    it('answers 92 for an identical upload, with the earlier batch and its date, until sent with ignoreIdenticalBatch', async () => {
      const payer = await newCustomer('mass-twice', 1_000_00n);
      const payee = await newCustomer('mass-twice-payee', 0n);
      const text = `${payee.email}, 10.00, Rent`;
      const first = await upload(payer, { text });
      expect(first.batchId).toBeGreaterThan(0);
      const again = await upload(payer, { text });
      expect(again).toMatchObject({ responseCode: '92', batchId: first.batchId, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
      expect(again.responseDescription).toMatch(/same payments/);
      // A summary only is never refused: nothing is kept.
      expect(await upload(payer, { text }, { onlySummary: true })).toMatchObject({ responseCode: '00', summary: { validCount: 1 } });
      const kept = await upload(payer, { text }, { ignoreIdenticalBatch: true });
      expect(kept).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation' });
      expect(kept.batchId).not.toBe(first.batchId);
    });

    it('reports each bad row on its column and keeps nothing; reads XLSX as well as CSV', async () => {
      const payer = await newCustomer('mass-errors', 1_000_00n);
      const payee = await newCustomer('mass-errors-payee', 0n);
      const blocked = await newCustomer('mass-errors-blocked', 0n);
      expect((await rpc('blacklistAdd', { email: blocked.email, blockType: 'p2p' }, payer.tokens)).responseCode).toBe('00');
      const text = [
        `${payee.email}, 10.00`,
        'not-an-email, 5.00',
        `${payee.email}, -3`,
        'nobody@nowhere.example, 1.00',
        `${blocked.email}, 2.00`,
        `${payee.email}, 1.001`,
      ].join('\n');
      const answer = await upload(payer, { text });
      expect(answer).toMatchObject({ responseCode: '00', summary: { count: 6, validCount: 1, invalidCount: 5, total: '10.00' } });
      expect(answer.batchId).toBeUndefined();
      expect(answer.errors!.map(({ row, field }) => [row, field])).toEqual([
        [2, 'email'],
        [3, 'amount'],
        [4, 'email'],
        [5, 'email'],
        [6, 'amount'],
      ]);
      expect(answer.errors![2]!.message).toBe('Nobody is registered with this e-mail.');
      // The same problems in the reader's language.
      const inSpanish = await client.post(
        '/api?method=massTransferUpload',
        { method: 'massTransferUpload', transferType: 'p2p', accountId: payer.usd, batchName: 'Lote', text, onlySummary: true } as object,
        { authorization: `Bearer ${payer.tokens.accessToken}`, 'accept-language': 'es' },
      );
      expect(inSpanish.body.errors[2].message).toBe('No hay nadie registrado con este correo electrónico.');

      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Payments');
      sheet.addRow(['Email', 'Amount', 'Note']);
      sheet.addRow([payee.email, 12.5, 'From a spreadsheet']);
      const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
      const fromSheet = await upload(payer, { file: `data:application/octet-stream;name=pay.xlsx;base64,${xlsx.toString('base64')}` });
      expect(fromSheet).toMatchObject({ responseCode: '00', summary: { validCount: 1, total: '12.50' }, status: 'awaitingConfirmation' });
      const refusedFile = await upload(payer, { file: `data:application/pdf;name=x.pdf;base64,${Buffer.from('%PDF-1.4\u0000\u0001').toString('base64')}` });
      expect(refusedFile).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'file', description: 'Upload a CSV or XLSX file.' }] });
    });

    it('ends partially completed when a payee is blacklisted after the upload, giving that row’s money and fee back', async () => {
      const payer = await newCustomer('mass-partial', 1_000_00n);
      const good = await newCustomer('mass-partial-good', 0n);
      const later = await newCustomer('mass-partial-later', 0n);
      const uploaded = await upload(payer, { text: `${good.email}, 100.00\n${later.email}, 50.00` });
      await confirm(payer, uploaded.batchId!);
      const fees = transferFee('massP2p', 100_00n) + transferFee('massP2p', 50_00n);
      expect(await usd(payer)).toMatchObject({ balance: 1_000_00n - 150_00n - fees });
      await rpc('blacklistAdd', { email: later.email, blockType: 'all' }, payer.tokens);
      await runAll();
      expect(await rpc('massTransferStatus', { batchId: uploaded.batchId }, payer.tokens)).toMatchObject({
        status: 'partiallyCompleted',
        processed: 2,
        failed: 1,
      });
      expect(await usd(payer)).toMatchObject({ balance: 1_000_00n - 100_00n - transferFee('massP2p', 100_00n) });
      const failed = await rpc('massTransferPayments', { batchId: uploaded.batchId, status: 'failed' }, payer.tokens);
      expect(failed).toMatchObject({ total: 1, payments: [{ row: 2, status: 'failed', failure: 'The payee is on your payout blacklist.' }] });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it("refuses another customer's batch with 13, changing nothing", async () => {
      const owner = await newCustomer('mass-owner', 100_00n);
      const other = await newCustomer('mass-other', 100_00n);
      const payee = await newCustomer('mass-owner-payee', 0n);
      const uploaded = await upload(owner, { text: `${payee.email}, 1.00` });
      for (const [method, params] of [
        ['massTransferStatus', { batchId: uploaded.batchId }],
        ['massTransferPayments', { batchId: uploaded.batchId }],
        ['massTransferFile', { batchId: uploaded.batchId }],
        ['massTransferCancel', { batchId: uploaded.batchId }],
        ['massTransferConfirm', { batchId: uploaded.batchId, idempotencyKey: randomUUID() }],
      ] as const) {
        expect((await rpc(method, params, other.tokens)).responseCode, method).toBe('13');
      }
      expect(await rpc('massTransferStatus', { batchId: uploaded.batchId }, owner.tokens)).toMatchObject({ status: 'awaitingConfirmation' });
      expect(await usd(owner)).toMatchObject({ balance: 100_00n });
    });
  });
}
