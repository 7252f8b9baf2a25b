import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { checkLedgerInvariant } from '../../server/ledger/invariant.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { currentBalance } from '../../server/ledger/system-balances.ts';

const cents = (value: string) => Math.round(Number(value) * 100);
/** The card calls that charge a fee or move a balance, declared money-moving. */
const FEE_CHARGING = new Set(['cardConfirm', 'cardActivate', 'cardBlock', 'cardReissue', 'cardUpgradeShipping']);
/** A tiny valid PNG, as the file picker would send it. */
const PNG = `data:image/png;name=doc.png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]).toString('base64')}`;

interface Card {
  cardId: number;
  accountId: number;
  cardStatusId: number;
  cardIsVirtual: boolean;
  currencyCode: string;
  balance: string;
  accountStatusId: number;
  cardReissuedStatusId?: number;
  maskedCardNumber?: string;
  expressShipping: boolean;
  capabilities: Record<string, boolean>;
}

for (const backend of BACKENDS) {
  describe(`card lifecycle on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let northwind: Tokens;

    const call = async (method: string, params: object, tokens = anna) => {
      // The fee-charging card calls are money-moving: each call here is a new intent with its own key.
      const keyed = FEE_CHARGING.has(method) && !('idempotencyKey' in params) ? { idempotencyKey: randomUUID(), ...params } : params;
      return client.rpc(method, keyed, { token: tokens.accessToken });
    };
    const accountOf = async (currency: string, type = 1001) =>
      (await call('balanceInquiry', {})).body.accounts.find((a: { currencyCode: string; type: number }) => a.currencyCode === currency && a.type === type);
    const cards = async (): Promise<Card[]> => (await call('cardList', {})).body.cards;
    const snapshot = async () => {
      const db = test.server.db;
      return {
        cards: await db.selectFrom('cards').selectAll().orderBy('id').execute(),
        accounts: await db
          .selectFrom('accounts as a')
          .select(['a.id', currentBalance.as('balance'), 'a.pending', 'a.status', 'a.name'])
          .orderBy('a.id')
          .execute(),
        ledger: await db.selectFrom('ledger_entries').select(['id', 'account_id', 'amount', 'status']).orderBy('id').execute(),
        documents: await db.selectFrom('documents').select('id').orderBy('id').execute(),
      };
    };
    const last4Of = async (cardId: number) =>
      (await test.server.db.selectFrom('cards').select('last4').where('id', '=', cardId).executeTakeFirstOrThrow()).last4!;
    const feeTransactions = () =>
      test.server.db.selectFrom('ledger_transactions').select(['id', 'description']).where('operation_type', '=', 'Fees').orderBy('id').execute();

    beforeAll(async () => {
      test = await startTestServer(backend, { schedulerIntervalMs: 0 });
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      northwind = await client.signIn(DEMO_LOGINS.business);
    });
    afterAll(() => test?.close());

    it('lists the demo cards: an active virtual EUR card and a shipped physical USD card; none for the business', async () => {
      const list = await cards();
      expect(list).toHaveLength(2);
      expect(list[0]).toMatchObject({ cardIsVirtual: true, currencyCode: 'EUR', cardStatusId: 2, capabilities: { pause: true, load: true, activate: false } });
      expect(list[0]!.maskedCardNumber).toMatch(/^5355 22•• •••• [0-9]{4}$/);
      expect(list[1]).toMatchObject({ cardIsVirtual: false, currencyCode: 'USD', cardStatusId: 21, capabilities: { activate: true, pause: false } });
      expect((await call('cardList', {}, northwind)).body.cards).toEqual([]);
      const accounts = (await call('balanceInquiry', {})).body.accounts;
      expect(accounts.find((a: { accountId: number }) => a.accountId === list[0]!.accountId)).toMatchObject({
        cardIsVirtual: true,
        type: 2006,
        subType: 'PREPAID',
      });
    });

    it("answers the offer of the customer's country by default, and another country's on request", async () => {
      const info = await call('cardApplyInfo', {});
      expect(info.body).toMatchObject({ responseCode: '00', countryCode: 'GB' });
      const physical = info.body.products.find((p: { productType: number }) => p.productType === 2010);
      expect(physical).toMatchObject({ fees: { annual: '9.00', issue: '4.00', currency: 'GBP' }, requiredDocuments: [] });
      expect(physical.shippingOptions.map((o: { id: string }) => o.id)).toEqual(['standard', 'express']);
      const ru = await call('cardApplyInfo', { countryCode: 'RU' });
      const ruPhysical = ru.body.products.find((p: { productType: number }) => p.productType === 2010);
      expect(ruPhysical.shippingOptions.find((o: { id: string }) => o.id === 'express')).toMatchObject({
        deliveryTime: { minWorkingDays: 5, maxWorkingDays: 8 },
        disabledReasons: ['expressUnavailableInCountry'],
      });
      expect(ruPhysical.requiredDocuments).toEqual([{ documentType: 88, needsBackSide: false, needsStampPage: true }]);
      expect(ru.body.products.map((p: { productType: number }) => p.productType)).toEqual([2006, 2010]);
      // One product's offer, each shipping fee with its currency (what the application form reads).
      const one = await call('cardApplyInfo', { countryCode: 'RU', productType: 2010 });
      expect(one.body.products.map((p: { productType: number }) => p.productType)).toEqual([2010]);
      expect(one.body.products[0].shippingOptions.map((o: { currency: string }) => o.currency)).toEqual([ruPhysical.fees.currency, ruPhysical.fees.currency]);
      expect((await call('cardApplyInfo', { countryCode: 'BR', productType: 2010 })).body.products).toEqual([]);
    });

    it('applies and confirms a virtual card, which comes back active (fees through the ledger, PIN once), then pauses, unpauses, loads and blocks it', async () => {
      const eur = await accountOf('EUR');
      const applied = await call('cardApply', { productType: 2006, currencyCode: 'EUR', settlementAccountId: eur.accountId });
      expect(applied.body).toMatchObject({ responseCode: '00', cardStatusId: 0 });
      const { cardId, accountId } = applied.body;
      expect((await call('cardGet', { accountId })).body).toMatchObject({ cardStatusId: 0, balance: '0.00', capabilities: { confirm: true, activate: false } });
      expect((await call('cardActivate', { accountId, feeAccountId: eur.accountId })).body.responseCode).toBe('TA1');

      // The price list of her country (GB) is in pounds; the EUR card's fees are stated in euros, converted
      // at the day's rate and rounded up, as they are charged: 4.00 GBP → 4.69 EUR, 9.00 GBP → 10.54 EUR.
      // Confirming a virtual card activates it, so these are what the confirmation will take.
      const data = await call('cardActivationData', { accountId });
      expect(data.body).toMatchObject({
        responseCode: '00',
        fees: { issue: '4.69', annual: '10.54', shipping: '0.00', total: '15.23', currency: 'EUR' },
        extraParams: [],
      });
      expect(data.body.feeAccounts).toContain(eur.accountId);
      const summary = await call('cardConfirmation', { cardId });
      expect(summary.body).toMatchObject({
        responseCode: '00',
        fees: { annual: '10.54', issue: '4.69', currency: 'EUR' },
        settlementAccount: { accountId: eur.accountId, currencyCode: 'EUR' },
      });
      // The screen's quote for one paying account: the same figures, and what that account pays in its currency;
      // nothing to activate yet (the application is not confirmed).
      const quoted = await call('cardActivationQuote', { accountId: String(accountId), feeAccountId: eur.accountId });
      expect(quoted.body).toMatchObject({
        responseCode: '00',
        accountId,
        activatable: false,
        cardIsVirtual: true,
        issue: '4.69',
        annual: '10.54',
        total: '15.23',
        currencyCode: 'EUR',
        feeCurrencyCode: 'EUR',
        feeTotal: '15.23', // an account in the card's currency pays what the screen states
      });

      const feesBefore = (await feeTransactions()).length;
      // Money-moving: a retry with the same key replays the first answer and charges nothing more.
      const intent = randomUUID();
      const confirmed = await call('cardConfirm', { idempotencyKey: intent, cardId });
      expect(confirmed.body).toMatchObject({
        responseCode: '00',
        card: { accountId, cardStatusId: 2, capabilities: { activate: false, load: true, pause: true, pin: true, details: true } },
      });
      expect(confirmed.body.pinCode).toMatch(/^[0-9]{4}$/);
      expect(confirmed.body.card.maskedCardNumber).toMatch(/^5355 22•• •••• [0-9]{4}$/);
      const retried = await call('cardConfirm', { idempotencyKey: intent, cardId });
      const { pinCode: _shownOnce, ...withoutPin } = confirmed.body;
      expect(retried.body).toEqual(withoutPin); // the PIN is answered once and never kept for a replay
      expect((await call('cardGet', { accountId })).body).toMatchObject({ cardStatusId: 2, capabilities: { load: true, activate: false } });
      expect((await call('cardConfirm', { cardId })).body).toMatchObject({
        responseCode: 'TA1',
        responseDescription: expect.stringContaining('already been confirmed'),
      });
      const fees = await feeTransactions();
      expect(fees).toHaveLength(feesBefore + 1);
      expect(fees.at(-1)!.description).toContain('Card issue fee, Card annual fee');
      // Exactly what the confirmation stated left the settlement account.
      const eurAfterFees = await accountOf('EUR');
      expect(cents(eur.balance) - cents(eurAfterFees.balance)).toBe(cents(quoted.body.feeTotal));
      expect((await call('cardActivate', { accountId, feeAccountId: eur.accountId })).body).toMatchObject({
        responseCode: 'TA1',
        responseDescription: 'This card is already active.',
      });
      expect(await feeTransactions()).toHaveLength(feesBefore + 1);
      expect((await call('cardActivationQuote', { accountId })).body).toMatchObject({ responseCode: '00', activatable: false });

      expect((await call('cardUnpause', { accountId })).body).toMatchObject({
        responseCode: 'TA1',
        responseDescription: 'Only a paused card can be unpaused.',
      });
      expect((await call('cardPause', { accountId })).body).toMatchObject({
        responseCode: '00',
        cardStatusId: 71,
        capabilities: { unpause: true, load: false },
      });
      expect((await call('cardPause', { accountId })).body).toMatchObject({
        responseCode: 'TA1',
        responseDescription: 'Only an active or expired card can be paused.',
      });
      expect((await call('cardLoad', { idempotencyKey: randomUUID(), accountId, fromAccountId: eur.accountId, amount: '5.00' })).body).toMatchObject({
        responseCode: 'TA1',
        responseDescription: 'Only an active card can be loaded.',
      });
      expect((await call('cardUnpause', { accountId })).body).toMatchObject({ responseCode: '00', cardStatusId: 2 });

      expect((await call('cardSetAlias', { accountId, cardAliasName: '  Travel  ' })).body).toMatchObject({ responseCode: '00', cardAliasName: 'Travel' });
      // The currency the screen named must be the card's (and its source's): another is refused on its field.
      expect(
        (await call('cardLoad', { idempotencyKey: randomUUID(), accountId, fromAccountId: eur.accountId, amount: '30.00', currency: 'USD' })).body,
      ).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'currency', description: 'The account you send from holds EUR: send in EUR.' }],
      });
      const loaded = await call('cardLoad', { idempotencyKey: randomUUID(), accountId, fromAccountId: eur.accountId, amount: '30.00', currency: 'EUR' });
      // Anna confirms transfers by sms: the load waits for her code, like any transfer.
      expect(loaded.body).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation', approveType: 'sms', amount: '30.00', fee: '0.00' });
      expect((await call('cardGet', { accountId })).body).toMatchObject({ balance: '0.00' });
      const messages = JSON.parse(
        (await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ to: '447700900123', purpose: 'transferConfirmation' })}`)).text,
      ).messages;
      const code = /^([0-9]{6}) is your code/.exec(messages[0]?.body ?? '')?.[1];
      expect((await call('transferApprove', { trxid: loaded.body.operationId, approvalCode: code })).body).toMatchObject({
        responseCode: '00',
        status: 'completed',
      });
      expect((await call('cardGet', { accountId })).body.balance).toBe('30.00');
      // A card screen asks with the route's digits.
      expect((await call('cardGet', { accountId: String(accountId) })).body).toMatchObject({ accountId, balance: '30.00' });
      const usd = await accountOf('USD');
      expect((await call('cardLoad', { idempotencyKey: randomUUID(), accountId, fromAccountId: usd.accountId, amount: '5.00' })).body).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'fromAccountId' }],
      });

      // Cards take money only through their own page.
      const into = await call('accountTransfer', { idempotencyKey: randomUUID(), fromAccount: eur.accountId, toAccount: accountId, amount: '1.00' });
      expect(into.body).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'toAccount', description: "Cards are loaded from the card's page." }],
      });
      const out = await call('accountTransfer', { idempotencyKey: randomUUID(), fromAccount: accountId, toAccount: eur.accountId, amount: '1.00' });
      expect(out.body).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'fromAccount', description: "Cards are loaded from the card's page." }],
      });

      const before = await accountOf('EUR');
      const blocked = await call('cardBlock', { accountId });
      expect(blocked.body).toMatchObject({
        responseCode: '00',
        cardStatusId: 4,
        accountStatusId: 11,
        balance: '0.00',
        capabilities: { block: false, rename: false },
      });
      expect(cents((await accountOf('EUR')).balance)).toBe(cents(before.balance) + 3000);
      // The closed card account's history names where its balance went, in the reader's language.
      const cardHistory = await client.post(
        '/api?method=transactionHistory',
        { method: 'transactionHistory', accountId },
        { authorization: `Bearer ${anna.accessToken}`, 'accept-language': 'ru' },
      );
      expect(cardHistory.body.transactions[0]).toMatchObject({ direction: 'outgoing', counterparty: 'Расчётный счёт' });
      expect((await call('cardBlock', { accountId })).body).toMatchObject({ responseCode: 'TA1', responseDescription: 'This card is already cancelled.' });
      expect((await call('cardPause', { accountId })).body.responseCode).toBe('TA1');
      expect((await cards()).find((c) => c.accountId === accountId)).toMatchObject({ cardStatusId: 4, accountStatusId: 11 });
      // The home page asks for open cards only, and for accounts without the card accounts.
      const open: Card[] = (await call('cardList', { openOnly: true })).body.cards;
      expect(open.length).toBeGreaterThan(0);
      expect(open.map((c) => c.accountId)).not.toContain(accountId);
      const withoutCards = (await call('balanceInquiry', { cardAccounts: false })).body.accounts as Array<{ type: number }>;
      expect(withoutCards.length).toBeGreaterThan(0);
      expect(withoutCards.every((account) => account.type < 2006 || account.type > 2135)).toBe(true);
      expect(
        ((await call('balanceInquiry', {})).body.accounts as Array<{ type: number }>).some((account) => account.type >= 2006 && account.type <= 2135),
      ).toBe(true);
    });

    it('refuses to confirm a virtual card its settlement account cannot pay the fees of, and changes nothing', async () => {
      const usd = await accountOf('USD');
      const applied = await call('cardApply', { productType: 2006, currencyCode: 'USD', settlementAccountId: usd.accountId });
      expect(applied.body.responseCode).toBe('00');
      // Her USD account may not go below what it holds now: nothing is left for the fees.
      const db = test.server.db;
      const held = await db.selectFrom('accounts').select(['balance', 'balance_min']).where('id', '=', usd.accountId).executeTakeFirstOrThrow();
      await db.updateTable('accounts').set({ balance_min: held.balance }).where('id', '=', usd.accountId).execute();
      try {
        const before = await snapshot();
        const refused = await call('cardConfirm', { cardId: applied.body.cardId });
        expect(refused.body.responseCode).toBe('TA1');
        expect(refused.body.responseDescription).toMatch(/does not hold the \$[0-9]+\.[0-9]{2} the fees come to/);
        expect(await snapshot()).toEqual(before);
        expect((await call('cardGet', { accountId: applied.body.accountId })).body).toMatchObject({ cardStatusId: 0, capabilities: { confirm: true } });
      } finally {
        await db.updateTable('accounts').set({ balance_min: held.balance_min }).where('id', '=', usd.accountId).execute();
      }
      // With the money there, the same application is confirmed and active.
      expect((await call('cardConfirm', { cardId: applied.body.cardId })).body).toMatchObject({ responseCode: '00', card: { cardStatusId: 2 } });
    });

    it('reissues a virtual card active at once: only the issue fee, the old card retired; refused beforehand when the fee cannot be paid', async () => {
      const eur = await accountOf('EUR');
      const applied = await call('cardApply', { productType: 2006, currencyCode: 'EUR', settlementAccountId: eur.accountId });
      const { cardId, accountId } = applied.body;
      const ordered = await call('cardConfirm', { cardId });
      expect(ordered.body).toMatchObject({ responseCode: '00', card: { cardStatusId: 2 } });
      const db = test.server.db;
      const card = (role: 'current' | 'replacement' | 'retired') =>
        db.selectFrom('cards').selectAll().where('account_id', '=', accountId).where('role', '=', role).executeTakeFirst();

      // Her EUR account may not go below what it holds now: the replacement's issue fee cannot be paid.
      const held = await db.selectFrom('accounts').select(['balance', 'balance_min']).where('id', '=', eur.accountId).executeTakeFirstOrThrow();
      await db.updateTable('accounts').set({ balance_min: held.balance }).where('id', '=', eur.accountId).execute();
      try {
        const before = await snapshot();
        const refused = await call('cardReissue', { accountId });
        expect(refused.body.responseCode).toBe('TA1');
        expect(refused.body.responseDescription).toMatch(/does not hold the €[0-9]+\.[0-9]{2} the fees come to/);
        expect(await snapshot()).toEqual(before);
      } finally {
        await db.updateTable('accounts').set({ balance_min: held.balance_min }).where('id', '=', eur.accountId).execute();
      }

      const feesBefore = (await feeTransactions()).length;
      const paying = await accountOf('EUR');
      const reissued = await call('cardReissue', { accountId });
      // The answer is the new card, active: nothing waits for activation.
      expect(reissued.body).toMatchObject({ responseCode: '00', accountId, cardStatusId: 2, capabilities: { activate: false, load: true, reissue: true } });
      expect(reissued.body.cardId).not.toBe(cardId);
      expect(reissued.body.cardReissuedStatusId).toBeUndefined();
      expect(reissued.body.maskedCardNumber).toMatch(/^5355 22•• •••• [0-9]{4}$/);
      expect(await card('replacement')).toBeUndefined();
      expect(await card('retired')).toMatchObject({ id: cardId, status_id: 4 });
      expect(await card('current')).toMatchObject({ id: reissued.body.cardId, status_id: 2 });
      // One fee transaction: the issue fee (4.00 GBP in euros), no second annual fee.
      const fees = await feeTransactions();
      expect(fees).toHaveLength(feesBefore + 1);
      expect(fees.at(-1)!.description).toContain('Card issue fee');
      expect(fees.at(-1)!.description).not.toContain('annual');
      expect(cents(paying.balance) - cents((await accountOf('EUR')).balance)).toBe(cents('4.69'));
      expect((await call('cardActivate', { accountId, feeAccountId: eur.accountId })).body).toMatchObject({
        responseCode: 'TA1',
        responseDescription: 'This card is already active.',
      });
      expect((await checkLedgerInvariant(test.server.db)).holds).toBe(true);
    });

    it('activates a shipped physical card with the last four digits, then reissues it with express shipping and swaps the replacement in', async () => {
      const physical = (await cards()).find((c) => !c.cardIsVirtual && c.cardStatusId === 21)!;
      const usd = await accountOf('USD');
      const data = await call('cardActivationData', { accountId: physical.accountId });
      // The USD card's fees in dollars (the GB price list's 13.00 GBP, converted and rounded up per fee).
      expect(data.body).toMatchObject({
        fees: { shipping: '0.00', total: '16.54', currency: 'USD' },
        extraParams: [{ name: 'last4', title: 'Last four digits printed on the card', required: true }],
      });
      // The digits' title in the reader's language, like every text the server answers.
      const spanish = await client.post(
        '/api?method=cardActivationData',
        { method: 'cardActivationData', accountId: physical.accountId },
        { authorization: `Bearer ${anna.accessToken}`, 'accept-language': 'es' },
      );
      expect(spanish.body.extraParams).toEqual([{ name: 'last4', title: 'Últimos cuatro dígitos impresos en la tarjeta', required: true }]);
      expect((await call('cardActivationQuote', { accountId: physical.accountId, feeAccountId: usd.accountId })).body).toMatchObject({
        responseCode: '00',
        cardIsVirtual: false,
        total: '16.54',
        currencyCode: 'USD',
        feeCurrencyCode: 'USD',
        feeTotal: '16.54',
      });
      const missing = await call('cardActivate', { accountId: physical.accountId, feeAccountId: usd.accountId });
      expect(missing.body).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'extraParams.last4' }] });
      const last4 = await last4Of(physical.cardId);
      const wrong = String((Number(last4) + 1) % 10000).padStart(4, '0');
      expect((await call('cardActivate', { accountId: physical.accountId, feeAccountId: usd.accountId, extraParams: { last4: wrong } })).body).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'extraParams.last4' }],
      });
      const activated = await call('cardActivate', { accountId: physical.accountId, feeAccountId: usd.accountId, extraParams: { last4 } });
      expect(activated.body).toMatchObject({ responseCode: '00', card: { cardStatusId: 2 } });

      // The reissue screen's quote: what the card's status and country offer, asked with the route's digits.
      const quote = await call('cardReissueQuote', { accountId: String(physical.accountId) });
      expect(quote.body).toMatchObject({
        responseCode: '00',
        accountId: physical.accountId,
        reissueAllowed: true,
        cardIsVirtual: false,
        expressOffered: true,
        currencyCode: 'USD',
      });
      expect(quote.body.expressFee).toMatch(/^[0-9]+(\.[0-9]+)?$/);
      expect(quote.body.maxWorkingDays).toBeGreaterThanOrEqual(quote.body.minWorkingDays);
      const feesBefore = (await feeTransactions()).length;
      const reissued = await call('cardReissue', { accountId: physical.accountId, isExpressShipping: true });
      expect(reissued.body).toMatchObject({ responseCode: '00', cardStatusId: 2, cardReissuedStatusId: 19, capabilities: { reissue: false } });
      expect((await call('cardReissueQuote', { accountId: physical.accountId })).body).toMatchObject({ responseCode: '00', reissueAllowed: false });
      expect((await feeTransactions()).at(-1)!.description).toContain('Express shipping fee');
      expect(await feeTransactions()).toHaveLength(feesBefore + 1);
      expect((await call('cardReissue', { accountId: physical.accountId })).body).toMatchObject({
        responseCode: 'TA1',
        responseDescription: expect.stringContaining('already on its way'),
      });
      // Printing: not activatable yet (activation would target the current, active card).
      expect((await call('cardActivate', { accountId: physical.accountId, feeAccountId: usd.accountId, extraParams: { last4 } })).body.responseCode).toBe(
        'TA1',
      );

      // The sandbox processor ships it (its page is another part); here the printer finishes.
      const replacement = await test.server.db
        .selectFrom('cards')
        .selectAll()
        .where('account_id', '=', physical.accountId)
        .where('role', '=', 'replacement')
        .executeTakeFirstOrThrow();
      await test.server.db.updateTable('cards').set({ status_id: 20 }).where('id', '=', replacement.id).execute();
      const data2 = await call('cardActivationData', { accountId: physical.accountId });
      // Only the issue fee is left: 4.00 GBP in the USD card's dollars (the express shipping was paid when ordered).
      expect(data2.body.fees).toMatchObject({ annual: '0.00', shipping: '0.00', total: '5.09', currency: 'USD' });
      const swapped = await call('cardActivate', { accountId: physical.accountId, feeAccountId: usd.accountId, extraParams: { last4: replacement.last4 } });
      expect(swapped.body).toMatchObject({ responseCode: '00', card: { cardId: replacement.id, cardStatusId: 2 } });
      expect(swapped.body.card.cardReissuedStatusId).toBeUndefined();
      const old = await test.server.db.selectFrom('cards').select(['role', 'status_id']).where('id', '=', physical.cardId).executeTakeFirstOrThrow();
      expect(old).toEqual({ role: 'retired', status_id: 4 });
    });

    it('upgrades a physical application to express shipping once, charging the difference', async () => {
      const usd = await accountOf('USD');
      const applied = await call('cardApply', { productType: 2010, currencyCode: 'USD', settlementAccountId: usd.accountId, shippingOptionId: 'standard' });
      expect(applied.body.responseCode).toBe('00');
      const { accountId } = applied.body;
      const upgraded = await call('cardUpgradeShipping', { accountId });
      expect(upgraded.body).toMatchObject({ responseCode: '00', expressShipping: true, shippingOptionId: 'express', capabilities: { upgradeShipping: false } });
      expect((await feeTransactions()).at(-1)!.description).toContain('Express shipping upgrade');
      expect((await call('cardUpgradeShipping', { accountId })).body).toMatchObject({
        responseCode: 'TA1',
        responseDescription: 'This card already ships by express.',
      });
      // Activation then charges only what is left of the express fee (nothing: standard is free in GB).
      await call('cardConfirm', { cardId: applied.body.cardId });
      expect((await call('cardActivationData', { accountId })).body.fees.shipping).toBe('0.00');
      const virtual = (await cards()).find((c) => c.cardIsVirtual && c.cardStatusId === 2)!;
      expect((await call('cardUpgradeShipping', { accountId: virtual.accountId })).body).toMatchObject({
        responseCode: 'TA1',
        responseDescription: 'Virtual cards are not shipped.',
      });
    });

    it('refuses applications that miss what the product and the country need', async () => {
      const usd = await accountOf('USD');
      const eur = await accountOf('EUR');
      const refusal = async (params: object) => (await call('cardApply', params)).body;
      expect(await refusal({ productType: 2010, currencyCode: 'USD', settlementAccountId: usd.accountId })).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'shippingOptionId' }],
      });
      expect(await refusal({ productType: 2010, currencyCode: 'USD', settlementAccountId: eur.accountId, shippingOptionId: 'standard' })).toMatchObject({
        validationErrors: [{ field: 'settlementAccountId' }],
      });
      expect(await refusal({ productType: 2030, currencyCode: 'RON', settlementAccountId: usd.accountId })).toMatchObject({
        validationErrors: [{ field: 'currencyCode' }],
      });
      expect(
        await refusal({ productType: 2020, currencyCode: 'USD', settlementAccountId: usd.accountId, countryCode: 'RU', shippingOptionId: 'standard' }),
      ).toMatchObject({ validationErrors: [{ field: 'productType' }] });
      expect(
        await refusal({ productType: 2010, currencyCode: 'USD', settlementAccountId: usd.accountId, countryCode: 'RU', shippingOptionId: 'express' }),
      ).toMatchObject({
        validationErrors: [{ field: 'shippingOptionId', description: 'Express couriers do not deliver cards to this country.' }],
      });
      const ru = { productType: 2010, currencyCode: 'USD', settlementAccountId: usd.accountId, countryCode: 'RU', shippingOptionId: 'standard' };
      expect(await refusal(ru)).toMatchObject({ validationErrors: [{ field: 'documents' }] });
      expect(await refusal({ ...ru, documents: [{ documentType: 88, front: PNG }] })).toMatchObject({ validationErrors: [{ field: 'documents.0.stampPage' }] });
      expect(await refusal({ ...ru, countryCode: 'RO', documents: [{ documentType: 4, front: PNG }] })).toMatchObject({
        validationErrors: [{ field: 'documents.0.back' }],
      });
      expect(await refusal({ ...ru, countryCode: 'GB', documents: [{ documentType: 88, front: PNG, stampPage: PNG }] })).toMatchObject({
        validationErrors: [{ field: 'documents.0.documentType' }],
      });
      const documentsBefore = (await snapshot()).documents.length;
      const accepted = await call('cardApply', { ...ru, documents: [{ documentType: 88, front: PNG, stampPage: PNG }] });
      expect(accepted.body).toMatchObject({ responseCode: '00', cardStatusId: 0 });
      // The card remembers the country it was applied for (its fees and shipping are that country's).
      expect((await call('cardGet', { accountId: accepted.body.accountId })).body).toMatchObject({ countryCode: 'RU', shippingOptionId: 'standard' });
      // Its confirmation states that country's fees and chosen shipping in the card's currency (USD; the
      // price list is in EUR), as cardApplyInfo with the currency states them, asked with the route's digits,
      // and names the USD account that pays.
      const listed = (await call('cardApplyInfo', { countryCode: 'RU', productType: ru.productType })).body.products[0];
      expect(listed.fees).toMatchObject({ annual: '10.00', currency: 'EUR' });
      const russianOffer = (await call('cardApplyInfo', { countryCode: 'RU', currencyCode: 'USD' })).body.products.find(
        (product: { productType: number }) => product.productType === ru.productType,
      );
      const standard = russianOffer.shippingOptions.find((option: { id: string }) => option.id === 'standard');
      const confirmation = await call('cardConfirmation', { cardId: String(accepted.body.cardId) });
      expect(confirmation.body).toMatchObject({
        responseCode: '00',
        card: { cardId: accepted.body.cardId, countryCode: 'RU' },
        fees: { ...russianOffer.fees, currency: 'USD', shipping: standard.fee },
        settlementAccount: { accountId: usd.accountId, currencyCode: 'USD', maskedNumber: expect.stringMatching(/^••\u00a0[0-9]{4}$/) },
      });
      expect(russianOffer.fees).toEqual({ annual: '10.93', issue: '5.47', monthly: '1.10', currency: 'USD' });
      expect((await snapshot()).documents.length).toBe(documentsBefore + 1);
    });

    it('answers the phone-wallet requirements and the address replacement compatibility', async () => {
      const active = (await cards()).find((c) => c.cardStatusId === 2)!;
      expect((await call('cardCrossPlatformRequirement', { accountId: active.accountId })).body).toMatchObject({
        responseCode: '00',
        requirements: [{ code: 'cardActive', met: true }, { code: 'phoneConfirmed', met: true }, { code: 'customerVerified' }],
      });
      const address = await test.server.db
        .selectFrom('addresses as d')
        .innerJoin('users as u', 'u.customer_id', 'd.customer_id')
        .select('d.id')
        .where('u.email', '=', DEMO_LOGINS.personal)
        .executeTakeFirstOrThrow();
      expect((await call('addressReplacementCompatibility', { countryCode: 'DE', oldAddressId: address.id })).body).toMatchObject({
        responseCode: '00',
        compatible: true,
        reasons: [],
      });
      const brazil = await call('addressReplacementCompatibility', { countryCode: 'BR', oldAddressId: address.id });
      expect(brazil.body.compatible).toBe(false);
      expect(brazil.body.reasons).toContain('Physical cards are not shipped to BR.');
    });

    // 13 for another customer's card in every card method, and the search for card numbers and PINs
    // in every answer, log line and table: tests/integration/cards-no-leaks.test.ts.
    it('keeps the ledger balanced through the whole lifecycle', async () => {
      expect((await checkLedgerInvariant(test.server.db)).holds).toBe(true);
    });
  });
}
