/**
 * Crypto withdrawals, instant payments and Interac e-Transfers on their sandbox rails (issue 15), against
 * the real server on PGlite and PostgreSQL: per rail a payout held then settled (the hold posted) and one
 * returned (amount and fee back); a wrong address, instant key or security answer refused on its field
 * with nothing written; an amount over the rail's single-payment limit refused on the amount.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatMinorUnits } from '../../server/ledger/money.ts';
import { transferLimits } from '../../server/pricing/pricing.ts';
import { BACKENDS } from './harness.ts';
import { railTestServer, type RailCustomer } from './rails-support.ts';
import { HEALTHY, ledgerHealth } from './ledger-support.ts';

/** EIP-55's first published example, and the same with its last letter's case flipped (a wrong checksum). */
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const ETH_WRONG_CHECKSUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
/** BIP 173's P2WPKH example. */
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

type Customer = RailCustomer;

for (const backend of BACKENDS) {
  describe(`crypto, instant and Interac payouts on ${backend.name}`, () => {
    const railServer = railTestServer(backend);
    const { db, rpc, payoutStatus, network, balance, transfersOf } = railServer;
    /** A fresh customer with `funds` minor units in `currency`, signed in, sending without a second factor. */
    const newCustomer = (name: string, funds: bigint, currency = 'USD') => railServer.newCustomer(name, funds, { currency });

    describe('crypto withdrawals (crypto_eft)', () => {
      const send = (from: Customer, amount: string, recipient: object = { network: 'ethereum', address: ETH_ADDRESS }) =>
        rpc('cryptoEftTransfer', { idempotencyKey: randomUUID(), accountId: from.account, amount, ...recipient }, from.tokens);

      it('holds amount plus the network fee, then posts it when the network settles', async () => {
        const ada = await newCustomer('crypto-settled', 1_000_00n);
        // Ethereum's fee: 0.5 % with a 5.00 minimum (schemas/data/transfer-pricing.json).
        expect(await rpc('cryptoEftFee', { accountId: ada.account, amount: '100.00', network: 'ethereum' }, ada.tokens)).toMatchObject({
          responseCode: '00',
          fee: '5.00',
          total: '105.00',
        });
        expect((await rpc('cryptoEftFee', { accountId: ada.account, amount: '100.00', network: 'bitcoin' }, ada.tokens)).fee).toBe('8.00');
        const sent = await send(ada, '100.00');
        expect(sent).toMatchObject({ responseCode: '00', status: 'processing', amount: '100.00', fee: '5.00' });
        expect(await balance(ada)).toMatchObject({ balance: 1_000_00n, pending: 105_00n });

        expect((await network('crypto_eft', sent.operationId!, 'settle')).body).toEqual({ state: 'settled' });
        expect(await balance(ada)).toMatchObject({ balance: 895_00n, pending: 0n });
        expect(await payoutStatus(ada, sent.operationId!)).toMatchObject({ rail: 'crypto_eft', state: 'settled', beneficiaryName: ETH_ADDRESS });
        expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
      });

      it('gives amount and fee back when the withdrawal is returned', async () => {
        const ben = await newCustomer('crypto-returned', 1_000_00n);
        const sent = await send(ben, '50.00', { network: 'bitcoin', address: ` ${BTC_ADDRESS} ` });
        expect(sent.responseCode).toBe('00');
        expect((await network('crypto_eft', sent.operationId!, 'return', 'MS03')).body).toEqual({ state: 'returned' });
        expect(await balance(ben)).toMatchObject({ balance: 1_000_00n, pending: 0n });
        expect(await payoutStatus(ben, sent.operationId!)).toMatchObject({ state: 'returned', reasonCode: 'MS03', beneficiaryName: BTC_ADDRESS });
      });

      it("refuses a wrong checksum, and another network's address, on the address, writing nothing", async () => {
        const cy = await newCustomer('crypto-bad', 1_000_00n);
        const before = await transfersOf(cy);
        const wrong = await send(cy, '10.00', { network: 'ethereum', address: ETH_WRONG_CHECKSUM });
        expect(wrong.responseCode).toBe('TA1');
        expect(wrong.validationErrors).toEqual([{ field: 'address', description: expect.stringMatching(/Ethereum/) }]);
        const elsewhere = await send(cy, '10.00', { network: 'tron', address: BTC_ADDRESS });
        expect(elsewhere.validationErrors).toEqual([{ field: 'address', description: expect.stringMatching(/TRON/) }]);
        expect(await transfersOf(cy)).toEqual(before);
        expect(await balance(cy)).toMatchObject({ balance: 1_000_00n, pending: 0n });
      });

      it('refuses an amount over the single-withdrawal limit on the amount', async () => {
        const limits = transferLimits('crypto_eft', 2);
        const dee = await newCustomer('crypto-limit', limits.perTransactionMax + 1_000_00n);
        const over = await send(dee, formatMinorUnits(limits.perTransactionMax + 1n, 2));
        expect(over.responseCode).toBe('TA1');
        expect(over.validationErrors).toEqual([expect.objectContaining({ field: 'amount' })]);
        expect(await balance(dee)).toMatchObject({ pending: 0n });
      });
    });
    describe('instant payments (instant_payment)', () => {
      /** Bruno Lima's phone key in the sandbox directory, with his CPF. */
      const BRUNO = { keyType: 'phone', key: '+55 11 98765-4321', taxId: '123.456.789-09' };
      const send = (from: Customer, amount: string, recipient: object = BRUNO) =>
        rpc('instantTransfer', { idempotencyKey: randomUUID(), accountId: from.account, amount, ...recipient }, from.tokens);

      it("answers a key's holder and bank, and the rail's banks", async () => {
        const ana = await newCustomer('instant-info', 0n);
        expect(await rpc('instantKeyInfo', { keyType: 'email', key: 'Ana.Souza@example.com' }, ana.tokens)).toEqual({
          responseCode: '00',
          responseDescription: expect.any(String),
          holderName: 'Ana Souza',
          bankCode: '00000000',
          bankName: 'Banco do Brasil',
          taxIdMasked: '529••••••25',
        });
        const unknown = await rpc('instantKeyInfo', { keyType: 'email', key: 'nobody@example.com' }, ana.tokens);
        expect(unknown.validationErrors).toEqual([{ field: 'key', description: expect.stringMatching(/Nobody holds/) }]);
        const wrongType = await rpc('instantKeyInfo', { keyType: 'phone', key: 'ana.souza@example.com' }, ana.tokens);
        expect(wrongType.validationErrors).toEqual([{ field: 'key', description: expect.stringMatching(/international form/) }]);
        const banks = (await rpc('instantBankList', {}, ana.tokens)).banks as Array<{ code: string; name: string }>;
        // Sorted by name as the reader's language sorts.
        expect(banks.slice(0, 2)).toEqual([
          { code: '60746948', name: 'Banco Bradesco' },
          { code: '00000000', name: 'Banco do Brasil' },
        ]);
        expect(banks.map((bank) => bank.code)).toContain('18236120');
      });

      it("holds amount plus fee, then posts it when the rail settles; the payout names the key's holder", async () => {
        const ben = await newCustomer('instant-settled', 1_000_00n);
        expect(await rpc('instantFee', { accountId: ben.account, amount: '100.00' }, ben.tokens)).toMatchObject({ fee: '0.50', total: '100.50' });
        const sent = await send(ben, '100.00');
        expect(sent).toMatchObject({ responseCode: '00', status: 'processing', fee: '0.50' });
        expect(await balance(ben)).toMatchObject({ balance: 1_000_00n, pending: 100_50n });
        expect((await network('instant_payment', sent.operationId!, 'settle')).body).toEqual({ state: 'settled' });
        expect(await balance(ben)).toMatchObject({ balance: 899_50n, pending: 0n });
        expect(await payoutStatus(ben, sent.operationId!)).toMatchObject({ rail: 'instant_payment', state: 'settled', beneficiaryName: 'Bruno Lima' });
      });

      it('gives amount and fee back when the payment is returned', async () => {
        const cy = await newCustomer('instant-returned', 1_000_00n);
        const sent = await send(cy, '40.00', { keyType: 'random', key: '3F2B8C1E-7A4D-4E9B-9C2A-1D5E6F708192', taxId: '111.444.777-35' });
        expect(sent.responseCode).toBe('00');
        expect((await network('instant_payment', sent.operationId!, 'return', 'AC04')).body).toEqual({ state: 'returned' });
        expect(await balance(cy)).toMatchObject({ balance: 1_000_00n, pending: 0n });
        expect(await payoutStatus(cy, sent.operationId!)).toMatchObject({ state: 'returned', reasonCode: 'AC04', beneficiaryName: 'Diego Alves' });
        expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
      });

      it("refuses a key nobody holds on the key, and a tax id that is not the holder's on the tax id, writing nothing", async () => {
        const dee = await newCustomer('instant-bad', 1_000_00n);
        const before = await transfersOf(dee);
        const unknown = await send(dee, '10.00', { ...BRUNO, key: '+55 11 91111-2222' });
        expect(unknown.validationErrors).toEqual([{ field: 'key', description: expect.stringMatching(/Nobody holds/) }]);
        const notHis = await send(dee, '10.00', { ...BRUNO, taxId: '529.982.247-25' });
        expect(notHis.validationErrors).toEqual([{ field: 'taxId', description: expect.stringMatching(/not the key holder/) }]);
        // A CPF whose check digit is wrong is refused by the request's own format, on its field.
        const badDigits = await send(dee, '10.00', { ...BRUNO, taxId: '123.456.789-00' });
        expect(badDigits.validationErrors).toEqual([{ field: 'taxId', description: expect.stringMatching(/not right/) }]);
        expect(await transfersOf(dee)).toEqual(before);
        expect(await balance(dee)).toMatchObject({ balance: 1_000_00n, pending: 0n });
      });

      it('refuses an amount over the single-payment limit on the amount', async () => {
        const limits = transferLimits('instant_payment', 2);
        const eve = await newCustomer('instant-limit', limits.perTransactionMax + 1_000_00n);
        const over = await send(eve, formatMinorUnits(limits.perTransactionMax + 1n, 2));
        expect(over.validationErrors).toEqual([expect.objectContaining({ field: 'amount' })]);
        expect(await balance(eve)).toMatchObject({ pending: 0n });
      });
    });
    describe('Interac e-Transfers (interac)', () => {
      const ANA = { recipientName: 'Ana Tremblay', recipient: 'Ana@Example.ca', securityQuestion: 'Name of our first dog?', securityAnswer: 'Rex' };
      const send = (from: Customer, amount: string, recipient: object = ANA) =>
        rpc('interacTransfer', { idempotencyKey: randomUUID(), accountId: from.account, amount, ...recipient }, from.tokens);

      it('holds amount plus fee, then posts it when the rail settles; the answer is kept only as a hash', async () => {
        const bo = await newCustomer('interac-settled', 1_000_00n, 'CAD');
        // The interac kind charges no percentage: its minimum, 1.50, is a flat fee (schemas/data/transfer-pricing.json).
        expect(await rpc('interacFee', { accountId: bo.account, amount: '100.00' }, bo.tokens)).toMatchObject({
          fee: '1.50',
          total: '101.50',
          currencyCode: 'CAD',
        });
        const sent = await send(bo, '100.00');
        expect(sent).toMatchObject({ responseCode: '00', status: 'processing', fee: '1.50', currencyCode: 'CAD' });
        expect(JSON.stringify(sent)).not.toContain('Rex');
        expect(await balance(bo)).toMatchObject({ balance: 1_000_00n, pending: 101_50n });
        const payout = await db()
          .selectFrom('rail_payouts')
          .select('beneficiary')
          .where('transfer_id', '=', BigInt(sent.operationId!))
          .executeTakeFirstOrThrow();
        const beneficiary = (typeof payout.beneficiary === 'string' ? JSON.parse(payout.beneficiary) : payout.beneficiary) as Record<string, string>;
        expect(beneficiary).toMatchObject({ name: 'Ana Tremblay', recipient: 'ana@example.ca', securityQuestion: 'Name of our first dog?' });
        expect(beneficiary.securityAnswerHash).toMatch(/^\$argon2id\$/);
        expect(JSON.stringify(beneficiary)).not.toMatch(/rex/i);

        expect((await network('interac', sent.operationId!, 'settle')).body).toEqual({ state: 'settled' });
        expect(await balance(bo)).toMatchObject({ balance: 898_50n, pending: 0n });
        const status = await payoutStatus(bo, sent.operationId!);
        expect(status).toMatchObject({ rail: 'interac', state: 'settled', beneficiaryName: 'Ana Tremblay' });
        expect(JSON.stringify(status)).not.toMatch(/argon2|rex/i);

        // The recent Interac transfers name the recipient, never the answer's hash, nor find it by a piece of it.
        const recent = async (search?: string) =>
          (await rpc('recentTransfers', { types: ['interac'], ...(search ? { search } : {}) }, bo.tokens)).transfers as Array<Record<string, unknown>>;
        const [latest] = await recent();
        expect(latest).toMatchObject({ type: 'interac', name: 'Ana Tremblay', beneficiary: { recipient: 'ana@example.ca' }, state: 'settled' });
        expect(JSON.stringify(latest)).not.toMatch(/argon2|securityAnswer/i);
        expect(await recent('argon2id')).toEqual([]);
        expect(await recent('tremblay')).toHaveLength(1);
      });

      it('gives amount and fee back when the e-Transfer is returned', async () => {
        const cy = await newCustomer('interac-returned', 1_000_00n, 'CAD');
        const sent = await send(cy, '30.00', { recipient: '+1 (416) 555-0142', securityQuestion: 'Where did we meet?', securityAnswer: 'Montréal' });
        expect(sent.responseCode).toBe('00');
        expect((await network('interac', sent.operationId!, 'return', 'MS02')).body).toEqual({ state: 'returned' });
        expect(await balance(cy)).toMatchObject({ balance: 1_000_00n, pending: 0n });
        expect(await payoutStatus(cy, sent.operationId!)).toMatchObject({ state: 'returned', reasonCode: 'MS02', beneficiaryName: '+14165550142' });
        expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
      });

      it('refuses an answer written in the question, a bad recipient and a non-CAD account, each on its field, writing nothing', async () => {
        const dee = await newCustomer('interac-bad', 1_000_00n, 'CAD');
        const before = await transfersOf(dee);
        const inQuestion = await send(dee, '10.00', { ...ANA, securityQuestion: 'Is the answer Rex?', securityAnswer: 'rex' });
        expect(inQuestion.validationErrors).toEqual([{ field: 'securityAnswer', description: expect.stringMatching(/must not be written in the question/) }]);
        const both = await send(dee, '10.00', { ...ANA, recipient: '416-555', securityAnswer: 'Re' });
        expect(both.validationErrors!.map((error) => error.field).sort()).toEqual(['recipient', 'securityAnswer']);
        expect(await transfersOf(dee)).toEqual(before);
        expect(await balance(dee)).toMatchObject({ balance: 1_000_00n, pending: 0n });

        const usd = await newCustomer('interac-usd', 1_000_00n, 'USD');
        const wrongCurrency = await send(usd, '10.00');
        expect(wrongCurrency.validationErrors).toEqual([{ field: 'accountId', description: expect.stringMatching(/Canadian dollars only/) }]);
        expect((await rpc('interacFee', { accountId: usd.account, amount: '10.00' }, usd.tokens)).validationErrors).toEqual([
          expect.objectContaining({ field: 'accountId' }),
        ]);
        expect(await transfersOf(usd)).toEqual([]);
      });

      it('refuses an amount over the single e-Transfer limit on the amount', async () => {
        const limits = transferLimits('interac', 2);
        const eve = await newCustomer('interac-limit', limits.perTransactionMax + 1_000_00n, 'CAD');
        const over = await send(eve, formatMinorUnits(limits.perTransactionMax + 1n, 2));
        expect(over.validationErrors).toEqual([expect.objectContaining({ field: 'amount' })]);
        expect(await balance(eve)).toMatchObject({ pending: 0n });
      });
    });
  });
}
