/**
 * Payouts to cards on the sandbox oct rail (issue 15), against the real server on PGlite and PostgreSQL:
 * a card payout holds amount plus fee and is processing; settled posts the hold; returned before
 * settlement gives amount and fee back, after settlement the amount back and the fee kept; a report
 * delivered twice changes nothing. The card is checked on the server: not a card number (Luhn), a blocked
 * bin, or a network not served is refused on cardNumber with nothing written. The rail is handed the full
 * number (again when it never got it) while the payout, its answers and the history keep it masked. A
 * card saved from a payout is listed, chosen again and deleted; another customer's is 13. Limits hold,
 * and concurrent payouts never overdraw.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatMinorUnits } from '../../server/ledger/money.ts';
import { transferLimits } from '../../server/pricing/pricing.ts';
import { railAdapters, withRailBeneficiaries } from '../../server/rails/adapters.ts';
import { collectRailReports, resendPendingPayouts } from '../../server/rails/payouts.ts';
import type { PayoutInstruction, RailAdapters } from '../../server/rails/rail-adapter.ts';
import { sandboxRail } from '../../server/rails/sandbox-rail.ts';
import { BACKENDS } from './harness.ts';
import { railTestServer, type RailCustomer } from './rails-support.ts';
import { HEALTHY, ledgerHealth } from './ledger-support.ts';

/** Published test numbers: Visa (bin 411111), Mastercard (555555), a blocked bin (401288), an Amex the rail does not serve. */
const VISA = '4111 1111 1111 1111';
const MASTERCARD = '5555555555554444';
const BLOCKED = '4012 8888 8888 1881';
const AMEX = '378282246310005';
const ADA = { cardNumber: VISA, cardholderName: 'Ada Lovelace' };
/** The card payout fee on small amounts: the minimum of schemas/data/transfer-pricing.json, 2.00. */
const MIN_FEE = 2_00n;

type Customer = RailCustomer;

