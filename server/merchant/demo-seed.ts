import { createHmac } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { payButton } from './checkout.ts';
import { cancelSubscription, chargeInstallment, installmentDueAt } from './subscriptions.ts';

type Trx = Transaction<Database>;

/**
 * Northwind's default logo, drawn here rather than kept as a file: a 96×48 PNG, a navy ring and a bar (an
 * "N" of sorts) on white.
 */
export function demoLogoPng(): Buffer {
  const width = 96;
  const height = 48;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3, 0xff);
    row[0] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const distance = Math.hypot(x - 24, y - 24);
      const ring = distance > 14 && distance < 20;
      const bar = x > 52 && x < 90 && y > 18 && y < 30;
      if (ring || bar) row.set([0x1f, 0x3a, 0x68], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const DEMO_SECRET = 'northwind-demo-pbn-secret';

/**
 * The merchant demo (issue 18 item 4): Northwind has a default logo (shown by the studio hour's button), two saved buttons (a fixed 15.00 USD
 * studio hour, a tip the payer chooses between 1 and 500 USD), IPN on towards its shop's address with
 * signing on, and two payments Anna made with them whose IPN messages show in the history (one confirmed,
 * one failed after its retries). Anna can pay either button again from its checkout page. A recurring button
 * (a monthly membership, 9.00 USD, 12 payments) has Anna as an active subscriber with three installments paid,
 * and a weekly lesson button a subscription of hers with two paid, cancelled by Northwind (item 5).
 *
 * @example
 * await seedMerchantDemo(trx, { northwindUsd: accounts.northwind.USD, annaUsd: accounts.anna.USD }, now);
 */
export async function seedMerchantDemo(trx: Trx, accounts: { northwindUsd: number; annaUsd: number }, now: Date): Promise<void> {
  const owners = await trx.selectFrom('accounts').select(['id', 'customer_id']).where('id', 'in', [accounts.northwindUsd, accounts.annaUsd]).execute();
  const northwind = owners.find((row) => row.id === accounts.northwindUsd)!.customer_id!;
  const anna = owners.find((row) => row.id === accounts.annaUsd)!.customer_id!;
  const annaUser = await trx.selectFrom('users').select('id').where('customer_id', '=', anna).orderBy('id').executeTakeFirstOrThrow();
  const logo = await trx
    .insertInto('merchant_logos')
    .values({ customer_id: northwind, name: 'Northwind mark', is_default: true, media_type: 'image/png', content: demoLogoPng() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const buttons = await trx
    .insertInto('merchant_buttons')
    .values([
      {
        customer_id: northwind,
        created_by_user_id: null,
        name: 'Studio hour',
        account_id: accounts.northwindUsd,
        amount: 1500n,
        min_amount: null,
        max_amount: null,
        description: 'One hour in the Northwind recording studio',
        item_reference: 'STUDIO-1H',
        success_url: 'https://shop.northwind.example/thanks',
        cancel_url: 'https://shop.northwind.example/studio',
        logo_id: logo.id,
      },
      {
        customer_id: northwind,
        created_by_user_id: null,
        name: 'Tip the band',
        account_id: accounts.northwindUsd,
        amount: null,
        min_amount: 100n,
        max_amount: 50_000n,
        description: 'Say thank you for the live session',
        item_reference: 'TIP',
        success_url: 'https://shop.northwind.example/thanks',
        cancel_url: 'https://shop.northwind.example/',
        logo_id: null,
      },
    ])
    .returning('id')
    .execute();
  const notifyUrl = 'https://shop.northwind.example/ipn';
  await trx
    .insertInto('merchant_notification_settings')
    .values({ customer_id: northwind, notify_url: notifyUrl, notify_status_id: 1, status_id: 1, pbn_status_id: 1, pbn_secret: DEMO_SECRET })
    .execute();
  const scope = { trx, customerId: anna, userId: annaUser.id, rights: null, adapters: { messages: unused, push: unused }, afterCommit: () => {} };
  const paid = [
    { button: buttons[0]!.id, amount: undefined, answer: { status: 200, text: 'OK' }, outcome: 'confirmed' as const, attempts: 1 },
    { button: buttons[1]!.id, amount: '20.00', answer: { status: 503, text: 'Service Unavailable' }, outcome: 'failed' as const, attempts: 4 },
  ];
  for (const [index, payment] of paid.entries()) {
    const result = await payButton(scope, { buttonId: payment.button, accountId: accounts.annaUsd, amount: payment.amount }, 'none');
    const at = new Date(now.getTime() - (paid.length - index) * 3_600_000);
    const body = JSON.stringify({
      type: 'payment.completed',
      buttonId: payment.button,
      itemReference: index === 0 ? 'STUDIO-1H' : 'TIP',
      transactionId: result.transactionId,
      paymentId: result.operationId,
      amount: result.toAmount,
      currencyCode: result.toCurrencyCode,
      payerName: 'Anna Novak',
      status: 'completed',
      completedAt: at.toISOString(),
    });
    await trx.updateTable('checkout_payments').set({ notified: true }).where('transfer_id', '=', BigInt(result.operationId)).execute();
    await trx
      .insertInto('ipn_messages')
      .values({
        customer_id: northwind,
        transfer_id: BigInt(result.operationId),
        button_id: payment.button,
        notify_url: notifyUrl,
        status: payment.outcome,
        request_body: body,
        signature: createHmac('sha256', DEMO_SECRET).update(body).digest('hex'),
        response_status: payment.answer.status,
        response_body: payment.answer.text,
        attempts: payment.attempts,
        next_attempt_at: null,
        last_attempt_at: at,
      })
      .execute();
  }
  await seedSubscribers(trx, { northwind, northwindUsd: accounts.northwindUsd, annaUsd: accounts.annaUsd }, scope, now);
}

/** Anna's two subscriptions to Northwind's recurring buttons, started in the past and charged since. */
async function seedSubscribers(
  trx: Trx,
  parties: { northwind: number; northwindUsd: number; annaUsd: number },
  scope: Parameters<typeof payButton>[0],
  now: Date,
): Promise<void> {
  const recurring = [
    { name: 'Monthly membership', amount: 900n, interval: 'month' as const, installments: 12, reference: 'MEMBER-M', paid: 3, cancel: false },
    { name: 'Weekly drum lesson', amount: 2500n, interval: 'week' as const, installments: null, reference: 'LESSON-W', paid: 2, cancel: true },
  ];
  for (const plan of recurring) {
    const button = await trx
      .insertInto('merchant_buttons')
      .values({
        customer_id: parties.northwind,
        created_by_user_id: null,
        name: plan.name,
        account_id: parties.northwindUsd,
        amount: plan.amount,
        min_amount: null,
        max_amount: null,
        description: `${plan.name} at Northwind Studio`,
        item_reference: plan.reference,
        success_url: 'https://shop.northwind.example/thanks',
        cancel_url: 'https://shop.northwind.example/',
        logo_id: null,
        recurring_interval: plan.interval,
        recurring_installments: plan.installments,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const result = await payButton(scope, { buttonId: button.id, accountId: parties.annaUsd }, 'none');
    // Started `paid` intervals ago, so its later installments fall due one by one until now.
    const first = new Date(installmentDueAt(now, plan.interval, 2 - plan.paid).getTime() - 3_600_000);
    const transferId = BigInt(result.operationId);
    await trx.updateTable('checkout_payments').set({ notified: true }).where('transfer_id', '=', transferId).execute();
    await trx.updateTable('merchant_subscription_installments').set({ state: 'paid', due_at: first }).where('transfer_id', '=', transferId).execute();
    const { subscription_id: id } = await trx
      .selectFrom('merchant_subscription_installments')
      .select('subscription_id')
      .where('transfer_id', '=', transferId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('merchant_subscriptions')
      .set({ first_due_at: first, next_due_at: installmentDueAt(first, plan.interval, 2), created_at: first } as never)
      .where('id', '=', id)
      .execute();
    for (let number = 2; number <= plan.paid; number++) {
      const row = await trx.selectFrom('merchant_subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const at = installmentDueAt(first, plan.interval, number);
      const paid = await chargeInstallment(trx, row, { adapters: scope.adapters, now: at, afterCommit: () => {} });
      await trx.updateTable('checkout_payments').set({ notified: true }).where('transfer_id', '=', paid).execute();
    }
    if (plan.cancel) await cancelSubscription(trx, Number(id), parties.northwind, 'merchant', now);
  }
}

/** The demo's payments need no second factor, so nothing is ever sent through these. */
const unused = new Proxy(
  {},
  {
    get() {
      throw new Error('The merchant demo sends no message.');
    },
  },
) as never;
