/**
 * A mass batch sent as multipart/form-data (issue 16 item 1), on PGlite and PostgreSQL: at
 * `POST /api/mass/upload` with document 001's `data` (onlySummary, accountId, batchName, method,
 * ignoreIdenticalBatch) and a `file` part, and at `POST /api?method=massTransferUpload` with the
 * params as `data`. The answer is massTransferUpload's own, for the same rows; bad parts are refused
 * TA1 on their field; the caller is checked before the file is read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { createPersonalCustomer, fund, openAccount, TEST_PASSWORD } from './ledger-support.ts';
import { setMassSendingFlags } from '../../server/batches/permissions.ts';
import { type BatchAnswer } from './batch-support.ts';

for (const backend of BACKENDS) {
  describe(`mass upload as multipart on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let payer: { usd: number; tokens: Tokens };
    let payees: string[];

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      const { customerId, email } = await createPersonalCustomer(test.server.db, 'multipart-payer');
      const usd = await openAccount(test.server.db, customerId, 'USD');
      await fund(test.server.db, usd, 1_000_00n);
      await setMassSendingFlags(test.server.db, customerId, { massSendingUser: true });
      payer = { usd, tokens: await client.signIn(email, TEST_PASSWORD) };
      payees = [];
      for (const name of ['multipart-payee-a', 'multipart-payee-b']) payees.push((await createPersonalCustomer(test.server.db, name)).email);
    });
    afterAll(() => test?.close());

    /** Sends a multipart form: `data` as JSON (or as given when a string) and files by field. */
    const send = async (
      path: string,
      data: object | string | undefined,
      files: Record<string, { content: string | Uint8Array<ArrayBuffer>; name: string; type?: string }>,
      token: string | undefined = payer.tokens.accessToken,
    ) => {
      const form = new FormData();
      if (data !== undefined) form.append('data', typeof data === 'string' ? data : JSON.stringify(data));
      for (const [field, file] of Object.entries(files)) form.append(field, new Blob([file.content], { type: file.type ?? 'text/csv' }), file.name);
      const response = await fetch(`${test.url}${path}`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
      return { status: response.status, body: (await response.json()) as BatchAnswer };
    };
    const csv = (lines: string[]) => `E-mail,Amount,Note\n${lines.join('\n')}\n`;

    it('answers what massTransferUpload answers for the same rows, bad rows by row and column', async () => {
      const rows = csv([`${payees[0]},12.50,March`, 'not-an-email,3.00,Bad payee', `${payees[1]},-4,Negative`, `${payees[1]},7.25,April`]);
      const multipart = await send(
        '/api/mass/upload',
        { onlySummary: true, accountId: payer.usd, batchName: 'March fees', method: 'p2p' },
        { file: { content: rows, name: 'march.csv' } },
      );
      const json = await client.rpc(
        'massTransferUpload',
        {
          transferType: 'p2p',
          accountId: payer.usd,
          batchName: 'March fees',
          onlySummary: true,
          file: `data:text/csv;name=march.csv;base64,${Buffer.from(rows).toString('base64')}`,
        },
        { token: payer.tokens.accessToken },
      );
      expect(multipart.status).toBe(200);
      expect(multipart.body).toEqual(json.body);
      expect(multipart.body).toMatchObject({ responseCode: '00', summary: { count: 4, validCount: 2, invalidCount: 2, total: '19.75', currencyCode: 'USD' } });
      expect(multipart.body.errors!.map(({ row, field }) => ({ row, field }))).toEqual([
        { row: 2, field: 'email' },
        { row: 3, field: 'amount' },
      ]);
      expect(multipart.body.batchId).toBeUndefined();
    });

    it('keeps a good batch for confirmation, answers 92 for the same file again, and takes it with ignoreIdenticalBatch', async () => {
      const rows = { content: csv([`${payees[0]},1.00,One`, `${payees[1]},2.00,Two`]), name: 'april.csv' };
      const data = { accountId: payer.usd, batchName: 'April fees', method: 'p2p' };
      const first = await send('/api/mass/upload', data, { file: rows });
      expect(first.body).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation', errors: [] });
      const again = await send('/api/mass/upload', data, { file: rows });
      expect(again.body).toMatchObject({ responseCode: '92', batchId: first.body.batchId });
      expect(again.body.date).toMatch(/^\d{4}-\d{2}-\d{2}/);
      const kept = await send('/api/mass/upload', { ...data, ignoreIdenticalBatch: true }, { file: rows });
      expect(kept.body).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation' });
      expect(kept.body.batchId).not.toBe(first.body.batchId);
    });

    it('takes the params as data at the method address, named as the method names them', async () => {
      const rows = { content: csv([`${payees[0]},5.00,May`]), name: 'may.csv' };
      const answer = await send(
        '/api?method=massTransferUpload',
        { transferType: 'p2p', accountId: payer.usd, batchName: 'May', onlySummary: true },
        { file: rows },
      );
      expect(answer.body).toMatchObject({ responseCode: '00', summary: { count: 1, validCount: 1, total: '5.00' } });
    });

    it('refuses bad parts TA1 on their field', async () => {
      const data = { onlySummary: true, accountId: payer.usd, batchName: 'Bad parts', method: 'p2p' };
      const file = { content: csv([`${payees[0]},1.00,x`]), name: 'bad.csv' };
      const fieldsOf = (answer: { body: BatchAnswer }) => answer.body.validationErrors?.map(({ field }) => field);

      const notJson = await send('/api/mass/upload', '{"accountId": ', { file });
      expect(notJson.body.responseCode).toBe('TA1');
      expect(fieldsOf(notJson)).toEqual(['data']);

      const noData = await send('/api/mass/upload', undefined, { file });
      expect(fieldsOf(noData)).toEqual(['data']);

      const otherField = await send('/api/mass/upload', data, { photo: { content: 'x', name: 'photo.png', type: 'image/png' } });
      expect(otherField.body.responseCode).toBe('TA1');
      expect(fieldsOf(otherField)).toEqual(['photo']);

      const tooLarge = await send('/api/mass/upload', data, { file: { content: new Uint8Array(10 * 1024 * 1024 + 1).fill(65), name: 'huge.csv' } });
      expect(tooLarge.body.responseCode).toBe('TA1');
      expect(fieldsOf(tooLarge)).toEqual(['file']);

      const badMethod = await send('/api/mass/upload', { ...data, method: 'carrierPigeon' }, { file });
      expect(badMethod.body.responseCode).toBe('TA1');
      expect(fieldsOf(badMethod)).toEqual(['transferType']);

      const json = await client.post('/api/mass/upload', data, { authorization: `Bearer ${payer.tokens.accessToken}` });
      expect(json.body.responseCode).toBe('TA1');

      // A method that takes no files takes no multipart form either.
      const notUploads = await send('/api?method=balanceInquiry', {}, {});
      expect(notUploads.body.responseCode).toBe('TA1');
    });

    it('refuses a caller without a session, or with another customer account, before reading the rows', async () => {
      const file = { content: csv([`${payees[0]},1.00,x`]), name: 'anon.csv' };
      const anonymous = await send('/api/mass/upload', { onlySummary: true, accountId: payer.usd, batchName: 'Anon', method: 'p2p' }, { file }, '');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.responseCode).toBe('AU');

      const { customerId, email } = await createPersonalCustomer(test.server.db, 'multipart-stranger');
      await openAccount(test.server.db, customerId, 'USD');
      await setMassSendingFlags(test.server.db, customerId, { massSendingUser: true });
      const stranger = await client.signIn(email, TEST_PASSWORD);
      const foreign = await send(
        '/api/mass/upload',
        { onlySummary: true, accountId: payer.usd, batchName: 'Foreign', method: 'p2p' },
        { file },
        stranger.accessToken,
      );
      expect(foreign.body.responseCode).not.toBe('00');
      expect(foreign.body.summary).toBeUndefined();
    });
  });
}
