import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { inspectPdf } from '../support/pdf-tools.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

interface Row {
  transactionId: number;
  accountId: number;
  amount: string;
  status: string;
  operationType: string;
  currencyCode: string;
}

for (const backend of BACKENDS) {
  describe(`history, details, statements, batches and the balance chart on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let business: Tokens;
    let annaAccounts: Array<{ accountId: number; currencyCode: string; balance: string }>;
    let northwindAccount: number;

    const rpc = async (method: string, params: object, token = anna.accessToken) => (await client.rpc(method, params, { token })).body;
    const get = async (path: string, token = anna.accessToken) => {
      const response = await fetch(`${test.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
      return { status: response.status, headers: response.headers, text: await response.text() };
    };
    const ledgerFingerprint = async () =>
      (await sql<{ n: string; s: string }>`select count(*)::text as n, coalesce(sum(amount), 0)::text as s from ledger_entries`.execute(test.server.db))
        .rows[0];

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      business = await client.signIn(DEMO_LOGINS.business);
      // Card accounts (issue 5) have their own suite: tests/integration/cards-lifecycle.test.ts.
      annaAccounts = (await rpc('balanceInquiry', {})).accounts.filter((account: { type: number }) => account.type < 2006 || account.type > 2135);
      northwindAccount = (await rpc('balanceInquiry', {}, business.accessToken)).accounts[0].accountId;
    });
    afterAll(() => test?.close());

    it('filters by type, direction, amount, dates and status, with counts and an export address', async () => {
      const all = await rpc('transactionHistory', { pageSize: 100 });
      expect(all.responseCode).toBe('00');
      expect(all.results).toBeGreaterThan(20);
      expect(all).toMatchObject({ exportCsv: '/api/export/history.csv' });
      // The demo may hold transfers still waiting (other areas seed them): the counts are taken as they are.
      const { processingCount, rejectedCount } = all as { processingCount: number; rejectedCount: number };
      const completed = all.results - processingCount - rejectedCount;

      const card = await rpc('transactionHistory', { transactionType: 'Card', pageSize: 100 });
      expect(card.results).toBeGreaterThan(0);
      expect(card.transactions.every((row: Row) => row.operationType === 'Card')).toBe(true);

      const incoming = await rpc('transactionHistory', { transactionDirection: 'incoming', pageSize: 100 });
      const outgoing = await rpc('transactionHistory', { transactionDirection: 'outgoing', pageSize: 100 });
      expect(incoming.transactions.every((row: Row) => !row.amount.startsWith('-'))).toBe(true);
      expect(outgoing.transactions.every((row: Row) => row.amount.startsWith('-'))).toBe(true);
      expect(incoming.results + outgoing.results).toBe(all.results);

      const big = await rpc('transactionHistory', { fromAmount: '100', toAmount: '10000', pageSize: 100 });
      expect(big.results).toBeGreaterThan(0);
      for (const row of big.transactions as Row[]) {
        const value = Math.abs(Number(row.amount));
        expect(value).toBeGreaterThanOrEqual(100);
        expect(value).toBeLessThanOrEqual(10000);
      }
      expect(big.exportCsv).toBe('/api/export/history.csv?fromAmount=100&toAmount=10000');

      const none = await rpc('transactionHistory', { fromDate: '2001-01-01', toDate: '2001-12-31' });
      expect(none).toMatchObject({ results: 0, transactions: [] });
      expect((await rpc('transactionHistory', { status: 'rejected' })).results).toBe(rejectedCount);
      expect((await rpc('transactionHistory', { status: 'processing' })).results).toBe(processingCount);
      expect((await rpc('transactionHistory', { status: 'completed' })).results).toBe(completed);

      // One posted entry held, one voided: they show in the counts whatever the status filter.
      const [first, second] = (all.transactions as Row[]).filter((row) => row.status === 'posted');
      await sql`update ledger_entries set status = 'pending' where transaction_id = ${first!.transactionId} and account_id = ${first!.accountId}`.execute(
        test.server.db,
      );
      await sql`update ledger_entries set status = 'voided' where transaction_id = ${second!.transactionId} and account_id = ${second!.accountId}`.execute(
        test.server.db,
      );
      try {
        const counted = await rpc('transactionHistory', { status: 'completed' });
        expect(counted).toMatchObject({ results: completed - 2, processingCount: processingCount + 1, rejectedCount: rejectedCount + 1 });
        const processing = await rpc('transactionHistory', { status: 'processing' });
        expect(processing.transactions.map((row: Row) => row.transactionId)).toContain(first!.transactionId);
        expect(processing.transactions.every((row: Row) => row.status === 'pending')).toBe(true);
      } finally {
        await sql`update ledger_entries set status = 'posted' where transaction_id in (${first!.transactionId}, ${second!.transactionId})`.execute(
          test.server.db,
        );
      }
    });

    it("refuses another customer's account, customer id or transaction with 13 and changes nothing", async () => {
      const before = await ledgerFingerprint();
      expect((await rpc('transactionHistory', { accountId: northwindAccount })).responseCode).toBe('13');
      const northwindCustomer = (await rpc('balanceInquiry', {}, business.accessToken)).accounts[0].customerId;
      expect((await rpc('transactionHistory', { customerId: northwindCustomer })).responseCode).toBe('13');
      const theirs = (await rpc('transactionHistory', { accountId: northwindAccount, transactionType: 'Deposit' }, business.accessToken)).transactions[0];
      expect((await rpc('transferDetails', { transactionId: theirs.transactionId })).responseCode).toBe('13');
      expect((await rpc('transferDetails', { transactionId: '999999999' })).responseCode).toBe('13');
      expect((await rpc('statementDownload', { accountId: northwindAccount, year: 2026, month: 1 })).responseCode).toBe('13');
      expect((await rpc('statementList', { accountId: northwindAccount })).responseCode).toBe('13');
      expect((await rpc('balanceHistory', { accountId: northwindAccount })).responseCode).toBe('13');
      expect((await get(`/api/export/history.csv?accountId=${northwindAccount}`)).status).toBe(403);
      expect((await get('/api/export/history.csv', 'not-a-token')).status).toBe(401);
      expect((await rpc('batchTransferList', {})).total).toBe(0);
      expect(await ledgerFingerprint()).toEqual(before);
    });

    it('shows a transfer with its entries, and the transfer row when one exists', async () => {
      const row = (await rpc('transactionHistory', { transactionType: 'Exchange' })).transactions[0] as Row;
      const details = await rpc('transferDetails', { transactionId: String(row.transactionId) });
      expect(details.responseCode).toBe('00');
      expect(details.transaction).toMatchObject({ transactionId: row.transactionId, operationType: 'Exchange', status: 'posted' });
      // An exchange between own accounts: both of Anna's entries, nothing of the FX system accounts.
      expect(details.transaction.entries).toHaveLength(2);
      expect(details.transaction.amount.startsWith('-')).toBe(true);
    });

    it('streams the CSV export with quoting, decimal amounts and the row count', async () => {
      const all = await rpc('transactionHistory', { pageSize: 1 });
      // A description of the customer's own (no locale key), holding quotes, a comma and a line break.
      await sql`update ledger_transactions set description = ${'Say "hi", then\nleave'}, description_key = null where id = ${all.transactions[0].transactionId}`.execute(
        test.server.db,
      );
      const csv = await get('/api/export/history.csv');
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      expect(csv.headers.get('x-total-count')).toBe(String(all.results));
      const text = csv.text.replace(/^\uFEFF/, '');
      expect(text.startsWith('Date,Transaction,Account,Type,Description,Counterparty,Status,Amount,Currency\r\n')).toBe(true);
      expect(text).toContain('"Say ""hi"", then\nleave"');
      const lines = text.split('\r\n').filter(Boolean);
      expect(lines).toHaveLength(all.results + 1);
      expect(lines.slice(1).every((line) => /,-?[0-9]+\.[0-9]{2},[A-Z]{3}$/.test(line))).toBe(true);
      const cards = await get('/api/export/history.csv?transactionType=Card');
      expect(
        cards.text
          .split('\r\n')
          .filter(Boolean)
          .slice(1)
          .every((line) => line.includes(',Card,')),
      ).toBe(true);
    });

    it("writes a statement PDF whose closing balance is the month's end balance", async () => {
      const usd = annaAccounts.find((account) => account.currencyCode === 'USD')!;
      const list = await rpc('statementList', {});
      expect(list.responseCode).toBe('00');
      // The demo history spans 120 days, so every account has at least three calendar months of statements; how
      // many more depends on where today falls in the month.
      expect(list.total).toBeGreaterThanOrEqual(annaAccounts.length * 3);
      expect(list.statements.length).toBe(Math.min(12, list.total));
      const months = list.statements.map((entry: { year: number; month: number }) => entry.year * 12 + entry.month);
      expect(months).toEqual([...months].sort((a, b) => b - a));
      const now = new Date();
      const pdf = await rpc('statementDownload', { accountId: usd.accountId, year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });
      expect(pdf.responseCode).toBe('00');
      const { text } = inspectPdf(Buffer.from(pdf.content, 'base64'));
      // The current month closes at today's balance.
      // In the reader's money format ('$10,290.40' in English).
      const closing = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(Number(usd.balance));
      expect(text).toMatch(new RegExp(`Closing balance\\s+${closing.replace(/[$.]/g, (c) => `\\${c}`)}`));
    });

    it('charts the daily closing balance ending at the current balance', async () => {
      const usd = annaAccounts.find((account) => account.currencyCode === 'USD')!;
      const chart = await rpc('balanceHistory', { accountId: usd.accountId, days: 90 });
      expect(chart.points).toHaveLength(90);
      expect(chart.points.at(-1)).toMatchObject({ balance: usd.balance, currencyCode: 'USD', date: new Date().toISOString().slice(0, 10) });
      const weekly = await rpc('balanceHistory', { days: 85, step: 7 });
      expect(weekly.points).toHaveLength(13);
    });

    it('lists the batch transfers of Northwind with the batch filter', async () => {
      const list = await rpc('batchTransferList', {}, business.accessToken);
      // The history demo's two batches (the approvals area may seed more).
      expect(list.total).toBeGreaterThanOrEqual(2);
      const names = list.batchTransfer.transfer.map((batch: { name: string }) => batch.name);
      expect(list.batchTransfer.transfer[names.indexOf('Studio contributors')]).toMatchObject({ type: 'p2p', totalAmount: '2125.00', currencyCode: 'EUR' });
      const wire = await rpc('batchTransferList', { types: ['wire'] }, business.accessToken);
      expect(wire.total).toBeGreaterThanOrEqual(1);
      expect(wire.total).toBeLessThan(list.total);
      expect(wire.batchTransfer.transfer.every((batch: { type: string }) => batch.type === 'wire')).toBe(true);
      const payouts = await rpc('batchTransferList', { search: 'payouts' }, business.accessToken);
      expect(payouts.batchTransfer.transfer.map((batch: { name: string }) => batch.name)).toContain('Freelancer payouts March');
      expect(payouts.batchTransfer.transfer.every((batch: { name: string }) => /payouts/i.test(batch.name))).toBe(true);
    });
  });
}
