/**
 * EFT payouts (local bank transfers, issue 15) on the sandbox eft rail, against the real server on PGlite
 * and PostgreSQL: an EFT holds amount plus fee and settles (the hold posted); returned before settlement
 * gives amount and fee back, after settlement the amount back and the fee kept; a rail report delivered
 * twice changes nothing; Brazil without a branch code, an unknown bank, a branch of another bank and a
 * missing extra parameter are refused on their fields (document 001 section 5); an amount over the limit
 * on the amount; concurrent EFTs never overdraw. The lookups answer the same data the server checks with.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatMinorUnits } from '../../server/ledger/money.ts';
import { transferLimits } from '../../server/pricing/pricing.ts';
import { collectRailReports } from '../../server/rails/payouts.ts';
import { sandboxRail } from '../../server/rails/sandbox-rail.ts';
import { BACKENDS } from './harness.ts';
import { railTestServer, type RailCustomer } from './rails-support.ts';
import { HEALTHY, ledgerHealth } from './ledger-support.ts';

/** A beneficiary in Brazil at Banco do Brasil's Brasília branch, with Brazil's extra parameters. */
const ANA = {
  countryCode: 'BR',
  beneficiaryName: 'Ana Souza',
  accountNumber: '12345-6',
  bankCode: '001',
  branchCode: '1607',
  extraParams: { taxId: '12345678901', bankAccountType: 'checking' },
};
/** The EFT fee of schemas/data/transfer-pricing.json: a flat 3.00. */
const FEE = 3_00n;

type Customer = RailCustomer;

