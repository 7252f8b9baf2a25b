/**
 * Saved payment buttons, their checkout payments and the IPN sent for each (issue 18 item 4): button CRUD
 * with refusals on fields, the business rights (balanceInfo reads, companySettings changes), a checkout
 * payment that moves money once (replayed with its idempotency key), and the IPN posted to a receiver on
 * 127.0.0.1 with the expected body and PBN signature, failed and then resent.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { checkLedgerInvariant } from '../../server/ledger/invariant.ts';
import { IPN_MAX_ATTEMPTS, runIpnMessages } from '../../server/merchant/ipn.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { readerAndBlindUsers } from './ledger-support.ts';

const ANNA_PHONE = '447700900123';
const SECRET = 'pbn-secret-0123456789';
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** A merchant's notify URL on 127.0.0.1: records every request and answers `status()`. */
async function startReceiver(status: () => number) {
  const received: Array<{ body: string; signature: string | undefined }> = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ body, signature: request.headers['x-signature'] as string | undefined });
      response.writeHead(status()).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ipn`, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

for (const backend of BACKENDS) {
  describe(`saved buttons, checkout and IPN on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let northwind: Tokens;
    let northwindId: number;
    let answerStatus = 500;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;

    const call = async (method: string, params: object, tokens: Tokens, customerId?: number) =>
      (await client.rpc(method, params, { token: tokens.accessToken, ...(customerId ? { customerId } : {}) })).body;
    const account = async (tokens: Tokens, currency: string) =>
      ((await call('balanceInquiry', {}, tokens)).accounts as Array<{ accountId: number; currencyCode: string; balance: string }>).find(
        (a) => a.currencyCode === currency,
      )!;
    const latestSmsCode = async (): Promise<string> => {
      const answer = await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ to: ANNA_PHONE, purpose: 'transferConfirmation' })}`);
      const code = /^([0-9]{6}) is your code/.exec(JSON.parse(answer.text).messages[0]?.body ?? '')?.[1];
      if (!code) throw new Error('no transfer code was sent to Anna');
      return code;
    };
    const buttonForm = async () => ({
      name: 'Studio hour',
      accountId: (await account(northwind, 'USD')).accountId,
      amount: '15.00',
      description: 'One hour in the studio',
      itemReference: 'SKU-1',
      successUrl: 'https://shop.example/thanks',
      cancelUrl: 'https://shop.example/cart',
    });

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      northwind = await client.signIn(DEMO_LOGINS.business);
      northwindId = (await test.server.db.selectFrom('users').select('customer_id').where('email', '=', DEMO_LOGINS.business).executeTakeFirstOrThrow())
        .customer_id!;
      receiver = await startReceiver(() => answerStatus);
    });
    afterAll(async () => {
      await receiver?.close();
      await test?.close();
    });

    it('creates, reads, changes and deletes a button, refusing bad fields on their field', async () => {
      const form = await buttonForm();
      const created = await call('merchantButtonCreate', form, northwind);
      expect(created).toMatchObject({ responseCode: '00', button: { name: 'Studio hour', amount: '15.00', currencyCode: 'USD', enabled: true } });
      const id = created.button.id as number;
      expect(created.button.checkoutUrl).toMatch(new RegExp(`/checkout/${id}$`));
      expect(created.button.htmlSnippet).toContain(`/checkout/${id}"`);
      expect((await call('merchantButtonList', {}, northwind)).buttons.map((b: { id: number }) => b.id)).toContain(id);

      const refusals: Array<[object, string]> = [
        [{ accountId: (await account(anna, 'USD')).accountId }, 'accountId'],
        [{ successUrl: 'javascript:alert(1)' }, 'successUrl'],
        [{ amount: undefined, minAmount: '10.00', maxAmount: '5.00' }, 'maxAmount'],
        [{ minAmount: '1.00' }, 'minAmount'],
        [{ amount: '1.234' }, 'amount'],
        [{ name: '   ' }, 'name'],
      ];
      for (const [change, field] of refusals) {
        const refused = await call('merchantButtonUpdate', { ...form, id, ...change }, northwind);
        expect(refused, field).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field }] });
      }
      expect((await call('merchantButtonGet', { id }, northwind)).button).toMatchObject({ amount: '15.00', successUrl: form.successUrl });
      expect((await call('merchantButtonGet', { id }, anna)).responseCode).toBe('13');

      const updated = await call('merchantButtonUpdate', { ...form, id, amount: undefined, minAmount: '5.00', maxAmount: '50.00', enabled: false }, northwind);
      expect(updated.button).toMatchObject({ minAmount: '5.00', maxAmount: '50.00', enabled: false });
      expect(updated.button.amount).toBeUndefined();
      expect((await call('checkoutButtonGet', { buttonId: id }, anna)).checkout).toMatchObject({ merchantName: 'Northwind Studio Ltd', enabled: false });
      const { accountId } = await account(anna, 'USD');
      const disabled = await call('checkoutPay', { idempotencyKey: randomUUID(), buttonId: id, accountId, amount: '6.00' }, anna);
      expect(disabled).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'buttonId' }] });

      expect((await call('merchantButtonDelete', { id }, anna)).responseCode).toBe('13');
      expect((await call('merchantButtonDelete', { id }, northwind)).responseCode).toBe('00');
      expect((await call('merchantButtonGet', { id }, northwind)).responseCode).toBe('13');
      expect((await client.rpc('checkoutButtonGet', { buttonId: id })).body.responseCode).toBe('13');
    });

    it('needs balanceInfo to read and companySettings to change buttons and notification settings', async () => {
      const { reader, blind } = await readerAndBlindUsers(test.server.db, client, northwindId, 'merchant');
      const form = await buttonForm();
      expect((await call('merchantButtonList', {}, reader, northwindId)).responseCode).toBe('00');
      expect((await call('merchantButtonCreate', form, reader, northwindId)).responseCode).toBe('13');
      expect((await call('ipnSettingsUpdate', { statusId: 2, notifyStatusId: 1 }, reader, northwindId)).responseCode).toBe('13');
      expect((await call('pbnSettingsUpdate', { statusId: 2 }, reader, northwindId)).responseCode).toBe('13');
      expect((await call('merchantButtonList', {}, blind, northwindId)).responseCode).toBe('13');
      expect((await call('ipnMessageList', {}, blind, northwindId)).responseCode).toBe('13');
      expect((await call('merchantButtonCreate', form, blind, northwindId)).responseCode).toBe('00');
    });

    it('takes a checkout payment once, then posts its signed IPN, retried, failed and resent', async () => {
      expect((await call('ipnSettingsUpdate', { statusId: 1, notifyStatusId: 1 }, northwind)).validationErrors).toMatchObject([{ field: 'notifyUrl' }]);
      expect((await call('pbnSettingsUpdate', { statusId: 1 }, anna)).validationErrors).toMatchObject([{ field: 'secret' }]);
      expect((await call('ipnSettingsUpdate', { statusId: 1, notifyStatusId: 1, notifyUrl: receiver.url }, northwind)).responseCode).toBe('00');
      expect((await call('pbnSettingsUpdate', { statusId: 1, secret: SECRET }, northwind)).settings).toEqual({ statusId: 1, hasSecret: true });
      const { button } = await call('merchantButtonCreate', await buttonForm(), northwind);

      const payerBefore = await account(anna, 'USD');
      const merchantBefore = await account(northwind, 'USD');
      const params = { idempotencyKey: randomUUID(), buttonId: button.id, accountId: payerBefore.accountId };
      const first = await call('checkoutPay', params, anna);
      expect(first).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation', toAmount: '15.00' });
      expect(await call('checkoutPay', params, anna)).toEqual(first);
      expect((await call('checkoutPay', { ...params, buttonId: button.id }, northwind)).responseCode).not.toBe('00');
      const payments = await test.server.db.selectFrom('checkout_payments').select('transfer_id').where('button_id', '=', button.id).execute();
      expect(payments).toEqual([{ transfer_id: BigInt(first.operationId) }]);

      // Nothing is sent before the payment completes.
      const start = new Date();
      expect(await runIpnMessages(test.server.db, start)).toEqual({ made: 0, posted: 0 });
      const approved = await call('transferApprove', { trxid: first.operationId, approvalCode: await latestSmsCode() }, anna);
      expect(approved).toMatchObject({ responseCode: '00', status: 'completed' });
      expect(cents((await account(northwind, 'USD')).balance) - cents(merchantBefore.balance)).toBe(1500);
      expect(cents(payerBefore.balance) - cents((await account(anna, 'USD')).balance)).toBeGreaterThanOrEqual(1500);
      expect((await checkLedgerInvariant(test.server.db)).holds).toBe(true);

      // The receiver fails every attempt: retried later, then left failed.
      answerStatus = 500;
      let now = start;
      for (let attempt = 1; attempt <= IPN_MAX_ATTEMPTS; attempt++) {
        expect((await runIpnMessages(test.server.db, now)).posted).toBe(1);
        now = new Date(now.getTime() + 2 * 60 * 60 * 1000);
      }
      expect((await runIpnMessages(test.server.db, now)).posted).toBe(0);
      expect(receiver.received).toHaveLength(IPN_MAX_ATTEMPTS);
      const sent = receiver.received[0]!;
      expect(JSON.parse(sent.body)).toMatchObject({
        type: 'payment.completed',
        buttonId: button.id,
        itemReference: 'SKU-1',
        paymentId: first.operationId,
        amount: '15.00',
        currencyCode: 'USD',
        payerName: 'Anna Novak',
        status: 'completed',
      });
      expect(sent.signature).toBe(createHmac('sha256', SECRET).update(sent.body).digest('hex'));

      // The demo's two messages come after this one, newest first.
      const list = await call('ipnMessageList', { pageNumber: 1 }, northwind);
      expect(list).toMatchObject({ responseCode: '00', total: 3, pageSize: 25 });
      expect(list.messages.map((m: { status: string }) => m.status)).toEqual(['failed', 'failed', 'confirmed']);
      expect(list.messages[0]).toMatchObject({ attempts: IPN_MAX_ATTEMPTS, responseStatus: 500, transactionId: first.operationId });
      expect((await call('ipnMessageList', { pageNumber: 2, pageSize: 2 }, northwind)).messages).toHaveLength(1);
      const id = list.messages[0].id as number;
      expect((await call('ipnMessageGet', { id }, anna)).responseCode).toBe('13');
      expect((await call('ipnMessageGet', { id }, northwind)).message.request).toBe(sent.body);

      answerStatus = 200;
      expect((await call('ipnMessageResend', { id }, northwind)).message.status).toBe('pending');
      expect((await runIpnMessages(test.server.db, new Date(Date.now() + 1000))).posted).toBe(1);
      expect(receiver.received).toHaveLength(IPN_MAX_ATTEMPTS + 1);
      expect((await call('ipnMessageGet', { id }, northwind)).message).toMatchObject({ status: 'confirmed', responseStatus: 200, attempts: 1 });
    });
  });
}
