import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { isValidIban, isValidRoutingNumber } from '../../server/instructions/bank-numbers.ts';
import { checkLedgerInvariant } from '../../server/ledger/invariant.ts';
import { isValidBase58check, isValidBech32 } from '../../server/wallets/addresses.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

interface Account {
  accountId: number;
  customerId: number;
  type: number;
  accountStatusId: number;
  balance: string;
  currencyCode: string;
  currencySymbol: string;
  walletAddress?: string;
  flags: { statements: boolean; history: boolean; instructions: boolean; cardCanBeRequested: boolean };
}

for (const backend of BACKENDS) {
  describe(`accounts, currencies, wallets and payment instructions on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let northwind: Tokens;

    const rpc = (method: string, params: object, tokens: Tokens = anna) => client.rpc(method, params, { token: tokens.accessToken });
    const accountsOf = async (tokens: Tokens = anna): Promise<Account[]> => (await rpc('balanceInquiry', {}, tokens)).body.accounts;
    /** Everything a refused call could have touched. */
    const snapshot = async () => ({
      accounts: await test.server.db.selectFrom('accounts').selectAll().orderBy('id').execute(),
      instructions: await test.server.db.selectFrom('payment_instructions').selectAll().orderBy('id').execute(),
      wallets: await test.server.db.selectFrom('crypto_wallets').selectAll().orderBy('id').execute(),
      transactions: await test.server.db.selectFrom('ledger_transactions').select('id').orderBy('id').execute(),
    });

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      [anna, northwind] = await Promise.all([client.signIn(DEMO_LOGINS.personal), client.signIn(DEMO_LOGINS.business)]);
    });
    afterAll(() => test?.close());

    it('derives the flags of each account and gives the currency symbol', async () => {
      const accounts = await accountsOf();
      const usd = accounts.find((a) => a.currencyCode === 'USD')!;
      expect(usd).toMatchObject({ type: 1001, accountStatusId: 1, currencySymbol: '$' });
      expect(usd.flags).toEqual({ statements: true, history: true, instructions: true, cardCanBeRequested: true });
      const gbpPrepayment = accounts.find((a) => a.currencyCode === 'GBP' && a.type === 4001)!;
      expect(gbpPrepayment.flags).toMatchObject({ instructions: false, cardCanBeRequested: false, history: true });
    });

    it('adds a currency as a new payment account and refuses one already held on the field', async () => {
      const before = await accountsOf();
      const added = await rpc('accountAddCurrency', { currencyCode: 'AUD' });
      expect(added.body).toMatchObject({
        responseCode: '00',
        account: { currencyCode: 'AUD', type: 1001, accountStatusId: 1, balance: '0.00', currencySymbol: 'A$' },
      });
      expect(added.body.account.flags).toEqual({ statements: false, history: true, instructions: true, cardCanBeRequested: false });
      const after = await accountsOf();
      expect(after).toHaveLength(before.length + 1);

      const unchanged = await snapshot();
      const again = await rpc('accountAddCurrency', { currencyCode: 'AUD' });
      expect(again.body.responseCode).toBe('TA1');
      expect(again.body.validationErrors).toEqual([{ field: 'currencyCode', description: expect.stringContaining('already hold') }]);
      const usd = await rpc('accountAddCurrency', { currencyCode: 'USD' });
      expect(usd.body.validationErrors[0].field).toBe('currencyCode');
      expect(await snapshot()).toEqual(unchanged);
    });

    it('opens one account when the same currency is added twice at once', async () => {
      const answers = await Promise.all([rpc('accountAddCurrency', { currencyCode: 'CAD' }), rpc('accountAddCurrency', { currencyCode: 'CAD' })]);
      expect(answers.map((a) => a.body.responseCode).sort()).toEqual(['00', 'TA1']);
      expect((await accountsOf()).filter((a) => a.currencyCode === 'CAD')).toHaveLength(1);
    });

    it('gives a stable, unique, well-formed deposit address per customer and currency', async () => {
      const btc = await rpc('walletCreate', { currencyCode: 'BTC' });
      expect(btc.body.responseCode).toBe('00');
      expect(btc.body.address).toMatch(/^bc1q/);
      expect(isValidBech32(btc.body.address)).toBe(true);
      const again = await rpc('walletCreate', { currencyCode: 'BTC' });
      expect(again.body).toEqual(btc.body);
      const usdt = await rpc('walletCreate', { currencyCode: 'USDT' });
      expect(usdt.body.address).toMatch(/^T/);
      expect(isValidBase58check(usdt.body.address)).toBe(true);
      const theirs = await rpc('walletCreate', { currencyCode: 'BTC' }, northwind);
      expect(theirs.body.address).not.toBe(btc.body.address);
      expect(theirs.body.accountId).not.toBe(btc.body.accountId);

      const wallet = (await accountsOf()).find((a) => a.accountId === btc.body.accountId)!;
      expect(wallet).toMatchObject({ currencyCode: 'BTC', balance: '0.00000000', walletAddress: btc.body.address, currencySymbol: '₿' });
      expect(wallet.flags.instructions).toBe(false);
    });

    it('credits a sandbox deposit exactly once even when it is reported twice', async () => {
      const { address, accountId } = (await rpc('walletCreate', { currencyCode: 'BTC' })).body;
      const deposit = { address, amount: '0.01500000', txHash: 'a1b2c3d4e5f6a7b8c9d0' };
      const reports = await Promise.all([client.post('/sandbox/crypto/deposit', deposit), client.post('/sandbox/crypto/deposit', deposit)]);
      expect(reports.map((r) => r.status)).toEqual([200, 200]);
      expect(reports[0]!.body.transactionId).toBe(reports[1]!.body.transactionId);
      const later = await client.post('/sandbox/crypto/deposit', deposit);
      expect(later.body).toMatchObject({ transactionId: reports[0]!.body.transactionId, replayed: true });
      const balance = (await accountsOf()).find((a) => a.accountId === accountId)!.balance;
      expect(balance).toBe('0.01500000');
      const conflicting = await client.post('/sandbox/crypto/deposit', { ...deposit, amount: '2' });
      expect(conflicting.status).toBe(400);
      expect((await accountsOf()).find((a) => a.accountId === accountId)!.balance).toBe('0.01500000');
      expect((await client.post('/sandbox/crypto/deposit', { ...deposit, address: 'bc1qnothing', txHash: 'ffff00001111' })).status).toBe(400);
      expect((await checkLedgerInvariant(test.server.db)).holds).toBe(true);
      const page = await client.get('/sandbox/crypto');
      expect(page.text).toContain(address);
      // The deposit's description and counterparty in the reader's language.
      const history = await client.post(
        '/api?method=transactionHistory',
        { method: 'transactionHistory', accountId },
        { authorization: `Bearer ${anna.accessToken}`, 'accept-language': 'ru' },
      );
      expect(history.body.transactions[0]).toMatchObject({ description: `Пополнение BTC ${deposit.txHash}`, counterparty: 'Сеть BTC' });
    });

    it('generates payment instructions with valid bank numbers for own accounts only', async () => {
      const accounts = await accountsOf();
      const { instructions } = (await rpc('paymentInstructions', {})).body;
      const offering = accounts.filter((a) => a.flags.instructions);
      expect(instructions.map((i: { accountId: number }) => i.accountId)).toEqual(offering.map((a) => a.accountId));
      const eur = instructions.find((i: { currencyCode: string }) => i.currencyCode === 'EUR');
      expect(eur).toMatchObject({ rail: 'sepa', beneficiaryName: 'Anna Novak', viewed: false });
      expect(isValidIban(eur.iban)).toBe(true);
      const usd = instructions.find((i: { currencyCode: string }) => i.currencyCode === 'USD');
      expect(usd.rail).toBe('ach');
      expect(isValidRoutingNumber(usd.routingNumber)).toBe(true);
      const usdOnly = (await rpc('paymentInstructions', { accountId: usd.accountId })).body.instructions;
      expect(usdOnly).toEqual([usd]);
      expect((await rpc('paymentInstructions', {})).body.instructions).toEqual(instructions);

      const viewed = await rpc('paymentInstructionsSetViewed', { instructionId: eur.id });
      expect(viewed.body.instruction).toMatchObject({ id: eur.id, viewed: true });
      const wallet = accounts.find((a) => a.currencyCode === 'BTC')!;
      expect((await rpc('paymentInstructions', { accountId: wallet.accountId })).body.validationErrors[0].field).toBe('accountId');
    });

    it("refuses another customer's account and instruction with 13, changing nothing", async () => {
      const theirs = await accountsOf(northwind);
      const [theirInstruction] = (await rpc('paymentInstructions', {}, northwind)).body.instructions;
      const before = await snapshot();
      expect((await rpc('paymentInstructions', { accountId: theirs[0]!.accountId })).body.responseCode).toBe('13');
      expect((await rpc('paymentInstructionsSetViewed', { instructionId: theirInstruction.id })).body.responseCode).toBe('13');
      expect(await snapshot()).toEqual(before);
      expect((await rpc('paymentInstructions', {}, northwind)).body.instructions[0].viewed).toBe(false);
    });

    it('lists a closed account with history as closed, never offering instructions or a card', async () => {
      const eur = (await accountsOf()).find((a) => a.currencyCode === 'EUR')!;
      await test.server.db.updateTable('accounts').set({ status: 11 }).where('id', '=', eur.accountId).execute();
      try {
        const closed = (await accountsOf()).find((a) => a.accountId === eur.accountId)!;
        expect(closed.accountStatusId).toBe(11);
        expect(closed.flags).toEqual({ statements: true, history: true, instructions: false, cardCanBeRequested: false });
        expect((await rpc('paymentInstructions', { accountId: eur.accountId })).body.responseCode).toBe('CA');
      } finally {
        await test.server.db.updateTable('accounts').set({ status: 1 }).where('id', '=', eur.accountId).execute();
      }
    });
  });
}
