import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newApiKey } from './keys.ts';

/**
 * The demo business's public API (issue 18): one API key (its secret thrown away, as after any
 * creation: only its hash and prefix are kept), one allowed IP range (the local machine, so the demo
 * works from a browser on it), and a few requests in the API log over the last days.
 *
 * @example
 * await seedPublicApiDemo(trx, 'business@example.com', new Date());
 */
export async function seedPublicApiDemo(trx: Transaction<Database>, businessLogin: string, now: Date): Promise<void> {
  const owner = await trx.selectFrom('users').select('customer_id').where('email', '=', businessLogin).executeTakeFirstOrThrow();
  const customerId = owner.customer_id!;
  const { prefix, hash } = newApiKey();
  const key = await trx
    .insertInto('api_keys')
    .values({ customer_id: customerId, name: 'Online shop', prefix, key_hash: hash, last_used_at: new Date(now.getTime() - 3_600_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('api_allowed_ips').values({ customer_id: customerId, name: 'This machine', ip_from: '127.0.0.1', ip_to: '127.0.0.1' }).execute();
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  const requests = [
    { method: 'GET', path: '/merchant-api/v1/balance', status: 200, duration_ms: 12, ip: '127.0.0.1', created_at: hoursAgo(50) },
    { method: 'GET', path: '/merchant-api/v1/payments', status: 200, duration_ms: 18, ip: '127.0.0.1', created_at: hoursAgo(26) },
    { method: 'GET', path: '/merchant-api/v1/balance', status: 403, duration_ms: 4, ip: '203.0.113.9', created_at: hoursAgo(5) },
    { method: 'GET', path: '/merchant-api/v1/payments/1', status: 404, duration_ms: 6, ip: '127.0.0.1', created_at: hoursAgo(1) },
  ];
  await trx
    .insertInto('api_requests')
    .values(requests.map((request) => ({ ...request, customer_id: customerId, api_key_id: key.id })))
    .execute();
}
