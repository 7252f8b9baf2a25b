/**
 * Global pay and the recipient link (issue 16 items 3 and 4) through the API, on PGlite and PostgreSQL:
 * a batch is uploaded (92 for an identical one), edited, submitted (its whole total held in one ledger
 * transaction, or nothing over the balance) and approved with the sender's code; each recipient gets an
 * e-mail with a link whose secret the server keeps only hashed. One recipient takes the payment by wire
 * (the rail's own IBAN check, the code e-mailed to them) and the sender sees it paid; one refuses it; one
 * lets it expire; both give the money back to the sender. A wrong, expired or another's secret learns
 * nothing (one answer for all), and the link's calls are limited.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMassSendingFlags } from '../../server/batches/permissions.ts';
import { runGlobalPay, LOOKUPS_PER_LINK } from '../../server/global-pay/receive.ts';
import { secretHash } from '../../server/global-pay/batches.ts';
import { transferFee } from '../../server/pricing/pricing.ts';
import { ApiClient, type Json, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { accountStates, createPersonalCustomer, fund, HEALTHY, ledgerHealth, openAccount, TEST_PASSWORD, uniqueEmail } from './ledger-support.ts';
import { csvDataUrl } from './batch-support.ts';

interface Customer {
  customerId: number;
  email: string;
  usd: number;
  tokens: Tokens;
}

const HEADER = 'amount,description,beneficiaryType,beneficiaryName,beneficiaryEmail,beneficiaryCountryCode,feeShare,forbiddenMethods';

for (const backend of BACKENDS) {
  describe(`global pay on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
    });
    afterAll(() => test?.close());

    const db = () => test.server.db;
    const rpc = async (method: string, params: object, tokens?: Tokens): Promise<Json> =>
      (await client.rpc(method, params, tokens ? { token: tokens.accessToken } : {})).body;
    const usd = async (who: Customer) => (await accountStates(db(), [who.usd])).get(who.usd)!;
    const newCustomer = async (name: string, funds: bigint): Promise<Customer> => {
      const { customerId, email } = await createPersonalCustomer(db(), name);
      const account = await openAccount(db(), customerId, 'USD');
      if (funds > 0n) await fund(db(), account, funds);
      await setMassSendingFlags(db(), customerId, { massSendingGlobal: true });
      return { customerId, email, usd: account, tokens: await client.signIn(email, TEST_PASSWORD) };
    };
    /** The newest outbox message to `to` for `purpose`. */
    const newestMessage = async (to: string, purpose: string) =>
      db()
        .selectFrom('outbox_messages')
        .select(['id', 'body', 'subject'])
        .where('recipient', '=', to.toLowerCase())
        .where('purpose', '=', purpose)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    const codeIn = (body: string | undefined) => /^([0-9]{6}) /.exec(body ?? '')?.[1] ?? '';
    const linkSecretFor = async (email: string) => /\/receive\/([A-Za-z0-9_-]{43,})/.exec((await newestMessage(email, 'globalPayLink'))?.body ?? '')?.[1] ?? '';

    const rows = (emails: { ana: string; ben: string; cy: string }) =>
      [
        HEADER,
        `100.00,November models,individual,Ana Weber,${emails.ana},DE,sender,`,
        `50.00,November models,individual,Ben Carter,${emails.ben},GB,beneficiary,oct`,
        `25.00,,business,Cy Studio LLC,${emails.cy},US,sender,crypto_eft|oct`,
      ].join('\n');

    /** A batch uploaded, submitted and approved: its id and each recipient's link secret. */
    const sentBatch = async (sender: Customer) => {
      const emails = { ana: uniqueEmail('ana'), ben: uniqueEmail('ben'), cy: uniqueEmail('cy') };
      const uploaded = await rpc(
        'globalPayUpload',
        { accountId: sender.usd, batchName: 'November models', attachedFile: csvDataUrl(rows(emails)) },
        sender.tokens,
      );
      expect(uploaded).toMatchObject({
        responseCode: '00',
        errors: [],
        batch: { status: 'draft', count: 3, total: '175.00', currencyCode: 'USD' },
        sufficient: true,
      });
      const batchId = uploaded.batch.batchId as number;
      const submitted = await rpc('globalPaySubmit', { idempotencyKey: randomUUID(), batchId }, sender.tokens);
      expect(submitted).toMatchObject({ responseCode: '00', batch: { status: 'awaitingApproval' }, approval: { operationId: batchId } });
      const code = codeIn((await newestMessage(sender.email, 'globalPayApproval'))?.body);
      const approved = await rpc('globalPayBatchApprove', { idempotencyKey: randomUUID(), operationId: batchId, approvalCode: code }, sender.tokens);
      expect(approved).toMatchObject({ responseCode: '00', status: 'submitted' });
      return { batchId, emails, secrets: { ana: await linkSecretFor(emails.ana), ben: await linkSecretFor(emails.ben), cy: await linkSecretFor(emails.cy) } };
    };

    it('uploads a batch, answers 92 for an identical one, reports bad rows on their row and field, and edits payments in place', async () => {
      const sender = await newCustomer('gp-editor', 1_000_00n);
      const emails = { ana: uniqueEmail('ana'), ben: uniqueEmail('ben'), cy: uniqueEmail('cy') };
      const file = csvDataUrl(rows(emails));
      const first = await rpc('globalPayUpload', { accountId: sender.usd, batchName: 'Models', attachedFile: file }, sender.tokens);
      expect(first).toMatchObject({ responseCode: '00', batch: { status: 'draft', count: 3 } });
      const ben = first.batch.payments.find((payment: Json) => payment.beneficiaryName === 'Ben Carter');
      expect(ben).toMatchObject({
        amount: '50.00',
        feeShare: 'beneficiary',
        beneficiaryCountryCode: 'GB',
        paymentMethods: [
          { name: 'wire', forbidden: false },
          { name: 'oct', forbidden: true },
          { name: 'crypto_eft', forbidden: false },
        ],
      });

      const again = await rpc('globalPayUpload', { accountId: sender.usd, batchName: 'Models', attachedFile: file }, sender.tokens);
      expect(again).toMatchObject({ responseCode: '92', batchId: first.batch.batchId });
      expect(typeof again.date).toBe('string');
      const kept = await rpc('globalPayUpload', { accountId: sender.usd, batchName: 'Models', attachedFile: file, ignoreIdenticalBatch: true }, sender.tokens);
      expect(kept).toMatchObject({ responseCode: '00', batch: { status: 'draft' } });

      const bad = await rpc(
        'globalPayUpload',
        {
          accountId: sender.usd,
          batchName: 'Bad',
          attachedFile: csvDataUrl(`${HEADER}\n-5,x,individual,Ana,${emails.ana},DE,sender,\n10.00,x,robot,Zed,not-an-email,ZZ,sender,\n`),
        },
        sender.tokens,
      );
      expect(bad.responseCode).toBe('00');
      expect(bad.batch).toBeUndefined();
      expect(bad.errors.map((error: Json) => `${error.row}:${error.field}`)).toEqual([
        '1:amount',
        '2:beneficiaryType',
        '2:beneficiaryEmail',
        '2:beneficiaryCountryCode',
      ]);

      // Edits: a wrong amount is refused on that payment's field and changes nothing.
      const batchId = first.batch.batchId;
      const refused = await rpc('globalPayPaymentsUpdate', { batchId, updates: [{ id: ben.id, amount: '0' }], deletes: [ben.id] }, sender.tokens);
      expect(refused).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: `payments.${ben.id}.amount` }] });
      expect((await rpc('globalPayBatchGet', { batchId }, sender.tokens)).count).toBe(3);
      const edited = await rpc(
        'globalPayPaymentsUpdate',
        {
          batchId,
          updates: [{ id: ben.id, amount: '60.00' }],
          deletes: [first.batch.payments[0].id],
          adds: [
            {
              amount: '5.00',
              beneficiaryType: 'individual',
              beneficiaryName: 'Dee',
              beneficiaryEmail: uniqueEmail('dee'),
              beneficiaryCountryCode: 'RO',
              feeShare: 'sender',
            },
          ],
        },
        sender.tokens,
      );
      expect(edited).toMatchObject({ responseCode: '00', count: 3, total: '90.00' });
      const restored = await rpc('globalPayPaymentsUpdate', { batchId, restores: [first.batch.payments[0].id] }, sender.tokens);
      expect(restored).toMatchObject({ responseCode: '00', count: 4, total: '190.00' });

      // Another customer's batch is refused.
      const stranger = await newCustomer('gp-stranger', 0n);
      expect(await rpc('globalPayBatchGet', { batchId }, stranger.tokens)).toMatchObject({ responseCode: '13' });

      // A customer whose mass sending flags leave out global pay may not upload one, and nothing is kept.
      await setMassSendingFlags(db(), stranger.customerId, { massSendingGlobal: false });
      const barred = await rpc('globalPayUpload', { accountId: stranger.usd, batchName: 'Models', attachedFile: file }, stranger.tokens);
      expect(barred).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'accountId', description: 'Your account may not send batches of this kind.' }],
      });
      expect(await db().selectFrom('global_pay_batches').select('id').where('customer_id', '=', stranger.customerId).execute()).toEqual([]);
    });

    it('holds nothing when the batch is over the balance, and the whole total in one ledger transaction when it is not', async () => {
      const poor = await newCustomer('gp-poor', 100_00n);
      const emails = { ana: uniqueEmail('ana'), ben: uniqueEmail('ben'), cy: uniqueEmail('cy') };
      const uploaded = await rpc('globalPayUpload', { accountId: poor.usd, batchName: 'Too much', attachedFile: csvDataUrl(rows(emails)) }, poor.tokens);
      expect(uploaded).toMatchObject({ responseCode: '00', sufficient: false, available: '100.00' });
      const refused = await rpc('globalPaySubmit', { idempotencyKey: randomUUID(), batchId: uploaded.batch.batchId }, poor.tokens);
      expect(refused).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'batchId' }] });
      expect(await usd(poor)).toMatchObject({ balance: 100_00n, pending: 0n });
      expect(await rpc('globalPayBatchGet', { batchId: uploaded.batch.batchId }, poor.tokens)).toMatchObject({ status: 'draft' });

      const rich = await newCustomer('gp-rich', 1_000_00n);
      const kept = await rpc('globalPayUpload', { accountId: rich.usd, batchName: 'Fine', attachedFile: csvDataUrl(rows(emails)) }, rich.tokens);
      const submitted = await rpc('globalPaySubmit', { idempotencyKey: randomUUID(), batchId: kept.batch.batchId }, rich.tokens);
      expect(submitted.responseCode).toBe('00');
      const held = 175_00n + BigInt(Math.round(Number(submitted.batch.fees) * 100));
      expect(await usd(rich)).toMatchObject({ balance: 1_000_00n - held });
      const funding = await db()
        .selectFrom('global_pay_batches')
        .select('funding_transaction_id')
        .where('id', '=', BigInt(kept.batch.batchId))
        .executeTakeFirstOrThrow();
      const legs = await db().selectFrom('ledger_entries').select('account_id').where('transaction_id', '=', funding.funding_transaction_id!).execute();
      expect(legs.length).toBe(2);

      // A wrong code is refused; rejecting gives everything back.
      const wrong = await rpc('globalPayBatchApprove', { idempotencyKey: randomUUID(), operationId: kept.batch.batchId, approvalCode: '000000' }, rich.tokens);
      expect(wrong).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'approvalCode' }] });
      const rejected = await rpc('globalPayReject', { idempotencyKey: randomUUID(), batchId: kept.batch.batchId }, rich.tokens);
      expect(rejected).toMatchObject({ responseCode: '00', status: 'rejected' });
      expect(await usd(rich)).toMatchObject({ balance: 1_000_00n, pending: 0n });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('pays a recipient through the link by wire, and gives back a refused and an expired payment', async () => {
      const sender = await newCustomer('gp-sender', 1_000_00n);
      const { batchId, emails, secrets } = await sentBatch(sender);
      expect(secrets.ana).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Only the hash of a secret is kept.
      const stored = await db().selectFrom('global_pay_payments').select(['secret_hash']).where('batch_id', '=', BigInt(batchId)).execute();
      expect(stored.map((row) => row.secret_hash)).toContain(secretHash(secrets.ana));
      expect(JSON.stringify(stored)).not.toContain(secrets.ana);

      // Ana takes hers by wire to a German IBAN.
      const details = await rpc('receivePaymentDetails', { paymentSecret: secrets.ana });
      expect(details).toMatchObject({
        responseCode: '00',
        beneficiaryName: 'Ana Weber',
        amount: '100.00',
        currencyCode: 'USD',
        feeIsBen: false,
        status: 'available',
        description: 'November models',
      });
      expect(details.allowedCountries).toContain('DE');
      expect(details.senderName).toContain('gp-sender');
      expect(await rpc('receiveMethods', { paymentSecret: secrets.ana, countryCode: 'DE' })).toMatchObject({
        // The batch's currency first, then what the wire pays in Germany (and the rail may send there).
        methods: [{ name: 'wire', currencies: ['USD', 'EUR'] }, { name: 'oct' }, { name: 'crypto_eft' }],
      });
      const meta = await rpc('receiveMeta', { paymentSecret: secrets.ana, paymentMethod: 'wire', toCurrencyCode: 'EUR', countryCode: 'DE' });
      expect(meta).toMatchObject({
        responseCode: '00',
        fee: (Number(transferFee('wire', 100_00n)) / 100).toFixed(2),
        currencyCode: 'USD',
        toCurrencyCode: 'EUR',
      });
      expect(Number(meta.toAmount)).toBeGreaterThan(80);
      expect(Number(meta.toAmount)).toBeLessThan(100);
      const bank = await rpc('receiveIbanDictionary', { paymentSecret: secrets.ana, iban: 'DE89370400440532013000' });
      expect(bank).toMatchObject({ responseCode: '00', countryCode: 'DE' });

      const badIban = await rpc('receiveSubmit', {
        paymentSecret: secrets.ana,
        paymentMethod: 'wire',
        currencyCode: 'EUR',
        countryCode: 'DE',
        paymentDetails: { iban: 'DE00370400440532013000', swift: 'COBADEFFXXX' },
      });
      expect(badIban).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'paymentDetails.iban' }] });
      const submitted = await rpc('receiveSubmit', {
        paymentSecret: secrets.ana,
        paymentMethod: 'wire',
        currencyCode: 'EUR',
        countryCode: 'DE',
        paymentDetails: { iban: 'DE89370400440532013000', swift: 'COBADEFFXXX' },
      });
      expect(submitted).toMatchObject({ responseCode: '00', approveType: 'approvalCode', status: 'awaitingApproval' });
      const code = codeIn((await newestMessage(emails.ana, 'globalPayReceiveCode'))?.body);
      expect(code).toMatch(/^[0-9]{6}$/);
      expect(
        await rpc('receiveApprove', { paymentSecret: secrets.ana, operationId: submitted.operationId, approvalCode: code === '111111' ? '222222' : '111111' }),
      ).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'approvalCode' }],
      });
      const approved = await rpc('receiveApprove', { paymentSecret: secrets.ana, operationId: submitted.operationId, approvalCode: code });
      expect(approved).toMatchObject({ responseCode: '00', status: 'processing' });

      // The wire network settles it; the sender sees it paid, and what the batch kept beyond the wire's fee back.
      const payment = await db().selectFrom('global_pay_payments').select('transfer_id').where('id', '=', BigInt(details.paymentId)).executeTakeFirstOrThrow();
      const settled = await client.post(`/sandbox/rails/wire/payouts/WIRE-${payment.transfer_id}`, { action: 'settle' });
      expect(settled.status).toBeLessThan(400);
      await runGlobalPay(db());
      expect(await rpc('receivePaymentDetails', { paymentSecret: secrets.ana })).toMatchObject({ status: 'paid' });
      expect(await rpc('receiveLastWithdrawals', { paymentSecret: secrets.ana, limit: 5 })).toMatchObject({
        withdrawals: [{ paymentId: details.paymentId, paymentMethod: 'wire', countryCode: 'DE', status: 'paid', summary: '•••• 3000' }],
      });

      // What she received, in the euros she chose: the amount quoted.
      expect(await rpc('receiveWithdrawalDetails', { paymentSecret: secrets.ana, paymentId: details.paymentId })).toMatchObject({
        responseCode: '00',
        paymentId: details.paymentId,
        amount: meta.toAmount,
        currencyCode: 'EUR',
        status: 'paid',
      });

      // Ben refuses his: 'refused', and his 50.00 goes back to the sender.
      const beforeRefusal = (await usd(sender)).balance;
      expect(await rpc('receiveCancel', { paymentSecret: secrets.ben })).toMatchObject({ responseCode: '00', status: 'refused' });
      expect(await rpc('receivePaymentDetails', { paymentSecret: secrets.ben })).toMatchObject({ status: 'refused' });
      expect((await usd(sender)).balance).toBe(beforeRefusal + 50_00n);

      // Cy never comes: after expireDays the scheduler gives it back, and the link then opens nothing.
      const beforeExpiry = (await usd(sender)).balance;
      const cyPayment = await db()
        .selectFrom('global_pay_payments')
        .select(['id', 'reserved_fee'])
        .where('secret_hash', '=', secretHash(secrets.cy))
        .executeTakeFirstOrThrow();
      await db()
        .updateTable('global_pay_payments')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', cyPayment.id)
        .execute();
      await runGlobalPay(db());
      expect((await usd(sender)).balance).toBe(beforeExpiry + 25_00n + cyPayment.reserved_fee);
      const expired = await rpc('receivePaymentDetails', { paymentSecret: secrets.cy });
      const wrong = await rpc('receivePaymentDetails', { paymentSecret: 'A'.repeat(43) });
      expect(expired).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'paymentSecret' }] });
      expect(wrong).toEqual(expired);

      const status = await rpc('globalPayBatchStatus', { batchId }, sender.tokens);
      expect(status).toMatchObject({
        status: 'completed',
        count: 3,
        paid: 1,
        refused: 1,
        expired: 1,
        waiting: 0,
        returned: (75 + Number(cyPayment.reserved_fee) / 100).toFixed(2),
      });
      // The sender paid Ana's 100.00 and the wire's fee, nothing more.
      expect(await usd(sender)).toMatchObject({ balance: 1_000_00n - 100_00n - transferFee('wire', 100_00n), pending: 0n });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('pays a recipient of a EUR batch in USD by wire at the rails’ rate: the amount quoted is the amount paid, through the FX accounts', async () => {
      const { customerId, email } = await createPersonalCustomer(db(), 'gp-fx');
      const eur = await openAccount(db(), customerId, 'EUR');
      await fund(db(), eur, 500_00n);
      await setMassSendingFlags(db(), customerId, { massSendingGlobal: true });
      const tokens = await client.signIn(email, TEST_PASSWORD);
      const dora = uniqueEmail('dora');
      const uploaded = await rpc(
        'globalPayUpload',
        { accountId: eur, batchName: 'Dollars', attachedFile: csvDataUrl([HEADER, `100.00,Shoot,individual,Dora Reyes,${dora},US,sender,`].join('\n')) },
        tokens,
      );
      const batchId = uploaded.batch.batchId as number;
      expect(await rpc('globalPaySubmit', { idempotencyKey: randomUUID(), batchId }, tokens)).toMatchObject({ responseCode: '00' });
      const senderCode = codeIn((await newestMessage(email, 'globalPayApproval'))?.body);
      expect(await rpc('globalPayBatchApprove', { idempotencyKey: randomUUID(), operationId: batchId, approvalCode: senderCode }, tokens)).toMatchObject({
        responseCode: '00',
        status: 'submitted',
      });
      const secret = await linkSecretFor(dora);

      // In the US a wire pays her in the batch's euros or in dollars; the rail sends no pounds there.
      expect(await rpc('receiveMethods', { paymentSecret: secret, countryCode: 'US' })).toMatchObject({
        methods: [{ name: 'wire', currencies: ['EUR', 'USD'] }, { name: 'oct' }, { name: 'crypto_eft' }],
      });
      expect(await rpc('receiveMeta', { paymentSecret: secret, paymentMethod: 'wire', toCurrencyCode: 'GBP', countryCode: 'US' })).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'toCurrencyCode' }],
      });
      // Meta answers the rate and the amount to receive the rails answer the sender for the same wire (one FX, quoteTransfer).
      const meta = await rpc('receiveMeta', { paymentSecret: secret, paymentMethod: 'wire', toCurrencyCode: 'USD', countryCode: 'US' });
      const railFee = await rpc('wireFee', { accountId: eur, amount: '100.00', toCurrency: 'USD', countryCode: 'US' }, tokens);
      expect(meta).toMatchObject({
        responseCode: '00',
        currencyCode: 'EUR',
        toCurrencyCode: 'USD',
        fee: railFee.fee,
        exchangeRate: railFee.exchangeRate,
        toAmount: railFee.toAmount,
      });
      expect(meta.exchangeRate).not.toBe('1');

      const submitted = await rpc('receiveSubmit', {
        paymentSecret: secret,
        paymentMethod: 'wire',
        currencyCode: 'USD',
        countryCode: 'US',
        paymentDetails: { beneficiaryName: 'Dora Reyes', routingNumber: '021000021', accountNumber: '123456789' },
      });
      expect(submitted).toMatchObject({ responseCode: '00', status: 'awaitingApproval' });
      const code = codeIn((await newestMessage(dora, 'globalPayReceiveCode'))?.body);
      expect(await rpc('receiveApprove', { paymentSecret: secret, operationId: submitted.operationId, approvalCode: code })).toMatchObject({
        responseCode: '00',
        status: 'processing',
      });

      // The payout: 100.00 EUR out of the batch's escrow, the quoted dollars to the wire, at the quoted rate.
      const payment = await db()
        .selectFrom('global_pay_payments')
        .select(['transfer_id', 'chosen_currency'])
        .where('secret_hash', '=', secretHash(secret))
        .executeTakeFirstOrThrow();
      expect(payment.chosen_currency).toBe('USD');
      const transfer = await db()
        .selectFrom('transfers')
        .select(['amount', 'currency_code', 'to_amount', 'to_currency_code', 'rate', 'fee'])
        .where('id', '=', payment.transfer_id!)
        .executeTakeFirstOrThrow();
      const quoted = BigInt(String(meta.toAmount).replace('.', ''));
      expect(transfer).toMatchObject({ amount: 100_00n, currency_code: 'EUR', to_amount: quoted, to_currency_code: 'USD', fee: transferFee('wire', 100_00n) });
      expect(String(transfer.rate)).toBe(meta.exchangeRate);
      expect(
        await db()
          .selectFrom('rail_sandbox_payouts')
          .select(['amount', 'currency_code'])
          .where('end_to_end_id', '=', `WIRE-${payment.transfer_id}`)
          .executeTakeFirst(),
      ).toEqual({ amount: meta.toAmount, currency_code: 'USD' });

      const settled = await client.post(`/sandbox/rails/wire/payouts/WIRE-${payment.transfer_id}`, { action: 'settle' });
      expect(settled.status).toBeLessThan(400);
      await runGlobalPay(db());
      expect(await rpc('receivePaymentDetails', { paymentSecret: secret })).toMatchObject({ status: 'paid' });
      expect(await rpc('receiveLastWithdrawals', { paymentSecret: secret, limit: 5 })).toMatchObject({
        withdrawals: [{ amount: meta.toAmount, currencyCode: 'USD', paymentMethod: 'wire', countryCode: 'US', status: 'paid' }],
      });
      // The sender paid 100.00 EUR and the wire's fee, nothing more, and nothing is left pending or in escrow for it.
      expect((await accountStates(db(), [eur])).get(eur)).toMatchObject({ balance: 500_00n - 100_00n - transferFee('wire', 100_00n), pending: 0n });
      expect(await rpc('globalPayBatchStatus', { batchId }, tokens)).toMatchObject({ status: 'completed', paid: 1 });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('gives a sample file that uploads as it is, and lists file batches in the batch list as globalPay', async () => {
      const sender = await newCustomer('gp-list', 1_000_00n);
      const sample = await rpc('massSampleFile', { transferType: 'globalPay' }, sender.tokens);
      expect(sample).toMatchObject({ responseCode: '00', fileName: 'global-pay-sample.csv', mediaType: 'text/csv' });
      const text = Buffer.from(sample.content as string, 'base64').toString('utf8');
      expect(text.split('\r\n')[0]).toBe(HEADER);
      const uploaded = await rpc('globalPayUpload', { accountId: sender.usd, batchName: 'From the sample', attachedFile: csvDataUrl(text) }, sender.tokens);
      expect(uploaded).toMatchObject({ responseCode: '00', errors: [], batch: { status: 'draft', count: 2, total: '370.00', currencyCode: 'USD' } });
      const batchId = uploaded.batch.batchId as number;

      // A payment removed leaves the count and total of the list.
      const removed = uploaded.batch.payments.find((payment: Json) => payment.amount === '120.00');
      expect((await rpc('globalPayPaymentsUpdate', { batchId, deletes: [removed.id] }, sender.tokens)).responseCode).toBe('00');
      const listed = await rpc('batchTransferList', { pageNumber: 1, pageSize: 20 }, sender.tokens);
      expect(listed).toMatchObject({ responseCode: '00', total: 1 });
      expect(listed.batchTransfer.transfer).toEqual([
        {
          batchId,
          name: 'From the sample',
          type: 'globalPay',
          status: 'draft',
          accountId: sender.usd,
          count: 1,
          totalAmount: '250.00',
          currencyCode: 'USD',
          createdDate: expect.any(String),
        },
      ]);

      // Beside a mass batch, filtered by type and by name; another customer sees neither.
      const other = await newCustomer('gp-list-other', 0n);
      await setMassSendingFlags(db(), sender.customerId, { massSendingUser: true });
      const p2p = await rpc(
        'massTransferUpload',
        { transferType: 'p2p', accountId: sender.usd, batchName: 'Fees', text: `${other.email},5.00,fees` },
        sender.tokens,
      );
      expect(p2p).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation' });
      const both = await rpc('batchTransferList', { pageNumber: 1, pageSize: 20 }, sender.tokens);
      expect(both.batchTransfer.transfer.map((batch: Json) => batch.type)).toEqual(['p2p', 'globalPay']);
      const globalOnly = await rpc('batchTransferList', { pageNumber: 1, pageSize: 20, types: ['globalPay'] }, sender.tokens);
      expect(globalOnly.batchTransfer.transfer.map((batch: Json) => batch.batchId)).toEqual([batchId]);
      const bySearch = await rpc('batchTransferList', { pageNumber: 1, pageSize: 20, search: 'sample' }, sender.tokens);
      expect(bySearch.batchTransfer.transfer.map((batch: Json) => batch.type)).toEqual(['globalPay']);
      expect(await rpc('batchTransferList', { pageNumber: 1, pageSize: 20 }, other.tokens)).toMatchObject({ total: 0 });
    });

    it('gives a payout its rail failed back to the sender, amount and fee', async () => {
      const sender = await newCustomer('gp-failed', 1_000_00n);
      const { secrets, emails } = await sentBatch(sender);
      const submitted = await rpc('receiveSubmit', {
        paymentSecret: secrets.ana,
        paymentMethod: 'wire',
        currencyCode: 'EUR',
        countryCode: 'DE',
        paymentDetails: { iban: 'DE89370400440532013000', swift: 'COBADEFFXXX' },
      });
      const code = codeIn((await newestMessage(emails.ana, 'globalPayReceiveCode'))?.body);
      expect(await rpc('receiveApprove', { paymentSecret: secrets.ana, operationId: submitted.operationId, approvalCode: code })).toMatchObject({
        status: 'processing',
      });
      const before = (await usd(sender)).balance;
      const payment = await db()
        .selectFrom('global_pay_payments')
        .select('transfer_id')
        .where('secret_hash', '=', secretHash(secrets.ana))
        .executeTakeFirstOrThrow();
      expect((await client.post(`/sandbox/rails/wire/payouts/WIRE-${payment.transfer_id}`, { action: 'fail' })).status).toBeLessThan(400);
      await runGlobalPay(db());
      expect(await rpc('receivePaymentDetails', { paymentSecret: secrets.ana })).toMatchObject({ status: 'failed' });
      expect((await usd(sender)).balance).toBe(before + 100_00n + transferFee('wire', 100_00n));
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('sends one payment alone (p2p global pay): methods, meta, submit and approval with the code; its link stops at its expiry', async () => {
      const sender = await newCustomer('gp-single', 500_00n);
      expect(await rpc('p2pGlobalPayMethods', { countryCode: 'CA' }, sender.tokens)).toMatchObject({
        methods: [{ name: 'interac' }, { name: 'wire' }, { name: 'crypto_eft' }],
      });
      // The recipient may choose any country, and a fee depends on the rail: the dearest rail's fee is kept.
      const highest = ['wire', 'eft', 'oct', 'crypto_eft', 'instant_payment', 'interac']
        .map((rail) => transferFee(rail, 40_00n))
        .reduce((a, b) => (a > b ? a : b));
      const money = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
      expect(
        await rpc('p2pGlobalPayMeta', { accountId: sender.usd, amount: '40.00', beneficiaryCountryCode: 'CA', feeShare: 'sender' }, sender.tokens),
      ).toMatchObject({
        responseCode: '00',
        maximumTrxFee: money(highest),
        estimatedTotal: money(40_00n + highest),
        extraFxMarkupPercent: '0.5',
        currencyCode: 'USD',
      });
      const email = uniqueEmail('fay');
      const payment = {
        amount: '40.00',
        beneficiaryType: 'individual',
        beneficiaryName: 'Fay Tremblay',
        beneficiaryEmail: email,
        beneficiaryCountryCode: 'CA',
        feeShare: 'sender',
      };
      const refused = await rpc(
        'p2pGlobalPaySubmit',
        { idempotencyKey: randomUUID(), accountId: sender.usd, ...payment, beneficiaryCountryCode: 'ZZ' },
        sender.tokens,
      );
      expect(refused).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'beneficiaryCountryCode' }] });
      const submitted = await rpc('p2pGlobalPaySubmit', { idempotencyKey: randomUUID(), accountId: sender.usd, ...payment }, sender.tokens);
      expect(submitted).toMatchObject({ responseCode: '00', approval: { operationId: submitted.batchId } });
      expect(await usd(sender)).toMatchObject({ balance: 500_00n - 40_00n - highest });
      // A batch's approval call does not approve a single payment's operation.
      const code = codeIn((await newestMessage(sender.email, 'globalPayApproval'))?.body);
      expect(
        await rpc('globalPayBatchApprove', { idempotencyKey: randomUUID(), operationId: submitted.approval.operationId, approvalCode: code }, sender.tokens),
      ).toMatchObject({
        responseCode: '13',
      });
      const approved = await rpc(
        'globalPayPaymentApprove',
        { idempotencyKey: randomUUID(), operationId: submitted.approval.operationId, approvalCode: code },
        sender.tokens,
      );
      expect(approved).toMatchObject({ responseCode: '00', paymentId: submitted.paymentId, status: 'sent' });
      const secret = await linkSecretFor(email);
      expect(await rpc('receivePaymentDetails', { paymentSecret: secret })).toMatchObject({ status: 'available', amount: '40.00', expireDays: 30 });
      // Past its expiry the link opens nothing, even before the scheduler gives the money back.
      await db()
        .updateTable('global_pay_payments')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', BigInt(submitted.paymentId))
        .execute();
      expect(await rpc('receivePaymentDetails', { paymentSecret: secret })).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'paymentSecret' }],
      });
    });

    it('tells a wrong or another batch’s secret nothing, and limits the link’s calls', async () => {
      const sender = await newCustomer('gp-secrets', 1_000_00n);
      const first = await sentBatch(sender);
      const second = await sentBatch(sender);
      const anaFirst = await rpc('receivePaymentDetails', { paymentSecret: first.secrets.ana });
      const anaSecond = await rpc('receivePaymentDetails', { paymentSecret: second.secrets.ana });
      expect(anaFirst.paymentId).not.toBe(anaSecond.paymentId);

      const wrong = await rpc('receivePaymentDetails', { paymentSecret: 'B'.repeat(43) });
      expect(wrong).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'paymentSecret' }] });
      // Another batch's payment through this link: approving it, or reading it, answers exactly as a wrong secret.
      const submitted = await rpc('receiveSubmit', {
        paymentSecret: first.secrets.ana,
        paymentMethod: 'wire',
        currencyCode: 'EUR',
        countryCode: 'DE',
        paymentDetails: { iban: 'DE89370400440532013000', swift: 'COBADEFFXXX' },
      });
      expect(submitted.responseCode).toBe('00');
      const otherApprove = await rpc('receiveApprove', { paymentSecret: second.secrets.ana, operationId: submitted.operationId, approvalCode: '123456' });
      expect(otherApprove).toEqual(wrong);
      const otherDetails = await rpc('receiveWithdrawalDetails', { paymentSecret: second.secrets.ben, paymentId: anaFirst.paymentId });
      expect(otherDetails).toEqual(wrong);
      // Nothing was paid or changed by those calls.
      expect(await rpc('receivePaymentDetails', { paymentSecret: first.secrets.ana })).toMatchObject({ status: 'awaitingApproval' });

      // A link called too often is refused for a while.
      // (this window and the next, so a call that crosses into the next one is counted there too)
      const windowStart = Math.floor(Date.now() / 600_000) * 600_000;
      for (const start of [windowStart, windowStart + 600_000]) {
        await db()
          .insertInto('call_counts')
          .values({ key: `link:${secretHash(second.secrets.cy)}`, window_start: new Date(start), count: LOOKUPS_PER_LINK })
          .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: LOOKUPS_PER_LINK }))
          .execute();
      }
      expect(await rpc('receivePaymentDetails', { paymentSecret: second.secrets.cy })).toMatchObject({ responseCode: 'AE' });
    });
  });
}
