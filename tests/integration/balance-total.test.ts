/**
 * balanceTotal, against the real server: what Home shows as the customer's total. Nothing for a customer
 * without accounts; one currency added up as it is; several converted into the first payment account's
 * currency at the day's mid rates (schemas/data/transfer-pricing.json); a crypto account, which has no
 * rate, turns it into one total per currency; a closed account counts for nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { createPersonalCustomer, fund, openAccount, TEST_PASSWORD } from './ledger-support.ts';

for (const backend of BACKENDS) {
  describe(`balanceTotal on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
    });
    afterAll(() => test?.close());

    it('adds up what a customer holds, converting into the main currency where every currency has a rate', async () => {
      const { customerId, email } = await createPersonalCustomer(test.server.db, 'total');
      const tokens = await client.signIn(email, TEST_PASSWORD);
      const total = async () => (await client.rpc('balanceTotal', {}, { token: tokens.accessToken })).body;

      expect(await total()).toMatchObject({ responseCode: '00', accountCount: 0, totals: [] });

      const eur = await openAccount(test.server.db, customerId, 'EUR');
      await fund(test.server.db, eur, 9200n);
      expect(await total()).toMatchObject({ accountCount: 1, totals: [{ currencyCode: 'EUR', currencySymbol: '€', amount: '92.00', converted: false }] });

      // 79.00 GBP is 92.00 EUR at 0.79 GBP and 0.92 EUR per USD.
      const gbp = await openAccount(test.server.db, customerId, 'GBP');
      await fund(test.server.db, gbp, 7900n);
      expect(await total()).toMatchObject({ accountCount: 2, totals: [{ currencyCode: 'EUR', amount: '184.00', converted: true }] });

      const closed = await openAccount(test.server.db, customerId, 'USD');
      await test.server.db.updateTable('accounts').set({ status: 11 }).where('id', '=', closed).execute();
      expect((await total()).accountCount).toBe(2);

      const btc = await openAccount(test.server.db, customerId, 'BTC');
      await fund(test.server.db, btc, 150_000_000n);
      expect((await total()).totals).toEqual([
        { currencyCode: 'EUR', currencySymbol: '€', amount: '92.00', converted: false },
        { currencyCode: 'GBP', currencySymbol: '£', amount: '79.00', converted: false },
        { currencyCode: 'BTC', currencySymbol: '₿', amount: '1.50000000', converted: false },
      ]);
    });
  });
}
