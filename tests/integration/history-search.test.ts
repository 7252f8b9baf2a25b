/**
 * History at scale and the transfer's timeline (issue 13 History, issue 14 item 3), against the real server
 * on PGlite and PostgreSQL: keyword search through the trigram indexes (description and counterparty,
 * wildcards taken literally), the count reused by later pages of a filter yet never stale after the ledger
 * moves, the period quick filter, and what became of a transfer (cancelled, returned) with its timeline.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

interface Row {
  transactionId: number;
  amount: string;
  description?: string;
  counterparty?: string;
  transactionDate: string;
  state: string;
  direction: string;
}

let serial = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++serial}@example.org`;

for (const backend of BACKENDS) {
  describe(`history search, counts and timelines on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let annaCustomerId: number;
    let usd: number;

    const db = () => test.server.db;
    const rpc = async (method: string, params: object) => (await client.rpc(method, params, { token: anna.accessToken })).body;
    const history = async (params: object) => rpc('transactionHistory', params);
    /** Anna's transaction approval mode: null sends at once, 2 asks for an SMS code. */
    const approvalMode = (mode: number | null) =>
      db().updateTable('customers').set({ transaction_approve_mode: mode }).where('id', '=', annaCustomerId).execute();

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      annaCustomerId = (await db().selectFrom('users').select('customer_id').where('email', '=', DEMO_LOGINS.personal).executeTakeFirstOrThrow()).customer_id!;
      usd = (await rpc('balanceInquiry', {})).accounts.find((account: { currencyCode: string }) => account.currencyCode === 'USD').accountId;
    });
    afterAll(() => test?.close());

    it('has the trigram indexes the keyword search reads', async () => {
      const { rows } = await sql<{ indexname: string }>`
        select indexname from pg_indexes where indexname in ('ledger_transactions_description_trgm', 'ledger_entries_counterparty_trgm') order by indexname`.execute(
        db(),
      );
      expect(rows.map((row) => row.indexname)).toEqual(['ledger_entries_counterparty_trgm', 'ledger_transactions_description_trgm']);
    });

    it('finds a word in the description or the counterparty, whatever its case, and takes % and _ as themselves', async () => {
      const all = (await history({ pageSize: 100 })).transactions as Row[];
      const named = all.find((row) => row.counterparty && row.counterparty.length > 4)!;
      const part = named.counterparty!.slice(1, 5).toUpperCase();
      const byCounterparty = await history({ keyword: part, pageSize: 100 });
      expect(byCounterparty.results).toBeGreaterThan(0);
      for (const row of byCounterparty.transactions as Row[]) expect(`${row.description ?? ''} ${row.counterparty ?? ''}`.toUpperCase()).toContain(part);
      expect((byCounterparty.transactions as Row[]).map((row) => row.transactionId)).toContain(named.transactionId);

      const described = all.find((row) => row.description && row.description.length > 6)!;
      const word = described.description!.slice(0, 6).toLowerCase();
      expect(((await history({ keyword: word, pageSize: 100 })).transactions as Row[]).map((row) => row.transactionId)).toContain(described.transactionId);
      expect((await history({ keyword: '%' })).results).toBe(0);
      expect((await history({ keyword: '_' })).results).toBe(0);
    });

    it('counts a filter once for its pages, and counts again once the ledger moved', async () => {
      const first = await history({ transactionDirection: 'outgoing', pageSize: 5, pageNumber: 1 });
      const second = await history({ transactionDirection: 'outgoing', pageSize: 5, pageNumber: 2 });
      expect(second.results).toBe(first.results);
      expect(first.results).toBeGreaterThan(5);
      const firstIds = (first.transactions as Row[]).map((row) => row.transactionId);
      expect((second.transactions as Row[]).some((row) => firstIds.includes(row.transactionId))).toBe(false);

      await approvalMode(null);
      try {
        const sent = await rpc('p2pTransfer', { idempotencyKey: randomUUID(), accountId: usd, amount: '1.00', toEmail: DEMO_LOGINS.business });
        expect(sent).toMatchObject({ responseCode: '00', status: 'completed' });
      } finally {
        await approvalMode(2);
      }
      const after = await history({ transactionDirection: 'outgoing', pageSize: 5, pageNumber: 2 });
      expect(after.results).toBe(first.results + 1);
    });

    it('narrows to this month and the last 30 days, and carries the period into the export address', async () => {
      const all = await history({ pageSize: 100 });
      const month = await history({ period: 'thisMonth', pageSize: 100 });
      const last30 = await history({ period: 'last30Days', pageSize: 100 });
      const now = new Date();
      const firstOfMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
      expect(month.results).toBeGreaterThan(0);
      expect(month.results).toBeLessThanOrEqual(all.results);
      for (const row of month.transactions as Row[]) expect(Date.parse(row.transactionDate)).toBeGreaterThanOrEqual(firstOfMonth);
      for (const row of last30.transactions as Row[]) expect(Date.parse(row.transactionDate)).toBeGreaterThanOrEqual(Date.now() - 30 * 86_400_000 - 60_000);
      expect(month.exportCsv).toBe('/api/export/history.csv?period=thisMonth');
      expect((await history({ period: 'lastYear' })).responseCode).toBe('TA1');
    });

    it('says a withdrawn transfer was cancelled, with its timeline: created, held, cancelled', async () => {
      const note = `Timeline cancel ${randomUUID().slice(0, 8)}`;
      const sent = await rpc('p2pTransfer', { idempotencyKey: randomUUID(), accountId: usd, amount: '3.00', toEmail: DEMO_LOGINS.business, note });
      expect(sent).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation' });
      const held = (await history({ keyword: note })).transactions as Row[];
      expect(held).toMatchObject([{ state: 'pending', direction: 'outgoing' }]);
      expect((await rpc('transferCancel', { trxid: sent.operationId })).responseCode).toBe('00');

      const [row] = (await history({ keyword: note })).transactions as Row[];
      expect(row).toMatchObject({ state: 'cancelled', direction: 'outgoing', status: 'voided' });
      const details = (await rpc('transferDetails', { transactionId: row!.transactionId })).transaction;
      expect(details.state).toBe('cancelled');
      expect(details.timeline.map((step: { event: string }) => step.event)).toEqual(['created', 'held', 'cancelled']);
      const times = details.timeline.map((step: { at: string }) => Date.parse(step.at));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    });

    it('names the account by its masked number, never its id, and gives no exchange rate within one currency', async () => {
      const note = `Same currency ${randomUUID().slice(0, 8)}`;
      const sent = await rpc('p2pTransfer', { idempotencyKey: randomUUID(), accountId: usd, amount: '4.00', toEmail: DEMO_LOGINS.business, note });
      expect(sent.responseCode).toBe('00');
      const [row] = (await history({ keyword: note })).transactions as Row[];
      const details = (await rpc('transferDetails', { transactionId: row!.transactionId })).transaction;
      expect(details).toMatchObject({ sentCurrencyCode: 'USD', toCurrencyCode: 'USD', accountNumber: `••\u00a0${String(usd).padStart(4, '0').slice(-4)}` });
      // "Exchange rate 1" from USD to USD says nothing.
      expect(details).not.toHaveProperty('rate');
      expect((await rpc('transferCancel', { trxid: sent.operationId })).responseCode).toBe('00');
    });

    it('says a payment taken back from escrow was returned, and a completed one completed', async () => {
      await approvalMode(null);
      let sent;
      try {
        sent = await rpc('p2pTransfer', { idempotencyKey: randomUUID(), accountId: usd, amount: '2.00', toEmail: uniqueEmail('later') });
        expect(sent.status).toBe('awaitingPayee');
      } finally {
        await approvalMode(2);
      }
      const waiting = (await history({ pageSize: 1 })).transactions[0] as Row;
      expect(waiting).toMatchObject({ state: 'completed', direction: 'outgoing' });
      // Sent to escrow: held while its confirmation was checked, then posted.
      const waitingDetails = (await rpc('transferDetails', { transactionId: waiting.transactionId })).transaction;
      const steps = waitingDetails.timeline.map((step: { event: string }) => step.event);
      expect(steps[0]).toBe('created');
      expect(steps.at(-1)).toBe('posted');

      expect((await rpc('p2pPendingCancel', { idempotencyKey: randomUUID(), trxid: sent.operationId })).responseCode).toBe('00');
      const [giveBack, original] = (await history({ pageSize: 2 })).transactions as Row[];
      expect(giveBack).toMatchObject({ state: 'completed', direction: 'incoming' });
      expect(original).toMatchObject({ transactionId: waiting.transactionId, state: 'returned', direction: 'outgoing' });
      const details = (await rpc('transferDetails', { transactionId: waiting.transactionId })).transaction;
      expect(details.timeline.map((step: { event: string }) => step.event)).toEqual([...steps, 'returned']);
    });
  });
}
