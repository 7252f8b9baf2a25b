/**
 * Mass batches and the customer's limits (issue 16, document 001 section 7 'Customer limits'), through the
 * API on PGlite and PostgreSQL: a rail batch confirmed (funded) but not yet paid by the runner counts against
 * the daily limit of its rail, so neither a single payout nor a second batch passes it in between; it counts
 * once, not again when the runner writes its payouts; a batch waiting for an approver counts until it is
 * declined. Confirming checks again each payment against the single payment and country maximums.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { confirmBatch, decideBatch, runBatches } from '../../server/batches/batches.ts';
import { MASS_SENDING_FLAGS, setMassSendingFlags } from '../../server/batches/permissions.ts';
import { formatMinorUnits } from '../../server/ledger/money.ts';
import { sandboxMessages } from '../../server/messaging/messages.ts';
import { transferLimits } from '../../server/pricing/pricing.ts';
import { railAdapters } from '../../server/rails/adapters.ts';
import { limitUsage } from '../../server/transfers/limits.ts';
import { csvDataUrl } from './batch-support.ts';
import { BACKENDS } from './harness.ts';
import { HEALTHY, ledgerHealth } from './ledger-support.ts';
import { railTestServer, type RailCustomer } from './rails-support.ts';

/** A beneficiary with a published valid IBAN and BIC (Commerzbank's example account, Germany). */
const ADA = { beneficiaryName: 'Ada Lovelace', iban: 'DE89 3704 0044 0532 0130 00', swift: 'COBADEFFXXX' };
const ALL_FLAGS = Object.fromEntries(MASS_SENDING_FLAGS.map((flag) => [flag, true]));
const WIRE_HEADER = 'Beneficiary name,IBAN,SWIFT (BIC),Amount,Note';
const wires = (amounts: bigint[]) =>
  csvDataUrl(`${WIRE_HEADER}\n${amounts.map((amount, index) => `Payee ${index + 1},${ADA.iban},${ADA.swift},${formatMinorUnits(amount, 2)},`).join('\n')}\n`);