for (const backend of BACKENDS) {
  describe(`EFT payouts on ${backend.name}`, () => {
    const railServer = railTestServer(backend);
    const { db, rpc, payoutStatus, refusedFields } = railServer;
    const eft = (from: Customer, amount: string, beneficiary: object = ANA) =>
      rpc('eftTransfer', { idempotencyKey: randomUUID(), accountId: from.account, amount, ...beneficiary }, from.tokens);
    const network = (operationId: number, action: string, reasonCode?: string) => railServer.network('eft', operationId, action, reasonCode);
    const usd = railServer.balance;
    const newCustomer = (name: string, funds: bigint) => railServer.newCustomer(name, funds);

    it('holds amount plus fee, then posts it when the rail settles; the history names the beneficiary', async () => {
      const ada = await newCustomer('eft-settled', 1_000_00n);
      const sent = await eft(ada, '100.00');
      expect(sent).toMatchObject({ responseCode: '00', status: 'processing', amount: '100.00', fee: '3.00', currencyCode: 'USD' });
      expect(await usd(ada)).toMatchObject({ balance: 1_000_00n, pending: 103_00n });

      expect((await network(sent.operationId!, 'settle')).body).toEqual({ state: 'settled' });
      expect(await usd(ada)).toMatchObject({ balance: 897_00n, pending: 0n });
      const status = await payoutStatus(ada, sent.operationId!);
      expect(status).toMatchObject({ state: 'settled', rail: 'eft', beneficiaryName: 'Ana Souza' });
      expect(status.timeline!.map((step) => step.state)).toEqual(['pending', 'sent', 'settled']);
      const history = await rpc('transactionHistory', { accountId: ada.account }, ada.tokens);
      const descriptions = (history.transactions as Array<{ description?: string }>).map((line) => line.description);
      expect(descriptions).toContain('EFT to Ana Souza');
      const payout = await db().selectFrom('rail_payouts').select('beneficiary').where('transfer_id', '=', BigInt(sent.operationId!)).executeTakeFirstOrThrow();
      expect(payout.beneficiary).toMatchObject({ countryCode: 'BR', accountNumber: '123456', bankCode: '001', branchCode: '1607', taxId: '12345678901' });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('gives amount and fee back when returned before settling, and only the amount after', async () => {
      const ben = await newCustomer('eft-returned', 1_000_00n);
      const early = await eft(ben, '200.00');
      expect((await network(early.operationId!, 'return', 'AC04')).body).toEqual({ state: 'returned' });
      expect(await usd(ben)).toMatchObject({ balance: 1_000_00n, pending: 0n });
      expect(await payoutStatus(ben, early.operationId!)).toMatchObject({ state: 'returned', reasonCode: 'AC04' });

      const late = await eft(ben, '300.00');
      await network(late.operationId!, 'settle');
      expect((await network(late.operationId!, 'return', 'AC01')).body).toEqual({ state: 'returned' });
      expect(await usd(ben)).toMatchObject({ balance: 1_000_00n - FEE, pending: 0n });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('ignores a rail report delivered twice', async () => {
      const dee = await newCustomer('eft-duplicate', 1_000_00n);
      const sent = await eft(dee, '50.00');
      await network(sent.operationId!, 'settle');
      const before = { account: await usd(dee), status: await payoutStatus(dee, sent.operationId!) };
      await db().updateTable('rail_sandbox_reports').set({ delivered_at: null }).where('end_to_end_id', '=', `EFT-${sent.operationId}`).execute();
      expect(await collectRailReports(db(), sandboxRail(db(), 'eft'))).toEqual({ applied: 0, duplicate: 2, ignored: 0, unknown: 0 });
      expect(await usd(dee)).toEqual(before.account);
      expect(await payoutStatus(dee, sent.operationId!)).toEqual(before.status);
    });

    it('refuses Brazil without a branch code on the branch field, and a bank or branch not of the list on its own, writing nothing', async () => {
      const fay = await newCustomer('eft-fields', 1_000_00n);
      const { branchCode: _branchCode, ...withoutBranch } = ANA;
      const noBranch = await eft(fay, '10.00', withoutBranch);
      expect(noBranch.responseCode).toBe('TA1');
      expect(noBranch.validationErrors).toEqual([{ field: 'branchCode', description: expect.stringMatching(/branch code/) }]);
      expect(refusedFields(await eft(fay, '10.00', { ...ANA, bankCode: '0005' }))).toEqual(['bankCode']);
      expect(refusedFields(await eft(fay, '10.00', { ...ANA, branchCode: '0912' }))).toEqual(['branchCode']);
      expect(refusedFields(await eft(fay, '10.00', { ...ANA, extraParams: { bankAccountType: 'checking' } }))).toEqual(['extraParams.taxId']);
      expect(refusedFields(await eft(fay, '10.00', { ...ANA, countryCode: 'DE' }))).toEqual(['countryCode']);
      // Canada asks no branch code.
      const canada = { countryCode: 'CA', beneficiaryName: 'Lee Tremblay', accountNumber: '1234567', bankCode: '003' };
      expect((await eft(fay, '10.00', canada)).responseCode).toBe('00');
      expect(await db().selectFrom('transfers').select('id').where('customer_id', '=', fay.customerId).execute()).toHaveLength(1);
      expect(await usd(fay)).toMatchObject({ balance: 1_000_00n, pending: 10_00n + FEE });
    });

    it('refuses an EFT over the single-EFT limit, and one the balance cannot pay, on the amount', async () => {
      const limits = transferLimits('eft', 2);
      const gus = await newCustomer('eft-over-limit', limits.perTransactionMax + 1_000_00n);
      const over = await eft(gus, formatMinorUnits(limits.perTransactionMax + 1n, 2));
      expect(over.validationErrors).toEqual([expect.objectContaining({ field: 'amount' })]);
      const poor = await newCustomer('eft-poor', 100_00n);
      expect((await eft(poor, '98.00')).validationErrors).toEqual([expect.objectContaining({ field: 'amount' })]);
      expect(await usd(poor)).toMatchObject({ balance: 100_00n, pending: 0n });
    });

    it('never overdraws under concurrent EFTs: exactly as many as the balance pays are held', async () => {
      const hal = await newCustomer('eft-burst', 1_000_00n);
      const answers = await Promise.all(Array.from({ length: 12 }, () => eft(hal, '100.00')));
      // 9 x 103.00 = 927.00 fits in 1,000.00; a tenth would need 1,030.00.
      expect(answers.filter((answer) => answer.responseCode === '00')).toHaveLength(9);
      expect(answers.filter((answer) => answer.responseCode !== '00').every((answer) => answer.validationErrors?.[0]?.field === 'amount')).toBe(true);
      expect(await usd(hal)).toMatchObject({ balance: 1_000_00n, pending: 927_00n });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('answers the lookups from the data the server checks with: countries, banks, branches, extra parameters, fee', async () => {
      const mo = await newCustomer('eft-lookups', 0n);
      const countries = await rpc('eftCountries', {}, mo.tokens);
      expect(countries.countries).toContainEqual({ code: 'BR', bankCodeRequired: true, branchCodeRequired: true });
      expect(countries.countries).toContainEqual({ code: 'CA', bankCodeRequired: true, branchCodeRequired: false });
      const banks = await rpc('eftBanks', { countryCode: 'JP' }, mo.tokens);
      expect(banks).toMatchObject({ responseCode: '00', branchCodeRequired: true, banks: expect.arrayContaining([{ code: '0005', name: 'MUFG Bank' }]) });
      expect(refusedFields(await rpc('eftBanks', { countryCode: 'DE' }, mo.tokens))).toEqual(['countryCode']);
      const branches = await rpc('branchCodeOptions', { countryCode: 'BR', bankCode: '001' }, mo.tokens);
      expect(branches.branches).toContainEqual({ code: '1607', name: 'Brasília Setor Bancário Sul' });
      expect(refusedFields(await rpc('branchCodeOptions', { countryCode: 'BR', bankCode: '0005' }, mo.tokens))).toEqual(['bankCode']);
      const extra = await rpc('extraParams', { transferType: 'eft', countryCode: 'IN' }, mo.tokens);
      expect(extra.fields).toContainEqual({
        name: 'purposeCode',
        required: true,
        schema: expect.objectContaining({ enum: ['P1301', 'P1302', 'P0802', 'P1004', 'P1006'] }),
      });
      expect(await rpc('eftFee', { accountId: mo.account, amount: '100.00' }, mo.tokens)).toMatchObject({ responseCode: '00', fee: '3.00', total: '103.00' });
    });
  });
}
