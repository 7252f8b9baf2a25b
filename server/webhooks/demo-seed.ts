import type { Kysely } from 'kysely';
import { seal } from '../cards/processor.ts';
import { keptRandomKey } from '../db/app-settings.ts';
import type { Database } from '../db/schema.ts';
import { checkEventData, messageBody, newMessageId } from './events.ts';
import { newSigningSecret, signatureHeaders } from './signing.ts';

const MINUTE = 60_000;

/**
 * Northwind's webhook endpoint and a few logged deliveries, so the webhook log shows something: a payment
 * received delivered at once, and a payout settled that failed once (503) and was delivered on its retry.
 *
 * @example
 * await seedWebhooksDemo(trx, accounts.northwind.USD, now);
 */
export async function seedWebhooksDemo(db: Kysely<Database>, northwindUsdAccountId: number, now: Date): Promise<void> {
  const { customer_id: customerId } = await db.selectFrom('accounts').select('customer_id').where('id', '=', northwindUsdAccountId).executeTakeFirstOrThrow();
  if (customerId === null) return;
  const secret = newSigningSecret();
  const endpoint = await db
    .insertInto('webhook_endpoints')
    .values({
      customer_id: customerId,
      name: 'Northwind shop',
      url: 'https://shop.northwind.example/webhooks',
      secret_sealed: seal(await keptRandomKey(db, 'webhook_secret_key'), secret),
    })
    .returning(['id', 'url'])
    .executeTakeFirstOrThrow();
  const paidAt = new Date(now.getTime() - 3 * 24 * 60 * MINUTE);
  const settledAt = new Date(now.getTime() - 26 * 60 * MINUTE);
  const events = [
    {
      type: 'payment.received',
      at: paidAt,
      data: {
        transferId: 1,
        accountId: northwindUsdAccountId,
        amount: '250.00',
        currencyCode: 'USD',
        payerName: 'Anna Novak',
        note: 'Logo design',
        receivedAt: paidAt.toISOString(),
      },
      answers: [200],
    },
    {
      type: 'payout.settled',
      at: settledAt,
      data: {
        transferId: 2,
        rail: 'wire',
        endToEndId: 'WIRE-DEMO-0001',
        amount: '1200.00',
        currencyCode: 'USD',
        beneficiaryName: 'Harbour Print Co.',
        state: 'settled',
        at: settledAt.toISOString(),
      },
      answers: [503, 200],
    },
  ];
  for (const event of events) {
    const { data } = event;
    checkEventData(event.type, data);
    const id = newMessageId();
    await db
      .insertInto('webhook_messages')
      .values({ id, customer_id: customerId, event_type: event.type, payload: JSON.stringify(data), created_at: event.at })
      .execute();
    const delivery = await db
      .insertInto('webhook_deliveries')
      .values({
        message_id: id,
        endpoint_id: endpoint.id,
        state: 'delivered',
        attempt_count: event.answers.length,
        next_attempt_at: null,
        created_at: event.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body = messageBody(event.type, event.at, data);
    let attemptedAt = event.at;
    for (const [index, status] of event.answers.entries()) {
      const retryAt = status === 200 ? null : new Date(attemptedAt.getTime() + 5_000);
      await db
        .insertInto('webhook_attempts')
        .values({
          delivery_id: delivery.id,
          message_id: id,
          endpoint_id: endpoint.id,
          customer_id: customerId,
          url: endpoint.url,
          request_headers: JSON.stringify({ 'content-type': 'application/json', ...signatureHeaders(secret, id, attemptedAt, body) }),
          request_body: body,
          response_status: status,
          response_body: status === 200 ? '{"received":true}' : 'Service Unavailable',
          error: null,
          duration_ms: 140 + index * 60,
          attempted_at: attemptedAt,
          next_attempt_at: retryAt,
          outcome: status === 200 ? 'delivered' : 'failed',
        })
        .execute();
      attemptedAt = retryAt ?? attemptedAt;
    }
  }
}
