import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { checkLedgerInvariant } from '../../server/ledger/invariant.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { currentBalance } from '../../server/ledger/system-balances.ts';

interface Account {
  accountId: number;
  balance: string;
  pendingAmount: string;
  currencyCode: string;
}

const cents = (value: string) => Math.round(Number(value) * 100);

for (const backend of BACKENDS) {
  describe(`transfers between own accounts on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let northwind: Tokens;

    const call = (method: string, params: object, tokens = anna) => client.rpc(method, params, { token: tokens.accessToken });
    const account = async (tokens: Tokens, currency: string): Promise<Account> =>
      (await call('balanceInquiry', {}, tokens)).body.accounts.find((a: Account) => a.currencyCode === currency);
    const snapshot = async () => {
      const db = test.server.db;
      return {
        accounts: await db
          .selectFrom('accounts as a')
          .select(['a.id', currentBalance.as('balance'), 'a.pending'])
          .orderBy('a.id')
          .execute(),
        transfers: await db.selectFrom('transfers').select(['id', 'status']).orderBy('id').execute(),
        payments: await db.selectFrom('recurring_payments').select(['id', 'status', 'next_run_at', 'done_count']).orderBy('id').execute(),
      };
    };

    beforeAll(async () => {
      test = await startTestServer(backend, { schedulerIntervalMs: 0 });
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      northwind = await client.signIn(DEMO_LOGINS.business);
    });
    afterAll(() => test?.close());

    it('answers exchange rates: 1 for the same or a missing currency, the margin taken otherwise, and the whole table', async () => {
      expect((await call('exchangeRate', { fromCurrencyCode: 'USD', toCurrencyCode: 'EUR' })).body).toMatchObject({ responseCode: '00', rate: '0.915400' });
      expect((await call('exchangeRate', { fromCurrencyCode: 'EUR', toCurrencyCode: 'EUR' })).body.rate).toBe('1');
      expect((await call('exchangeRate', { toCurrencyCode: 'EUR' })).body.rate).toBe('1');
      expect((await call('exchangeRate', { fromCurrencyCode: 'USD', toCurrencyCode: 'XYZ' })).body.responseCode).toBe('TA1');
      const table = (await call('defaultExchangeRates', {})).body.rates;
      expect(table).toContainEqual({ fromCurrencyCode: 'USD', toCurrencyCode: 'EUR', rate: '0.915400' });
      expect(table.every((r: { fromCurrencyCode: string; toCurrencyCode: string }) => r.fromCurrencyCode !== r.toCurrencyCode)).toBe(true);
    });

    it('prices a transfer by the amount sent or by the amount to receive, and sends exactly that', async () => {
      const usd = await account(anna, 'USD');
      const eur = await account(anna, 'EUR');
      const byAmount = await call('transferFee', { fromAccountId: usd.accountId, toAccountId: eur.accountId, amount: '100.00' });
      expect(byAmount.body).toMatchObject({
        responseCode: '00',
        amount: '100.00',
        fee: '0.00', // free between own accounts, by the fee rules
        total: '100.00',
        feeCurrencyCode: 'USD',
        toAmount: '91.54',
        toCurrencyCode: 'EUR',
        exchangeRate: '0.915400',
      });
      const byToAmount = await call('transferFee', { fromAccountId: usd.accountId, toAccountId: eur.accountId, toAmount: '91.55' });
      expect(byToAmount.body).toMatchObject({ responseCode: '00', amount: '100.02', fee: '0.00', total: '100.02', toAmount: '91.55' });
      expect((await call('transferFee', { fromAccountId: usd.accountId, toAccountId: eur.accountId })).body.responseCode).toBe('TA1');

      const sent = await call('accountTransfer', { idempotencyKey: randomUUID(), fromAccount: usd.accountId, toAccount: eur.accountId, toAmount: '91.55' });
      expect(sent.body).toMatchObject({ responseCode: '00', status: 'completed', amount: '100.02', toAmount: '91.55' });
      // The quoted total is what left the source account.
      expect(cents((await account(anna, 'USD')).balance)).toBe(cents(usd.balance) - cents(byToAmount.body.total));
      expect(cents((await account(anna, 'EUR')).balance)).toBe(cents(eur.balance) + 9155);
      expect((await checkLedgerInvariant(test.server.db)).holds).toBe(true);
    });

    it('answers the maximum as what the account can spend, within the limits, and it can be sent', async () => {
      const gbp = await account(anna, 'GBP');
      const eur = await account(anna, 'EUR');
      const max = await call('transferMaxAmount', { operation: 'betweenAccounts', fromAccountId: gbp.accountId, toAccountId: eur.accountId });
      expect(max.body).toMatchObject({ responseCode: '00', currencyCode: 'GBP', toCurrencyCode: 'EUR' });
      expect(cents(max.body.maxAmount)).toBe(cents(gbp.balance) - cents(gbp.pendingAmount));
      const over = await call('accountTransfer', {
        idempotencyKey: randomUUID(),
        fromAccount: gbp.accountId,
        toAccount: eur.accountId,
        amount: (cents(max.body.maxAmount) / 100 + 0.01).toFixed(2),
      });
      expect(over.body).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'amount' }] });
      const all = await call('accountTransfer', {
        idempotencyKey: randomUUID(),
        fromAccount: gbp.accountId,
        toAccount: eur.accountId,
        amount: max.body.maxAmount,
      });
      expect(all.body).toMatchObject({ responseCode: '00', status: 'completed', toAmount: max.body.toMaxAmount });
      const after = await call('transferMaxAmount', { operation: 'betweenAccounts', fromAccountId: gbp.accountId, toAccountId: eur.accountId });
      expect(after.body.maxAmount).toBe('0.00');
      // Put it back for the other tests.
      await call('accountTransfer', { idempotencyKey: randomUUID(), fromAccount: eur.accountId, toAccount: gbp.accountId, toAmount: max.body.maxAmount });
    });

    it('shows the limits and refuses a transfer over them on the amount field, changing nothing', async () => {
      const usd = await account(anna, 'USD');
      const eur = await account(anna, 'EUR');
      const limits = await call('customerLimits', { type: 'betweenAccounts', fromAccountId: usd.accountId });
      expect(limits.body).toMatchObject({
        responseCode: '00',
        type: 'betweenAccounts',
        currencyCode: 'USD',
        perTransactionMax: '50000.00',
        dailyMax: '100000.00',
      });
      expect(cents(limits.body.dailyUsed)).toBeGreaterThan(0);
      expect(cents(limits.body.dailyLeft)).toBe(10_000_000 - cents(limits.body.dailyUsed));
      expect((await call('customerLimits', { type: 'p2p', currencyCode: 'EUR' })).body).toMatchObject({ currencyCode: 'EUR', perTransactionMax: '10000.00' });

      const before = await snapshot();
      const tooMuch = await call('accountTransfer', { idempotencyKey: randomUUID(), fromAccount: usd.accountId, toAccount: eur.accountId, amount: '50000.01' });
      expect(tooMuch.body).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'amount', description: 'The most you can send at once is $50,000.00.' }],
      });
      expect(await snapshot()).toEqual(before);
    });

    it("refuses another customer's accounts and recurring payments with 13, changing nothing", async () => {
      const annaUsd = await account(anna, 'USD');
      const annaEur = await account(anna, 'EUR');
      const theirUsd = await account(northwind, 'USD');
      const theirEur = await account(northwind, 'EUR');
      const theirs = await call(
        'accountTransfer',
        { idempotencyKey: randomUUID(), fromAccount: theirUsd.accountId, toAccount: theirEur.accountId, amount: '1.00', subscriptionFrequency: 'weekly' },
        northwind,
      );
      expect(theirs.body.responseCode).toBe('00');
      const [theirPayment] = (await call('preapprovedPaymentList', {}, northwind)).body.payments;
      const before = await snapshot();
      const calls: Array<[string, object]> = [
        ['transferFee', { fromAccountId: theirUsd.accountId, toAccountId: annaEur.accountId, amount: '1.00' }],
        ['transferFee', { fromAccountId: annaUsd.accountId, toAccountId: theirEur.accountId, amount: '1.00' }],
        ['transferMaxAmount', { operation: 'betweenAccounts', fromAccountId: theirUsd.accountId, toAccountId: annaEur.accountId }],
        ['transferMaxAmount', { operation: 'betweenAccounts', fromAccountId: annaUsd.accountId, toAccountId: theirEur.accountId }],
        ['customerLimits', { type: 'betweenAccounts', fromAccountId: theirUsd.accountId }],
        [
          'accountTransfer',
          { idempotencyKey: randomUUID(), fromAccount: annaUsd.accountId, toAccount: theirEur.accountId, amount: '1.00', subscriptionFrequency: 'monthly' },
        ],
        [
          'accountTransfer',
          { idempotencyKey: randomUUID(), fromAccount: theirUsd.accountId, toAccount: annaEur.accountId, amount: '1.00', subscriptionFrequency: 'monthly' },
        ],
        ['preapprovedPaymentCancel', { id: theirPayment.id }],
        ['preapprovedPaymentCancel', { id: 999_999 }],
      ];
      for (const [method, params] of calls) {
        const answer = await call(method, params);
        expect(answer.body.responseCode, method).toBe('13');
      }
      expect(await snapshot()).toEqual(before);
      const mine = (await call('preapprovedPaymentList', {})).body.payments;
      expect(mine.some((p: { id: number }) => p.id === theirPayment.id)).toBe(false);
    });

    it('sets up a recurring transfer: the first payment now, the rest scheduled; filters; cancel', async () => {
      const usd = await account(anna, 'USD');
      const eur = await account(anna, 'EUR');
      const badEnd = await call('accountTransfer', {
        idempotencyKey: randomUUID(),
        fromAccount: usd.accountId,
        toAccount: eur.accountId,
        amount: '5.00',
        subscriptionFrequency: 'monthly',
        subscriptionEndDate: '2020-01-01',
      });
      expect(badEnd.body).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'subscriptionEndDate' }] });

      const sent = await call('accountTransfer', {
        idempotencyKey: randomUUID(),
        fromAccount: usd.accountId,
        toAccount: eur.accountId,
        amount: '5.00',
        subscriptionFrequency: 'weekly',
        subscriptionTransactions: 4,
      });
      expect(sent.body).toMatchObject({ responseCode: '00', status: 'completed', amount: '5.00' });
      const list = (await call('preapprovedPaymentList', { type: 'account', fromAmount: '5', toAmount: '5.00' })).body;
      const payment = list.payments.find((p: { doneTransactions: number; maxTransactions?: number }) => p.maxTransactions === 4);
      expect(payment).toMatchObject({
        type: 'account',
        status: 'active',
        amount: '5.00',
        currencyCode: 'USD',
        frequency: 'weekly',
        doneTransactions: 1,
        fromAccountId: usd.accountId,
        toAccountId: eur.accountId,
      });
      const days = (Date.parse(payment.nextRunAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThan(7.1);
      // The demo's monthly 50.00 USD -> EUR is there too, and filters leave it out by amount.
      expect(
        (await call('preapprovedPaymentList', {})).body.payments.some(
          (p: { amount: string; frequency: string }) => p.amount === '50.00' && p.frequency === 'monthly',
        ),
      ).toBe(true);
      expect((await call('preapprovedPaymentList', { fromAmount: '10' })).body.payments.some((p: { id: number }) => p.id === payment.id)).toBe(false);
      expect((await call('preapprovedPaymentList', { type: 'p2p' })).body.payments).toEqual([]);

      expect((await call('preapprovedPaymentCancel', { id: payment.id })).body).toMatchObject({ responseCode: '00', status: 'canceled' });
      const again = await call('preapprovedPaymentCancel', { id: payment.id });
      expect(again.body.responseCode).toBe('TA1');
      const canceled = (await call('preapprovedPaymentList', {})).body.payments.find((p: { id: number }) => p.id === payment.id);
      expect(canceled.status).toBe('canceled');
      expect(canceled.nextRunAt).toBeUndefined();
    });
  });
}
