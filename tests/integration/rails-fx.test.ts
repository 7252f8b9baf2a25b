/**
 * Payouts in another currency than their account's (issue 15 item 2, 'the exchange rate and amount to
 * receive'), against the real server on PGlite and PostgreSQL: a EUR account paying a USD wire holds the
 * EUR amount and fee, the rail is told the USD amount and the payout carries both with the rate; the fee
 * call answers the same rate and amount to receive before sending; a return gives back the EUR held
 * (before settlement amount and fee, after it the amount, the fee kept); a currency the rail does not
 * offer to the beneficiary's country is refused on toCurrency and writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { accountStates, createPersonalCustomer, fund, HEALTHY, ledgerHealth, openAccount, TEST_PASSWORD } from './ledger-support.ts';

/** A beneficiary with a published valid IBAN and BIC (Commerzbank's example account). */
const ADA = { beneficiaryName: 'Ada Lovelace', iban: 'DE89 3704 0044 0532 0130 00', swift: 'COBADEFFXXX' };
/** A US bank by ACH (JPMorgan Chase's published routing number). */
const US_BANK = { beneficiaryName: 'Grace Hopper', countryCode: 'US', routingNumber: '021000021', accountNumber: '123456789' };
/**
 * EUR to USD at transfer-pricing.json's rates (0.92 EUR per USD) less its 0.5% margin: 1 / 0.92 × 0.995,
 * cut to six decimals; 100.00 EUR is sent as 108.15 USD (rounded down, as account transfers round).
 */
const EUR_USD = '1.081521';
/** The wire fee on small amounts: the minimum of transfer-pricing.json, in the account's currency. */
const MIN_FEE = 15_00n;

interface Customer {
  eur: number;
  tokens: Tokens;
}
interface Answer {
  responseCode: string;
  status?: string;
  operationId?: number;
  [field: string]: unknown;
  validationErrors?: Array<{ field: string; description: string }>;
}

