import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { inRange, rangeProblem } from './ip-ranges.ts';

/** An allowed IP range as the management paths answer it. */
export interface AllowedIpView {
  id: number;
  customerId: number;
  name: string;
  enabled: boolean;
  ipFrom: string;
  ipTo: string;
}

const columns = ['id', 'customer_id', 'name', 'enabled', 'ip_from', 'ip_to'] as const;
type Row = { id: number; customer_id: number; name: string; enabled: boolean; ip_from: string; ip_to: string };
const viewOf = (row: Row): AllowedIpView => ({
  id: row.id,
  customerId: row.customer_id,
  name: row.name,
  enabled: row.enabled,
  ipFrom: row.ip_from,
  ipTo: row.ip_to,
});

/** Refuses a range that is not one (TA1 on ipFrom or ipTo). */
function checkRange(ipFrom: string, ipTo: string): void {
  const problem = rangeProblem(ipFrom, ipTo);
  if (problem) throw new RpcRefusal('TA1', { validationErrors: [{ field: problem.field, key: `server.publicApi.${problem.reason}` }] });
}

export async function listAllowedIps(db: Kysely<Database>, customerId: number): Promise<AllowedIpView[]> {
  return (await db.selectFrom('api_allowed_ips').select(columns).where('customer_id', '=', customerId).orderBy('id').execute()).map(viewOf);
}

export async function createAllowedIp(
  db: Kysely<Database>,
  customerId: number,
  input: { name: string; enabled?: boolean; ipFrom: string; ipTo: string },
): Promise<AllowedIpView> {
  checkRange(input.ipFrom, input.ipTo);
  const row = await db
    .insertInto('api_allowed_ips')
    .values({ customer_id: customerId, name: input.name.trim(), enabled: input.enabled ?? true, ip_from: input.ipFrom, ip_to: input.ipTo })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return viewOf(row);
}

/** Changes a customer's range; undefined when the customer has no such range. */
export async function updateAllowedIp(
  db: Kysely<Database>,
  customerId: number,
  id: number,
  change: { name?: string; enabled?: boolean; ipFrom?: string; ipTo?: string },
): Promise<AllowedIpView | undefined> {
  const current = await db.selectFrom('api_allowed_ips').select(columns).where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
  if (!current) return undefined;
  const ipFrom = change.ipFrom ?? current.ip_from;
  const ipTo = change.ipTo ?? current.ip_to;
  checkRange(ipFrom, ipTo);
  const row = await db
    .updateTable('api_allowed_ips')
    .set({
      ip_from: ipFrom,
      ip_to: ipTo,
      ...(change.name !== undefined ? { name: change.name.trim() } : {}),
      ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
    })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();
  return viewOf(row);
}

export async function deleteAllowedIp(db: Kysely<Database>, customerId: number, id: number): Promise<boolean> {
  const row = await db.deleteFrom('api_allowed_ips').where('id', '=', id).where('customer_id', '=', customerId).returning('id').executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether a customer's keys may be used from an address: anywhere while the customer has no enabled
 * range, else only inside one.
 *
 * @example
 * if (!(await addressAllowed(db, key.customerId, request.ip))) refuse;
 */
export async function addressAllowed(db: Kysely<Database>, customerId: number, address: string): Promise<boolean> {
  const ranges = await db
    .selectFrom('api_allowed_ips')
    .select(['ip_from', 'ip_to'])
    .where('customer_id', '=', customerId)
    .where('enabled', '=', true)
    .execute();
  return ranges.length === 0 || ranges.some((range) => inRange(address, { ipFrom: range.ip_from, ipTo: range.ip_to }));
}