for (const backend of BACKENDS) {
  describe(`mass batches and limits on ${backend.name}`, () => {
    const railServer = railTestServer(backend);
    const { db, rpc } = railServer;
    const limits = transferLimits('wire', 2);
    const daily = limits.dailyMax;

    /** A fresh customer with `funds` minor units, sending without a second factor, allowed every mass method. */
    const newCustomer = async (name: string, funds: bigint, currency = 'USD') => {
      const customer = await railServer.newCustomer(name, funds, { currency });
      await setMassSendingFlags(db(), customer.customerId, ALL_FLAGS);
      return customer;
    };
    const upload = async (from: RailCustomer, amounts: bigint[]) => {
      const uploaded = await rpc(
        'massTransferUpload',
        { transferType: 'wire', accountId: from.account, batchName: 'Wires', file: wires(amounts) },
        from.tokens,
      );
      expect(uploaded).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation' });
      return uploaded.batchId as number;
    };
    const confirm = (from: RailCustomer, batchId: number) => rpc('massTransferConfirm', { idempotencyKey: randomUUID(), batchId }, from.tokens);
    const wire = (from: RailCustomer, amount: bigint) =>
      rpc('wireTransfer', { idempotencyKey: randomUUID(), accountId: from.account, amount: formatMinorUnits(amount, 2), ...ADA }, from.tokens);
    const usedToday = async (from: RailCustomer) => (await limitUsage(db(), from.customerId, 'wire', 'USD')).today;
    const runAll = async () => {
      while ((await runBatches(db(), 500, { rails: railAdapters({ sandboxes: true }, db()), messages: sandboxMessages(db()) })) > 0);
    };
    const refusal = (answer: { responseCode: string; validationErrors?: Array<{ field: string; description: string }> }) => ({
      code: answer.responseCode,
      fields: (answer.validationErrors ?? []).map((error) => error.field),
    });

    it('counts a funded batch its runner has not paid yet, so a single wire or a second batch cannot pass the daily limit', async () => {
      const ivy = await newCustomer('batch-daily', daily * 3n);
      // Two payments of 45% of the daily limit: 90% of it, funded, the runner not yet there.
      const first = await upload(ivy, [(daily * 45n) / 100n, (daily * 45n) / 100n]);
      expect(await confirm(ivy, first)).toMatchObject({ responseCode: '00', status: 'processing' });
      expect(await usedToday(ivy)).toBe((daily * 90n) / 100n);

      // A single wire of 20% would cross the day's limit: refused on its amount, nothing held.
      const single = await wire(ivy, (daily * 20n) / 100n);
      expect(refusal(single)).toEqual({ code: 'TA1', fields: ['amount'] });
      expect(single.validationErrors![0]!.description).toBe('This is over your daily limit of $100,000.00: you can send $10,000.00 more today.');
      expect(daily).toBe(100_000_00n);
      // So would a second batch of 20%, refused at its confirmation with nothing taken.
      const second = await upload(ivy, [(daily * 20n) / 100n]);
      const before = await railServer.balance(ivy);
      expect(refusal(await confirm(ivy, second))).toEqual({ code: 'TA1', fields: ['batchId'] });
      expect(await railServer.balance(ivy)).toEqual(before);
      expect(await rpc('massTransferStatus', { batchId: second }, ivy.tokens)).toMatchObject({ status: 'awaitingConfirmation' });

      // Once the runner makes the rows payouts, they count once, as payouts: 10% is still left today.
      await runAll();
      const payouts = await db().selectFrom('transfers').select('id').where('batch_id', '=', BigInt(first)).execute();
      expect(payouts).toHaveLength(2);
      expect(await usedToday(ivy)).toBe((daily * 90n) / 100n);
      expect(await wire(ivy, (daily * 10n) / 100n)).toMatchObject({ responseCode: '00' });
      expect(refusal(await wire(ivy, 1_00n))).toEqual({ code: 'TA1', fields: ['amount'] });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('counts a batch waiting for an approver until it is declined', async () => {
      const jo = await newCustomer('batch-approval', daily * 2n);
      const batchId = await upload(jo, [(daily * 30n) / 100n, (daily * 30n) / 100n]);
      await db()
        .transaction()
        .execute((trx) => confirmBatch(trx, { customerId: jo.customerId, userId: jo.userId, batchId: BigInt(batchId), approvalRequest: true }));
      expect(await usedToday(jo)).toBe((daily * 60n) / 100n);
      expect(refusal(await wire(jo, (daily * 50n) / 100n))).toEqual({ code: 'TA1', fields: ['amount'] });

      await db()
        .transaction()
        .execute((trx) => decideBatch(trx, { customerId: jo.customerId, userId: jo.userId, batchId: BigInt(batchId), declined: true }));
      expect(await usedToday(jo)).toBe(0n);
      expect(await wire(jo, (daily * 50n) / 100n)).toMatchObject({ responseCode: '00' });
    });

    it('checks each payment again at confirmation against the single payment and country maximums', async () => {
      const lu = await newCustomer('batch-recheck', daily * 2n);
      // A maximum lowered since the upload reads, at confirmation, as a payment above it: here the row is raised.
      const overSingle = await upload(lu, [10_00n, 20_00n, 30_00n]);
      await db()
        .updateTable('transfer_batch_rows')
        .set({ amount: limits.perTransactionMax + 1n })
        .where('batch_id', '=', BigInt(overSingle))
        .where('row_number', '=', 3)
        .execute();
      const before = await railServer.balance(lu);
      const refused = await confirm(lu, overSingle);
      expect(refusal(refused)).toEqual({ code: 'TA1', fields: ['batchId'] });
      expect(limits.perTransactionMax).toBe(50_000_00n);
      expect(refused.validationErrors![0]!.description).toBe('Payment 3 is above the $50,000.00 one payment may send now: upload the batch again without it.');
      expect(await railServer.balance(lu)).toEqual(before);

      // A wire to Germany in euros has a country maximum (schemas/data/country-max-amounts.json: 15,000 EUR).
      const eva = await newCustomer('batch-country', daily * 2n, 'EUR');
      const overCountry = await rpc(
        'massTransferUpload',
        { transferType: 'wire', accountId: eva.account, batchName: 'Euro wires', file: wires([100_00n, 14_000_00n]) },
        eva.tokens,
      );
      expect(overCountry).toMatchObject({ responseCode: '00' });
      await db()
        .updateTable('transfer_batch_rows')
        .set({ amount: 15_000_01n })
        .where('batch_id', '=', BigInt(overCountry.batchId as number))
        .where('row_number', '=', 2)
        .execute();
      const countryRefused = await confirm(eva, overCountry.batchId as number);
      expect(refusal(countryRefused)).toEqual({ code: 'TA1', fields: ['batchId'] });
      expect(countryRefused.validationErrors![0]!.description).toMatch(/^Payment 2 is above the €15,000\.00 one payment may send to its country now/);
      // Within both, the same kind of batch confirms.
      const fine = await upload(lu, [10_00n]);
      expect(await confirm(lu, fine)).toMatchObject({ responseCode: '00', status: 'processing' });
    });
  });
}