for (const backend of BACKENDS) {
  describe(`payouts in another currency on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
    });
    afterAll(() => test?.close());

    const db = () => test.server.db;
    const rpc = async (method: string, params: object, tokens: Tokens): Promise<Answer> =>
      (await client.rpc(method, params, { token: tokens.accessToken })).body;
    const wire = (from: Customer, amount: string, extra: object, beneficiary: object = ADA) =>
      rpc('wireTransfer', { idempotencyKey: randomUUID(), accountId: from.eur, amount, ...beneficiary, ...extra }, from.tokens);
    const network = async (operationId: number, action: string, reasonCode?: string) =>
      client.post<{ state?: string }>(`/sandbox/rails/wire/payouts/WIRE-${operationId}`, { action, ...(reasonCode ? { reasonCode } : {}) });
    const eur = async (from: Customer) => (await accountStates(db(), [from.eur])).get(from.eur)!;
    /** What the sandbox network was told to pay. */
    const sentToRail = (operationId: number) =>
      db().selectFrom('rail_sandbox_payouts').select(['amount', 'currency_code']).where('end_to_end_id', '=', `WIRE-${operationId}`).executeTakeFirst();

    const newCustomer = async (name: string, funds: bigint): Promise<Customer> => {
      const { customerId, email } = await createPersonalCustomer(db(), name);
      const account = await openAccount(db(), customerId, 'EUR');
      if (funds > 0n) await fund(db(), account, funds);
      return { eur: account, tokens: await client.signIn(email, TEST_PASSWORD) };
    };

    it('tells the rate and the amount to receive before sending, and which currencies a country may be paid in', async () => {
      const al = await newCustomer('fx-quote', 1_000_00n);
      const fee = await rpc('wireFee', { accountId: al.eur, amount: '100.00', toCurrency: 'USD' }, al.tokens);
      expect(fee).toMatchObject({
        responseCode: '00',
        fee: '15.00',
        total: '115.00',
        currencyCode: 'EUR',
        toAmount: '108.15',
        toCurrencyCode: 'USD',
        exchangeRate: EUR_USD,
      });
      const same = await rpc('eftFee', { accountId: al.eur, amount: '100.00' }, al.tokens);
      expect(same).toMatchObject({ responseCode: '00', currencyCode: 'EUR', toAmount: '100.00', toCurrencyCode: 'EUR', exchangeRate: '1' });

      const anywhere = await rpc('payoutCurrencies', { accountId: al.eur, rail: 'wire', countryCode: 'DE' }, al.tokens);
      expect(anywhere.currencies).toEqual(
        expect.arrayContaining([
          { code: 'EUR', own: true },
          { code: 'USD', own: false },
          { code: 'GBP', own: false },
        ]),
      );
      expect((anywhere.currencies as Array<{ code: string }>)[0]!.code).toBe('EUR');
      const toUs = await rpc('payoutCurrencies', { accountId: al.eur, rail: 'wire', countryCode: 'US' }, al.tokens);
      expect(toUs.currencies).toEqual([
        { code: 'EUR', own: true },
        { code: 'USD', own: false },
      ]);
      const crypto = await rpc('payoutCurrencies', { accountId: al.eur, rail: 'crypto_eft' }, al.tokens);
      expect(crypto.currencies).toEqual([{ code: 'EUR', own: true }]);
    });

    it('holds the EUR amount and fee, sends the rail USD, and the payout carries both with the rate', async () => {
      const bo = await newCustomer('fx-settled', 1_000_00n);
      const sent = await wire(bo, '100.00', { toCurrency: 'USD' });
      expect(sent).toMatchObject({
        responseCode: '00',
        status: 'processing',
        amount: '100.00',
        fee: '15.00',
        currencyCode: 'EUR',
        toAmount: '108.15',
        toCurrencyCode: 'USD',
        exchangeRate: EUR_USD,
      });
      expect(await eur(bo)).toMatchObject({ balance: 1_000_00n, pending: 115_00n });
      expect(await sentToRail(sent.operationId!)).toEqual({ amount: '108.15', currency_code: 'USD' });

      expect((await network(sent.operationId!, 'settle')).body).toEqual({ state: 'settled' });
      expect(await eur(bo)).toMatchObject({ balance: 1_000_00n - 115_00n, pending: 0n });
      const status = await rpc('payoutStatus', { operationId: sent.operationId }, bo.tokens);
      expect(status).toMatchObject({
        state: 'settled',
        amount: '100.00',
        fee: '15.00',
        currencyCode: 'EUR',
        toAmount: '108.15',
        toCurrencyCode: 'USD',
        exchangeRate: EUR_USD,
      });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('gives back the EUR held when the USD wire is returned: amount and fee before settlement, the amount after', async () => {
      const cy = await newCustomer('fx-returned', 1_000_00n);
      const early = await wire(cy, '100.00', { toCurrency: 'USD' });
      expect((await network(early.operationId!, 'return', 'AC04')).body).toEqual({ state: 'returned' });
      expect(await eur(cy)).toMatchObject({ balance: 1_000_00n, pending: 0n });

      const late = await wire(cy, '200.00', { toCurrency: 'USD' });
      await network(late.operationId!, 'settle');
      expect(await eur(cy)).toMatchObject({ balance: 1_000_00n - 200_00n - MIN_FEE, pending: 0n });
      expect((await network(late.operationId!, 'return', 'MD07')).body).toEqual({ state: 'returned' });
      // The EUR that left comes back whole, at the rate it left at; the fee is kept.
      expect(await eur(cy)).toMatchObject({ balance: 1_000_00n - MIN_FEE, pending: 0n });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('refuses on toCurrency a currency the rail does not offer to the bank’s country, writing nothing', async () => {
      const di = await newCustomer('fx-refused', 1_000_00n);
      const toUsInPounds = await wire(di, '50.00', { toCurrency: 'GBP' }, US_BANK);
      expect(toUsInPounds).toMatchObject({ responseCode: 'TA1' });
      expect(toUsInPounds.validationErrors).toEqual([expect.objectContaining({ field: 'toCurrency' })]);
      expect(toUsInPounds.validationErrors![0]!.description).toMatch(/GBP/);
      const feeRefused = await rpc('wireFee', { accountId: di.eur, amount: '50.00', toCurrency: 'GBP', countryCode: 'US' }, di.tokens);
      expect(feeRefused.validationErrors).toEqual([expect.objectContaining({ field: 'toCurrency' })]);
      const cryptoRefused = await rpc('cryptoEftFee', { accountId: di.eur, amount: '50.00', network: 'ethereum', toCurrency: 'USD' }, di.tokens);
      expect(cryptoRefused.validationErrors).toEqual([expect.objectContaining({ field: 'toCurrency' })]);
      expect(await eur(di)).toMatchObject({ balance: 1_000_00n, pending: 0n });
      // The same US bank is paid in dollars.
      expect(await wire(di, '50.00', { toCurrency: 'USD' }, US_BANK)).toMatchObject({ responseCode: '00', toCurrencyCode: 'USD' });
    });
  });
}