for (const backend of BACKENDS) {
  describe(`card payouts on ${backend.name}`, () => {
    const railServer = railTestServer(backend);
    const { db, rpc, payoutStatus, transfersOf } = railServer;
    const payToCard = (from: Customer, amount: string, card: object = ADA) =>
      rpc('octTransfer', { idempotencyKey: randomUUID(), accountId: from.account, amount, ...card }, from.tokens);
    const network = (operationId: number, action: string, reasonCode?: string) => railServer.network('oct', operationId, action, reasonCode);
    const usd = railServer.balance;
    const newCustomer = (name: string, funds: bigint) => railServer.newCustomer(name, funds);

    it('holds amount plus fee, posts it when the rail settles, and shows the card only masked', async () => {
      const ada = await newCustomer('oct-settled', 1_000_00n);
      const sent = await payToCard(ada, '100.00');
      // 1.5% of 100.00 is 1.50, under the 2.00 minimum.
      expect(sent).toMatchObject({ responseCode: '00', status: 'processing', amount: '100.00', fee: '2.00', currencyCode: 'USD' });
      expect(await usd(ada)).toMatchObject({ balance: 1_000_00n, pending: 100_00n + MIN_FEE });

      const kept = await db().selectFrom('rail_payouts').select('beneficiary').where('transfer_id', '=', BigInt(sent.operationId!)).executeTakeFirstOrThrow();
      expect(kept.beneficiary).toMatchObject({ name: 'Ada Lovelace', cardNumber: '411111******1111', cardBrand: 'VISA' });
      expect(JSON.stringify(kept.beneficiary)).not.toContain('4111111111111111');

      expect((await network(sent.operationId!, 'settle')).body).toEqual({ state: 'settled' });
      expect(await usd(ada)).toMatchObject({ balance: 1_000_00n - 100_00n - MIN_FEE, pending: 0n });
      const status = await payoutStatus(ada, sent.operationId!);
      expect(status).toMatchObject({ responseCode: '00', rail: 'oct', state: 'settled', beneficiaryName: 'Ada Lovelace' });
      expect(status.timeline!.map((step) => step.state)).toEqual(['pending', 'sent', 'settled']);

      const history = (await railServer.client.rpc('transactionHistory', { accountId: ada.account }, { token: ada.tokens.accessToken })).body;
      const descriptions = history.transactions.map((transaction: { description?: string }) => transaction.description);
      expect(descriptions).toContain('Card payout to Ada Lovelace (411111******1111)');
      expect(JSON.stringify(history)).not.toContain('4111111111111111');
      // The audit log keeps the call without the number.
      const logged = await db().selectFrom('audit_log').select('params').where('method', '=', 'octTransfer').execute();
      expect(logged).not.toEqual([]);
      expect(JSON.stringify(logged)).not.toContain('4111');
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('gives amount and fee back when returned before settling; after settling, the amount back and the fee kept', async () => {
      const ben = await newCustomer('oct-returned', 1_000_00n);
      const early = await payToCard(ben, '200.00');
      // 1.5% of 200.00: 3.00.
      expect(early.fee).toBe('3.00');
      expect((await network(early.operationId!, 'return', 'AC04')).body).toEqual({ state: 'returned' });
      expect(await usd(ben)).toMatchObject({ balance: 1_000_00n, pending: 0n });
      expect((await payoutStatus(ben, early.operationId!)).timeline!.at(-1)).toMatchObject({ state: 'returned', reasonCode: 'AC04' });

      const late = await payToCard(ben, '300.00');
      await network(late.operationId!, 'settle');
      expect(await usd(ben)).toMatchObject({ balance: 1_000_00n - 300_00n - 4_50n, pending: 0n });
      expect((await network(late.operationId!, 'return', 'MD07')).body).toEqual({ state: 'returned' });
      expect(await usd(ben)).toMatchObject({ balance: 1_000_00n - 4_50n, pending: 0n });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('ignores a rail report delivered twice', async () => {
      const dee = await newCustomer('oct-duplicate', 1_000_00n);
      const sent = await payToCard(dee, '50.00');
      await network(sent.operationId!, 'settle');
      const before = { account: await usd(dee), status: await payoutStatus(dee, sent.operationId!) };
      await db().updateTable('rail_sandbox_reports').set({ delivered_at: null }).where('end_to_end_id', '=', `OCT-${sent.operationId}`).execute();
      expect(await collectRailReports(db(), sandboxRail(db(), 'oct'))).toEqual({ applied: 0, duplicate: 2, ignored: 0, unknown: 0 });
      expect(await usd(dee)).toEqual(before.account);
      expect(await payoutStatus(dee, sent.operationId!)).toEqual(before.status);
    });

    it('hands the rail the full number, also when it sends the payout again', async () => {
      const ola = await newCustomer('oct-resend', 1_000_00n);
      const sent = await payToCard(ola, '10.00', { cardNumber: MASTERCARD, cardholderName: 'Ola Nordmann' });
      const handed: PayoutInstruction[] = [];
      const sandbox = railAdapters({ sandboxes: true }, db());
      // The network's side is replaced by one that records what it is sent; the bank's side unseals as always.
      const rails = withRailBeneficiaries(
        {
          ...sandbox,
          oct: { ...sandbox.oct, rail: 'oct', sendPayout: async (instruction: PayoutInstruction) => void handed.push(instruction) },
        } as RailAdapters,
        db(),
      );
      expect(await resendPendingPayouts(db(), rails, new Date(Date.now() + 2 * 60_000))).toBeGreaterThanOrEqual(1);
      const mine = handed.find((instruction) => instruction.endToEndId === `OCT-${sent.operationId}`);
      expect(mine).toMatchObject({ amount: '10.00', currency: 'USD', beneficiary: { name: 'Ola Nordmann', cardNumber: MASTERCARD, cardBrand: 'MC' } });
      expect(mine!.beneficiary).not.toHaveProperty('cardToken');
    });

    it('refuses a number failing the Luhn check, a blocked bin and a network not served, on cardNumber, writing nothing', async () => {
      const fay = await newCustomer('oct-bad-card', 1_000_00n);
      const before = await transfersOf(fay);
      const cases: Array<[string, RegExp]> = [
        ['4111 1111 1111 1112', /not a card number/],
        [BLOCKED, /cannot send money to cards of this range/],
        [AMEX, /only to Mastercard, Visa and UnionPay/],
      ];
      for (const [cardNumber, words] of cases) {
        const refused = await payToCard(fay, '10.00', { cardNumber, cardholderName: 'Fay' });
        expect(refused.responseCode, cardNumber).toBe('TA1');
        expect(refused.validationErrors, cardNumber).toEqual([expect.objectContaining({ field: 'cardNumber', description: expect.stringMatching(words) })]);
      }
      const blank = await payToCard(fay, '10.00', { cardNumber: VISA, cardholderName: '  ' });
      expect(blank.validationErrors).toEqual([expect.objectContaining({ field: 'cardholderName' })]);
      const none = await payToCard(fay, '10.00', {});
      expect(none.validationErrors!.map((error) => error.field).sort()).toEqual(['cardNumber', 'cardholderName']);
      expect(await transfersOf(fay)).toEqual(before);
      expect(await usd(fay)).toMatchObject({ balance: 1_000_00n, pending: 0n });
      expect(await db().selectFrom('external_cards').select('id').where('customer_id', '=', fay.customerId).execute()).toEqual([]);
    });

    it('refuses a payout over the single-payout limit, and one the balance cannot pay, on the amount', async () => {
      const limits = transferLimits('oct', 2);
      const gus = await newCustomer('oct-over-limit', limits.perTransactionMax + 1_000_00n);
      const over = await payToCard(gus, formatMinorUnits(limits.perTransactionMax + 1n, 2));
      expect(over.validationErrors).toEqual([expect.objectContaining({ field: 'amount' })]);
      const poor = await newCustomer('oct-poor', 100_00n);
      // 99.00 plus the 2.00 fee is more than the 100.00 there is.
      expect((await payToCard(poor, '99.00')).validationErrors).toEqual([expect.objectContaining({ field: 'amount' })]);
      expect(await usd(poor)).toMatchObject({ balance: 100_00n, pending: 0n });
    });

    it('never overdraws under concurrent payouts', async () => {
      const hal = await newCustomer('oct-burst', 1_000_00n);
      const answers = await Promise.all(Array.from({ length: 12 }, () => payToCard(hal, '100.00')));
      // 9 x 102.00 = 918.00 fits in 1,000.00; a tenth would need 1,020.00.
      expect(answers.filter((answer) => answer.responseCode === '00')).toHaveLength(9);
      expect(answers.filter((answer) => answer.responseCode !== '00').every((answer) => answer.validationErrors?.[0]?.field === 'amount')).toBe(true);
      expect(await usd(hal)).toMatchObject({ balance: 1_000_00n, pending: 918_00n });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('saves a card when asked, once per number, lists it masked, pays it again, and deletes it; another customer’s card is 13', async () => {
      const jo = await newCustomer('oct-saver', 1_000_00n);
      const kim = await newCustomer('oct-other', 1_000_00n);
      expect((await rpc('externalCards', {}, jo.tokens)).cards).toEqual([]);
      await payToCard(jo, '10.00', { ...ADA, saveCard: true });
      await payToCard(jo, '10.00', { ...ADA, cardNumber: '4111111111111111', saveCard: true });
      await payToCard(jo, '10.00', { cardNumber: MASTERCARD, cardholderName: 'Jo Unsaved' });
      const { cards } = await rpc('externalCards', {}, jo.tokens);
      expect(cards).toEqual([
        expect.objectContaining({ maskedNumber: '411111******1111', cardBrand: 'VISA', holderName: 'Ada Lovelace', issuer: 'JPMorgan Chase Bank' }),
      ]);
      expect(JSON.stringify(cards)).not.toContain('4111111111111111');

      const again = await payToCard(jo, '20.00', { externalCardId: cards![0]!.id });
      expect(again).toMatchObject({ responseCode: '00', status: 'processing' });
      expect((await payoutStatus(jo, again.operationId!)).beneficiaryName).toBe('Ada Lovelace');

      // Kim can neither pay to, nor delete, Jo's card.
      expect((await payToCard(kim, '20.00', { externalCardId: cards![0]!.id })).responseCode).toBe('13');
      expect((await rpc('externalCardDelete', { externalCardId: cards![0]!.id }, kim.tokens)).responseCode).toBe('13');
      expect(await usd(kim)).toMatchObject({ balance: 1_000_00n, pending: 0n });

      expect(await rpc('externalCardDelete', { externalCardId: cards![0]!.id }, jo.tokens)).toMatchObject({ responseCode: '00', cards: [] });
      expect((await payToCard(jo, '20.00', { externalCardId: cards![0]!.id })).responseCode).toBe('13');
      expect((await rpc('externalCardDelete', { externalCardId: cards![0]!.id }, jo.tokens)).responseCode).toBe('13');
    });

    it('tells the card payout fee before sending: the minimum, the percentage, the maximum', async () => {
      const mo = await newCustomer('oct-fee', 0n);
      const fee = (amount: string) => rpc('octFee', { accountId: mo.account, amount }, mo.tokens);
      expect(await fee('100.00')).toMatchObject({ responseCode: '00', fee: '2.00', total: '102.00', currencyCode: 'USD' });
      expect(await fee('1000.00')).toMatchObject({ fee: '15.00', total: '1015.00' });
      expect(await fee('4000.00')).toMatchObject({ fee: '50.00' });
      expect((await fee('0')).validationErrors).toEqual([expect.objectContaining({ field: 'amount' })]);
    });
  });
}
