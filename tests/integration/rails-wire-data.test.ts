/**
 * The wire's data (issue 15 item 2), against the real server on PGlite and PostgreSQL: the SWIFT and
 * IBAN dictionaries answer the bank directory's details and refuse a wrong code on its field; a wire
 * goes by its bank country's scheme, an ABA routing number with a wrong check digit and a UK account
 * number of the wrong length refused on their own fields with nothing held; a country's maximum amount
 * answered by countryMaxAmount and enforced on the amount; each fee variant priced by wireFee and charged
 * by wireTransfer.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from './harness.ts';
import { railTestServer, type RailAnswer, type RailCustomer } from './rails-support.ts';
import { HEALTHY, ledgerHealth } from './ledger-support.ts';

/** A beneficiary with a published valid IBAN and BIC (Commerzbank's example account). */
const ADA = { beneficiaryName: 'Ada Lovelace', countryCode: 'DE', iban: 'DE89 3704 0044 0532 0130 00', swift: 'COBADEFFXXX' };
/** A US beneficiary at JPMorgan Chase (its published routing number). */
const GRACE = { beneficiaryName: 'Grace Hopper', countryCode: 'US', routingNumber: '021000021', accountNumber: '000123456789' };
/** A GB beneficiary at Barclays. */
const ALAN = { beneficiaryName: 'Alan Turing', countryCode: 'GB', sortCode: '20-00-00', accountNumber: '31926819' };

type Customer = RailCustomer;
type Answer = RailAnswer;

