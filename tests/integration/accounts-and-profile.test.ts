import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { toMinorUnits } from '../../server/ledger/money.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

interface Account {
  accountId: number;
  customerId: number;
  type: number;
  balance: string;
  currencyCode: string;
}
interface Entry {
  transactionId: number;
  accountId: number;
  transactionDate: string;
  operationType: string;
  description?: string;
  counterparty?: string;
  amount: string;
}

const minor = (amount: string) => toMinorUnits(amount, 2);

for (const backend of BACKENDS) {
  describe(`accounts, history and profile on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let accounts: Account[];

    const history = async (params: object = {}): Promise<{ transactions: Entry[]; results: number }> => {
      const answer = await client.rpc('transactionHistory', params, { token: anna.accessToken });
      expect(answer.body.responseCode).toBe('00');
      return answer.body;
    };
    const everything = async (params: object = {}) => {
      const entries: Entry[] = [];
      for (let pageNumber = 1; ; pageNumber++) {
        const page = await history({ ...params, pageNumber, pageSize: 100 });
        entries.push(...page.transactions);
        if (entries.length >= page.results) return entries;
      }
    };

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      // Card accounts (issue 5) have their own suite: tests/integration/cards-lifecycle.test.ts.
      accounts = (await client.rpc('balanceInquiry', {}, { token: anna.accessToken })).body.accounts.filter(
        (a: Account & { type: number }) => a.type < 2006 || a.type > 2135,
      );
    });
    afterAll(() => test?.close());

    it("lists Anna's open accounts with positive decimal balances that equal their history", async () => {
      expect(accounts.map((a) => [a.currencyCode, a.type])).toEqual([
        ['USD', 1001],
        ['EUR', 1001],
        ['GBP', 4001],
      ]);
      for (const account of accounts) {
        expect(account).toMatchObject({ accountStatusId: 1, pendingAmount: '0.00', accountBalanceMin: '0.00' });
        expect(account.balance).toMatch(/^[1-9][0-9]*\.[0-9]{2}$/);
        const entries = await everything({ accountId: account.accountId, status: 'completed' });
        expect(entries.every((entry) => entry.accountId === account.accountId)).toBe(true);
        expect(entries.reduce((sum, entry) => sum + minor(entry.amount), 0n)).toBe(minor(account.balance));
      }
    });

    it('shows a closed account that has history as closed, and leaves out one without history', async () => {
      const gbp = accounts.find((a) => a.currencyCode === 'GBP')!;
      await test.server.db.updateTable('accounts').set({ status: 11 }).where('id', '=', gbp.accountId).execute();
      const { id: empty } = await test.server.db
        .insertInto('accounts')
        .values({ customer_id: gbp.customerId, currency_code: 'RON', type: 1001, status: 11 })
        .returning('id')
        .executeTakeFirstOrThrow();
      try {
        const answer = await client.rpc('balanceInquiry', {}, { token: anna.accessToken });
        expect(
          answer.body.accounts
            .filter((a: Account & { type: number }) => a.type < 2006 || a.type > 2135)
            .map((a: Account & { accountStatusId: number }) => [a.currencyCode, a.accountStatusId]),
        ).toEqual([
          ['USD', 1],
          ['EUR', 1],
          ['GBP', 11],
        ]);
        expect(answer.body.accounts.some((a: Account) => a.accountId === empty)).toBe(false);
      } finally {
        await test.server.db.deleteFrom('accounts').where('id', '=', empty).execute();
        await test.server.db.updateTable('accounts').set({ status: 1 }).where('id', '=', gbp.accountId).execute();
      }
    });

    it('shows about four months of history, newest first by default, 20 to a page', async () => {
      const page = await history();
      expect(page.transactions).toHaveLength(20);
      expect(page.results).toBeGreaterThan(50);
      const dates = page.transactions.map((t) => Date.parse(t.transactionDate));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      const oldest = (await history({ sortDirection: 'asc', pageSize: 1 })).transactions[0]!;
      const days = (Date.now() - Date.parse(oldest.transactionDate)) / 86_400_000;
      expect(days).toBeGreaterThan(100);
      expect(days).toBeLessThanOrEqual(121);
      expect(Math.max(...dates)).toBeLessThan(Date.now());
    });

    it('excludes Fees with excludeOperationTypes, and filters by operationType', async () => {
      const all = await history();
      const fees = await history({ operationType: 'Fees' });
      expect(fees.results).toBe(4);
      expect(fees.transactions.every((t) => t.operationType === 'Fees' && t.description === 'Monthly account fee')).toBe(true);
      const withoutFees = await everything({ excludeOperationTypes: ['Fees'] });
      expect(withoutFees).toHaveLength(all.results - fees.results);
      expect(withoutFees.some((t) => t.operationType === 'Fees')).toBe(false);
      const neither = await history({ excludeOperationTypes: ['Fees', 'Card'] });
      expect(neither.transactions.some((t) => t.operationType === 'Fees' || t.operationType === 'Card')).toBe(false);
    });

    it('pages without gaps or repeats', async () => {
      const all = await everything();
      const paged: Entry[] = [];
      for (let pageNumber = 1; paged.length < all.length; pageNumber++) {
        const page = await history({ pageNumber, pageSize: 7 });
        expect(page.results).toBe(all.length);
        paged.push(...page.transactions);
      }
      expect(paged.map((t) => `${t.transactionId}/${t.accountId}`)).toEqual(all.map((t) => `${t.transactionId}/${t.accountId}`));
      expect((await history({ pageNumber: 1000 })).transactions).toEqual([]);
    });

    it('sorts by amount and by operation type in either direction', async () => {
      const byAmount = (await everything({ sortBy: 'amount', sortDirection: 'asc' })).map((t) => minor(t.amount));
      expect(byAmount).toEqual([...byAmount].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const largestFirst = (await history({ sortBy: 'amount', sortDirection: 'desc', pageSize: 1 })).transactions[0]!;
      expect(minor(largestFirst.amount)).toBe(byAmount[byAmount.length - 1]);
      const types = (await everything({ sortBy: 'operationType', sortDirection: 'desc' })).map((t) => t.operationType);
      expect(types).toEqual([...types].sort().reverse());
      expect(new Set(types)).toEqual(new Set(['Card', 'Deposit', 'Exchange', 'Fees', 'Transfer']));
    });

    it('finds a keyword in the description or the counterparty, case-insensitively', async () => {
      const northwind = await everything({ keyword: 'northwind' });
      expect(northwind.length).toBeGreaterThan(0);
      expect(northwind.every((t) => t.operationType === 'Transfer' && t.counterparty === 'Northwind Studio Ltd')).toBe(true);
      const invoices = await everything({ keyword: 'INVOICE NS-' });
      expect(invoices).toHaveLength(4);
      expect((await history({ keyword: '%' })).results).toBe(0);
    });

    it('filters by date, both ends inclusive', async () => {
      const all = await everything();
      const middle = all[Math.floor(all.length / 2)]!.transactionDate.slice(0, 10);
      const sameDay = await everything({ fromDate: middle, toDate: middle });
      expect(sameDay.length).toBeGreaterThan(0);
      expect(sameDay.every((t) => t.transactionDate.startsWith(middle))).toBe(true);
      const since = await everything({ fromDate: middle });
      expect(since.every((t) => t.transactionDate.slice(0, 10) >= middle)).toBe(true);
      expect(since.length).toBe(all.filter((t) => t.transactionDate.slice(0, 10) >= middle).length);
    });

    it('round-trips the core profile fields and keeps fields not sent', async () => {
      const before = (await client.rpc('profileInquiry', {}, { token: anna.accessToken })).body.profile;
      const changes = { firstName: 'Anja', lastName: 'Novak-Horvat', birthDay: '1990-01-31', residenceCountryCode: 'SI' };
      const updated = await client.rpc('profileUpdate', { profile: changes }, { token: anna.accessToken });
      expect(updated.body).toEqual({ responseCode: '00', responseDescription: 'Success', profile: { ...before, ...changes } });

      const after = (await client.rpc('profileInquiry', {}, { token: anna.accessToken })).body;
      expect(after.profile).toEqual({ ...before, ...changes });
      expect(after.customer).toMatchObject({ firstName: 'Anja', lastName: 'Novak-Horvat' });

      const partial = await client.rpc('profileUpdate', { profile: { lastName: 'Novak' } }, { token: anna.accessToken });
      expect(partial.body.profile).toEqual({ ...before, ...changes, lastName: 'Novak' });
    });

    it('keeps a profile field that is not a core column in attributes', async () => {
      const updated = await client.rpc('profileUpdate', { profile: { occupation: 'Art director' } }, { token: anna.accessToken });
      expect(updated.body.profile.occupation).toBe('Art director');
      const row = await test.server.db
        .selectFrom('customers')
        .select(['first_name', 'attributes'])
        .where('id', '=', accounts[0]!.customerId)
        .executeTakeFirstOrThrow();
      // The demo customer's attributes also hold its mass-sending flags (server/batches/permissions.ts).
      expect(row.attributes).toMatchObject({ occupation: 'Art director' });
      expect(row.first_name).toBe('Anja');
    });
  });
}
