/**
 * Card purchases (issue 5 item 6), against the real server on PGlite and PostgreSQL: the sandbox
 * processor's authorisation request approved into the ledger or declined (card status, funds),
 * idempotent by the processor's id, a debit card charging its settlement account with currency
 * conversion, the card and current-account authorisation lists paged by 10, the purchases in the
 * history, the demo's purchases, the sandbox shipping events, and the ledger invariant throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { sandboxCardProcessor } from '../../server/cards/processor.ts';
import { checkLedgerInvariant } from '../../server/ledger/invariant.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

let serial = 0;
const authId = () => `test-auth-${Date.now()}-${++serial}`;

for (const backend of BACKENDS) {
  describe(`card authorisations on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let annaCustomerId: number;
    let prepaid: { cardId: number; accountId: number };

    const db = () => test.server.db;
    const call = async (method: string, params: Record<string, unknown>, tokens = anna) =>
      (await client.rpc(method, params, { token: tokens.accessToken })).body;
    const authorize = async (cardId: number, body: Record<string, unknown>) =>
      client.post(`/sandbox/cards/${cardId}/authorize`, { merchantName: 'Test Shop', merchantCountry: 'GB', mcc: '5999', ...body });
    const balance = async (accountId: number) =>
      (await db().selectFrom('accounts').select('balance').where('id', '=', accountId).executeTakeFirstOrThrow()).balance;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      const user = await db().selectFrom('users').select('customer_id').where('email', '=', DEMO_LOGINS.personal).executeTakeFirstOrThrow();
      annaCustomerId = user.customer_id!;
      const card = await db()
        .selectFrom('cards')
        .select(['id', 'account_id'])
        .where('customer_id', '=', annaCustomerId)
        .where('status_id', '=', 2)
        .where('is_virtual', '=', true)
        .executeTakeFirstOrThrow();
      prepaid = { cardId: card.id, accountId: card.account_id };
    });
    afterAll(() => test?.close());

    it('shows the demo purchases: three approved, one declined for want of funds', async () => {
      const list = await call('cardAuthorizationList', { accountId: prepaid.accountId });
      expect(list).toMatchObject({ responseCode: '00', total: 4, pageNumber: 1, pageSize: 10 });
      expect(list.authorizations.map((row: { status: string }) => row.status)).toEqual(['declined', 'approved', 'approved', 'approved']);
      expect(list.authorizations[0]).toMatchObject({ declineReason: 'insufficientFunds', merchantName: 'Gadget Store' });
      expect(list.authorizations[2]).toMatchObject({ merchantCurrencyCode: 'USD', currencyCode: 'EUR', merchantAmount: '5.99' });
      for (const row of list.authorizations) expect(row.maskedCardNumber).toMatch(/^\d{4} \d{2}•• •••• \d{4}$/);
    });

    it('approves a purchase into the ledger, once per processor id, and shows it in the history', async () => {
      const before = await balance(prepaid.accountId);
      const id = authId();
      const approved = await authorize(prepaid.cardId, { amount: '1.25', currencyCode: 'EUR', merchantName: 'Bakery Rose', processorAuthId: id });
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ status: 'approved', billedAmount: '1.25', billedCurrencyCode: 'EUR', replayed: false });
      expect(await balance(prepaid.accountId)).toBe(before - 125n);

      const again = await authorize(prepaid.cardId, { amount: '1.25', currencyCode: 'EUR', merchantName: 'Bakery Rose', processorAuthId: id });
      expect(again.body).toMatchObject({ status: 'approved', replayed: true, authorizationId: approved.body.authorizationId });
      expect(await balance(prepaid.accountId)).toBe(before - 125n);

      const history = await call('transactionHistory', { accountId: prepaid.accountId });
      expect(history.transactions[0]).toMatchObject({ operationType: 'Card', amount: '-1.25', counterparty: 'Bakery Rose' });
      expect((await checkLedgerInvariant(db())).holds).toBe(true);
    });

    it('declines for want of funds and for a card that is not active, recording the decline', async () => {
      const before = await balance(prepaid.accountId);
      const poor = await authorize(prepaid.cardId, { amount: '9999.00', currencyCode: 'EUR', processorAuthId: authId() });
      expect(poor.body).toMatchObject({ status: 'declined', declineReason: 'insufficientFunds' });
      await db().updateTable('cards').set({ status_id: 71, previous_status_id: 2 }).where('id', '=', prepaid.cardId).execute();
      const paused = await authorize(prepaid.cardId, { amount: '0.10', currencyCode: 'EUR', processorAuthId: authId() });
      expect(paused.body).toMatchObject({ status: 'declined', declineReason: 'cardPaused' });
      await db().updateTable('cards').set({ status_id: 2, previous_status_id: null }).where('id', '=', prepaid.cardId).execute();
      expect(await balance(prepaid.accountId)).toBe(before);
      const list = await call('cardAuthorizationList', { accountId: prepaid.accountId, pageSize: 2 });
      expect(list.authorizations.map((row: { declineReason?: string }) => row.declineReason)).toEqual(['cardPaused', 'insufficientFunds']);
      expect((await authorize(prepaid.cardId, { amount: 'abc', currencyCode: 'EUR' })).status).toBe(400);
    });

    it('charges a debit card to its settlement account, converting the currency, and lists it on that account', async () => {
      const usd = await db()
        .selectFrom('accounts')
        .select(['id', 'balance'])
        .where('customer_id', '=', annaCustomerId)
        .where('type', '=', 1001)
        .where('currency_code', '=', 'USD')
        .executeTakeFirstOrThrow();
      const issued = await sandboxCardProcessor(db()).issueCard({ bin: '453210', holderName: 'ANNA NOVAK', isVirtual: false, validityYears: 4 });
      const account = await db()
        .insertInto('accounts')
        .values({ customer_id: annaCustomerId, type: 2020, currency_code: 'USD', status: 1, sub_type: 'DEBIT', settlement_account_id: usd.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      const card = await db()
        .insertInto('cards')
        .values({
          customer_id: annaCustomerId,
          account_id: account.id,
          product_type: 2020,
          sub_type: 'DEBIT',
          is_virtual: false,
          status_id: 19,
          previous_status_id: null,
          replaces_card_id: null,
          processor_ref: issued.processorRef,
          bin: issued.bin,
          last4: issued.last4,
          expiry_month: issued.expiryMonth,
          expiry_year: issued.expiryYear,
          holder_name: 'ANNA NOVAK',
          country_code: 'GB',
          shipping_option_id: 'standard',
          address_id: null,
          document_ids: '[]',
          created_by_user_id: null,
          activated_at: null,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();

      // The sandbox ships it: printing → printed → shipped, then no further.
      expect((await client.post(`/sandbox/cards/${card.id}/status`, { event: 'advance' })).body).toMatchObject({ cardStatusId: 20 });
      expect((await client.post(`/sandbox/cards/${card.id}/status`, { event: 'advance' })).body).toMatchObject({ cardStatusId: 21 });
      expect((await client.post(`/sandbox/cards/${card.id}/status`, { event: 'advance' })).status).toBe(400);
      const notActive = await authorize(card.id, { amount: '1.00', currencyCode: 'USD', processorAuthId: authId() });
      expect(notActive.body).toMatchObject({ status: 'declined', declineReason: 'cardNotActive' });
      await db().updateTable('cards').set({ status_id: 2 }).where('id', '=', card.id).execute();

      const inEuro = await authorize(card.id, { amount: '10.00', currencyCode: 'EUR', merchantName: 'Museum Shop', processorAuthId: authId() });
      expect(inEuro.body).toMatchObject({ status: 'approved', billedCurrencyCode: 'USD' });
      const billed = BigInt(Math.round(Number(inEuro.body.billedAmount) * 100));
      expect(billed).toBeGreaterThan(1000n);
      expect(await balance(usd.id)).toBe(usd.balance - billed);
      expect(await balance(account.id)).toBe(0n);

      const onAccount = await call('currentAccountAuthorizationList', { accountId: usd.id });
      expect(onAccount).toMatchObject({ responseCode: '00', total: 2 });
      expect(onAccount.authorizations[0]).toMatchObject({
        merchantName: 'Museum Shop',
        cardAccountId: account.id,
        accountId: usd.id,
        merchantAmount: '10.00',
        merchantCurrencyCode: 'EUR',
      });
      expect((await call('cardAuthorizationList', { accountId: account.id })).total).toBe(2);
      expect((await call('currentAccountAuthorizationList', { accountId: account.id })).responseCode).toBe('TA1');
      expect((await checkLedgerInvariant(db())).holds).toBe(true);
    });

    it('pages the card list by 10, newest first, with the total', async () => {
      const start = (await call('cardAuthorizationList', { accountId: prepaid.accountId })).total;
      for (let index = 0; index < 12; index++) {
        expect(
          (await authorize(prepaid.cardId, { amount: '0.01', currencyCode: 'EUR', merchantName: `Kiosk ${index}`, processorAuthId: authId() })).body.status,
        ).toBe('approved');
      }
      const first = await call('cardAuthorizationList', { accountId: prepaid.accountId });
      expect(first.total).toBe(start + 12);
      expect(first.authorizations).toHaveLength(10);
      expect(first.authorizations[0].merchantName).toBe('Kiosk 11');
      const second = await call('cardAuthorizationList', { accountId: prepaid.accountId, pageNumber: 2 });
      expect(second.authorizations[0].merchantName).toBe('Kiosk 1');
      expect((await checkLedgerInvariant(db())).holds).toBe(true);
    });

    it('marks a card limited from the sandbox, which declines purchases, and shows the page without full numbers', async () => {
      const page = await client.get('/sandbox/cards');
      expect(page.status).toBe(200);
      expect(page.text).toContain('Card processor');
      expect(page.text).not.toMatch(/\b\d{16}\b/);
      expect((await client.post(`/sandbox/cards/${prepaid.cardId}/status`, { event: 'limited' })).body).toMatchObject({ cardStatusId: 27 });
      expect((await authorize(prepaid.cardId, { amount: '0.01', currencyCode: 'EUR', processorAuthId: authId() })).body).toMatchObject({
        status: 'declined',
        declineReason: 'cardRestricted',
      });
    });
  });
}