for (const backend of BACKENDS) {
  describe(`wire data on ${backend.name}`, () => {
    const railServer = railTestServer(backend);
    const { db, rpc } = railServer;
    const wire = (from: Customer, amount: string, beneficiary: object, extra: object = {}) =>
      rpc('wireTransfer', { idempotencyKey: randomUUID(), accountId: from.account, amount, ...beneficiary, ...extra }, from.tokens);
    const state = railServer.balance;
    const fields = (answer: Answer) => answer.validationErrors?.map((error) => error.field);

    /** A fresh customer with `funds` minor units in an account of `currency`, signed in. */
    const newCustomer = (name: string, currency: string, funds: bigint) => railServer.newCustomer(name, funds, { currency });

    it("answers a SWIFT code's and an IBAN's bank, and refuses a wrong code on its field", async () => {
      const ada = await newCustomer('dictionaries', 'EUR', 0n);
      expect(await rpc('swiftDictionary', { swift: 'cobadeff' }, ada.tokens)).toMatchObject({
        responseCode: '00',
        found: true,
        bank: {
          swift: 'COBADEFFXXX',
          bankName: 'Commerzbank AG',
          address: 'Unter Sachsenhausen 21-27',
          city: 'Köln',
          zipCode: '50667',
          countryIsoCode: 'DE',
          code: '37040044',
        },
      });
      expect(await rpc('swiftDictionary', { swift: 'AAAADEFFXXX' }, ada.tokens)).toMatchObject({ responseCode: '00', found: false });
      const badSwift = await rpc('swiftDictionary', { swift: 'DEUTXXFF' }, ada.tokens);
      expect([badSwift.responseCode, fields(badSwift)]).toEqual(['TA1', ['swift']]);

      expect(await rpc('ibanDictionary', { iban: ADA.iban }, ada.tokens)).toMatchObject({
        responseCode: '00',
        found: true,
        countryCode: 'DE',
        bank: { swift: 'COBADEFFXXX', branch: 'Köln', bankName: 'Commerzbank AG' },
      });
      expect(await rpc('ibanDictionary', { iban: 'GB82 WEST 1234 5698 7654 32' }, ada.tokens)).toMatchObject({
        responseCode: '00',
        found: false,
        countryCode: 'GB',
      });
      const badIban = await rpc('ibanDictionary', { iban: 'DE89370400440532013001' }, ada.tokens);
      expect([badIban.responseCode, fields(badIban)]).toEqual(['TA1', ['iban']]);
      expect(badIban.validationErrors![0]!.description).toContain('This IBAN is not right');
    });

    it('sends a US wire by ACH, and refuses a routing number whose check digit is wrong on its field, holding nothing', async () => {
      const grace = await newCustomer('ach', 'USD', 1_000_00n);
      const wrong = await wire(grace, '100.00', { ...GRACE, routingNumber: '021000022' });
      expect([wrong.responseCode, fields(wrong)]).toEqual(['TA1', ['routingNumber']]);
      expect(wrong.validationErrors![0]!.description).toContain('routing number is not right');
      expect(await state(grace)).toMatchObject({ balance: 1_000_00n, pending: 0n });

      const sent = await wire(grace, '100.00', { ...GRACE, routingNumber: '0210 00021' });
      expect([sent.responseCode, fields(sent)]).toEqual(['TA1', ['routingNumber']]); // the schema's nine digits

      const right = await wire(grace, '100.00', GRACE);
      expect(right).toMatchObject({ responseCode: '00', status: 'processing', fee: '15.00' });
      const payout = await db()
        .selectFrom('rail_payouts')
        .select('beneficiary')
        .where('transfer_id', '=', BigInt(right.operationId as number))
        .executeTakeFirstOrThrow();
      expect(payout.beneficiary).toMatchObject({
        name: 'Grace Hopper',
        countryCode: 'US',
        scheme: 'ach',
        routingNumber: '021000021',
        accountNumber: '000123456789',
        bankName: 'JPMorgan Chase Bank, N.A.',
      });
      expect(await state(grace)).toMatchObject({ balance: 1_000_00n, pending: 115_00n });
    });

    it('sends a GB wire by Faster Payments, and refuses an account number that is not eight digits on its field', async () => {
      const alan = await newCustomer('fps', 'GBP', 1_000_00n);
      const short = await wire(alan, '50.00', { ...ALAN, accountNumber: '3192681' });
      expect([short.responseCode, fields(short)]).toEqual(['TA1', ['accountNumber']]);
      const noSortCode = await wire(alan, '50.00', { beneficiaryName: 'Alan Turing', countryCode: 'GB', accountNumber: '31926819' });
      expect([noSortCode.responseCode, fields(noSortCode)]).toEqual(['TA1', ['sortCode']]);
      expect(await state(alan)).toMatchObject({ balance: 1_000_00n, pending: 0n });
      expect(await wire(alan, '50.00', ALAN)).toMatchObject({ responseCode: '00', status: 'processing' });
    });

    it("refuses an IBAN of another country than the bank's, and a country the bank sends no wires to", async () => {
      const ada = await newCustomer('countries', 'EUR', 1_000_00n);
      const other = await wire(ada, '10.00', { ...ADA, countryCode: 'FR' });
      expect([other.responseCode, fields(other)]).toEqual(['TA1', ['iban']]);
      const nowhere = await wire(ada, '10.00', { ...ADA, countryCode: 'AQ' });
      expect([nowhere.responseCode, fields(nowhere)]).toEqual(['TA1', ['countryCode']]);
      expect(await state(ada)).toMatchObject({ balance: 1_000_00n, pending: 0n });
    });

    it("answers a country's maximum amount, and refuses a payout above it on the amount, in words", async () => {
      const ada = await newCustomer('country-max', 'EUR', 20_000_00n);
      const max = (countryCode: string, extra: object = {}) =>
        rpc('countryMaxAmount', { countryCode, fromAccountId: ada.account, operation: 'wire', ...extra }, ada.tokens);
      expect(await max('DE', { currencyCode: 'EUR' })).toMatchObject({ responseCode: '00', maxAmount: '15000.00', currencyCode: 'EUR', countryLimit: true });
      expect(await max('RO')).toMatchObject({ maxAmount: '5000.00', countryLimit: true });
      // No maximum of its own: the wire's per-transaction limit (transfer-pricing.json).
      expect(await max('AT')).toMatchObject({ maxAmount: '50000.00', countryLimit: false });
      const otherCurrency = await max('DE', { currencyCode: 'USD' });
      expect([otherCurrency.responseCode, fields(otherCurrency)]).toEqual(['TA1', ['currencyCode']]);
      const stranger = await newCustomer('stranger', 'EUR', 0n);
      expect((await rpc('countryMaxAmount', { countryCode: 'DE', fromAccountId: ada.account, operation: 'wire' }, stranger.tokens)).responseCode).toBe('13');

      const over = await wire(ada, '15000.01', ADA);
      expect([over.responseCode, fields(over)]).toEqual(['TA1', ['amount']]);
      expect(over.validationErrors![0]!.description).toBe('You can send at most €15,000.00 in one payment to a bank in this country.');
      // Without a country, the IBAN's country bounds it all the same.
      const overByIban = await wire(ada, '15000.01', { ...ADA, countryCode: undefined });
      expect([overByIban.responseCode, fields(overByIban)]).toEqual(['TA1', ['amount']]);
      expect(await state(ada)).toMatchObject({ balance: 20_000_00n, pending: 0n });
      expect(await wire(ada, '15000.00', ADA)).toMatchObject({ responseCode: '00', status: 'processing' });
    });

    it('prices each fee variant, and charges the one chosen', async () => {
      const ada = await newCustomer('variants', 'EUR', 5_000_00n);
      const quote = await rpc('wireFee', { accountId: ada.account, amount: '1000.00', feeVariant: 'our' }, ada.tokens);
      expect(quote).toEqual({
        responseCode: '00',
        responseDescription: expect.any(String),
        fee: '30.00',
        total: '1030.00',
        currencyCode: 'EUR',
        // Paid in the account's own currency: the beneficiary gets the amount, at a rate of 1.
        toAmount: '1000.00',
        toCurrencyCode: 'EUR',
        exchangeRate: '1',
        variants: [
          { variant: 'standard', fee: '15.00', total: '1015.00', currencyCode: 'EUR' },
          { variant: 'our', fee: '30.00', total: '1030.00', currencyCode: 'EUR' },
          // express: 0.20% of 1000.00 is 2.00, below its minimum of 40.00
          { variant: 'express', fee: '40.00', total: '1040.00', currencyCode: 'EUR' },
        ],
      });
      expect(await rpc('wireFee', { accountId: ada.account, amount: '1000.00' }, ada.tokens)).toMatchObject({ fee: '15.00' });
      const badVariant = await rpc('wireFee', { accountId: ada.account, amount: '1000.00', feeVariant: 'cheap' }, ada.tokens);
      expect([badVariant.responseCode, fields(badVariant)]).toEqual(['TA1', ['feeVariant']]);

      expect(await wire(ada, '1000.00', ADA, { feeVariant: 'express' })).toMatchObject({ responseCode: '00', fee: '40.00' });
      expect(await state(ada)).toMatchObject({ balance: 5_000_00n, pending: 1_040_00n });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });
  });
}
