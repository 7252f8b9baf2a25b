import { sql, type Kysely } from 'kysely';
import type { LoginPolicy } from '../auth/login-attempt.ts';
import type { Database } from '../db/schema.ts';
import type { TextValues } from '../i18n/texts.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { ipInRange, parseIp } from './ip-address.ts';
import { requestTexts } from '../i18n/request-language.ts';

/** An allow-list entry as the IP access methods answer it (document 001 section 3, IP entry). */
export interface IpAccessEntry {
  id: number;
  ip: string;
  toIp?: string;
  created: string;
}

/** Most entries one customer may keep; a longer list is a list nobody reviews. */
export const MAX_IP_ENTRIES = 50;

type Row = { id: number; ip: string; to_ip: string | null; created_at: Date };

const toEntry = (row: Row): IpAccessEntry => ({
  id: row.id,
  ip: row.ip,
  ...(row.to_ip ? { toIp: row.to_ip } : {}),
  created: row.created_at.toISOString(),
});

async function entryRows(db: Kysely<Database>, customerId: number): Promise<Row[]> {
  return db.selectFrom('ip_access_entries').select(['id', 'ip', 'to_ip', 'created_at']).where('customer_id', '=', customerId).orderBy('id').execute();
}

/** Whether the customer's sign-ins are limited to the allow-list. */
export async function ipAccessEnabled(db: Kysely<Database>, customerId: number): Promise<boolean> {
  const row = await db.selectFrom('security_settings').select('ip_access_enabled').where('customer_id', '=', customerId).executeTakeFirst();
  return row?.ip_access_enabled ?? false;
}

/**
 * The customer's allow-list and whether it is enforced.
 *
 * @example
 * const { enabled, entries } = await listIpAccess(db, customerId);
 */
export async function listIpAccess(db: Kysely<Database>, customerId: number): Promise<{ enabled: boolean; entries: IpAccessEntry[] }> {
  const [enabled, rows] = await Promise.all([ipAccessEnabled(db, customerId), entryRows(db, customerId)]);
  return { enabled, entries: rows.map(toEntry) };
}

/**
 * Adds one address, or an inclusive range when `toIp` is given (both ends of one family, the first
 * not after the last). Addresses are stored in canonical form. Refuses TA1 on the field at fault.
 *
 * @example
 * await addIpAccess(db, customerId, { ip: '192.0.2.0', toIp: '192.0.2.255' });
 */
export async function addIpAccess(db: Kysely<Database>, customerId: number, input: { ip: string; toIp?: string }): Promise<IpAccessEntry> {
  const from = parseIp(input.ip);
  if (!from) throw fieldRefusal('ip', 'server.ipAccess.ipFormat');
  let toIp: string | null = null;
  if (input.toIp !== undefined && input.toIp.trim() !== '') {
    const to = parseIp(input.toIp);
    if (!to) throw fieldRefusal('toIp', 'server.ipAccess.toIpFormat');
    if (to.family !== from.family) throw fieldRefusal('toIp', 'server.ipAccess.sameFamily');
    if (to.value < from.value) throw fieldRefusal('toIp', 'server.ipAccess.order');
    if (to.value !== from.value) toIp = to.text;
  }
  return db.transaction().execute(async (trx) => {
    // One customer's additions are serialised so the count and duplicate checks hold.
    await sql`select pg_advisory_xact_lock(7201010, ${customerId})`.execute(trx);
    const rows = await entryRows(trx, customerId);
    if (rows.length >= MAX_IP_ENTRIES) throw fieldRefusal('ip', 'server.ipAccess.full', { max: MAX_IP_ENTRIES });
    if (rows.some((row) => row.ip === from.text && row.to_ip === toIp)) throw fieldRefusal('ip', 'server.ipAccess.already');
    const row = await trx
      .insertInto('ip_access_entries')
      .values({ customer_id: customerId, ip: from.text, to_ip: toIp })
      .returning(['id', 'ip', 'to_ip', 'created_at'])
      .executeTakeFirstOrThrow();
    return toEntry(row);
  });
}

/**
 * Deletes an entry of the customer. Another customer's id (or an unknown one) is refused 13. While
 * the list is enforced, an entry whose removal would shut out the address asking is refused, so
 * nobody locks themselves out by accident.
 */
export async function deleteIpAccess(db: Kysely<Database>, customerId: number, id: number, requestIp: string | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(7201010, ${customerId})`.execute(trx);
    const rows = await entryRows(trx, customerId);
    if (!rows.some((row) => row.id === id)) throw new RpcRefusal('13');
    if (await ipAccessEnabled(trx, customerId)) {
      const remaining = rows.filter((row) => row.id !== id);
      if (!requestIp || !remaining.some((row) => ipInRange(requestIp, { ip: row.ip, toIp: row.to_ip }))) {
        throw new RpcRefusal('TA1', {
          key: 'server.ipAccess.deleteWouldBlock',
          values: { ip: requestIp ?? '?' },
          validationErrors: [{ field: 'id', key: 'server.ipAccess.entryLetsYouIn' }],
        });
      }
    }
    await trx.deleteFrom('ip_access_entries').where('id', '=', id).where('customer_id', '=', customerId).execute();
  });
}

/**
 * Turns the allow-list on or off. Turning it on needs at least one entry and one covering the
 * address asking, else the next sign-in from here would be refused.
 */
export async function setIpAccessMode(db: Kysely<Database>, customerId: number, enable: boolean, requestIp: string | undefined): Promise<void> {
  if (enable) {
    const rows = await entryRows(db, customerId);
    if (rows.length === 0) throw fieldRefusal('enable', 'server.ipAccess.addFirst');
    if (!requestIp || !rows.some((row) => ipInRange(requestIp, { ip: row.ip, toIp: row.to_ip }))) {
      throw fieldRefusal('enable', 'server.ipAccess.currentNotListed', { ip: requestIp ?? '' });
    }
  }
  await db
    .insertInto('security_settings')
    .values({ customer_id: customerId, ip_access_enabled: enable })
    .onConflict((conflict) => conflict.column('customer_id').doUpdateSet({ ip_access_enabled: enable, updated_at: new Date() }))
    .execute();
}

function fieldRefusal(field: string, key: string, values?: TextValues): RpcRefusal {
  return new RpcRefusal('TA1', { key, ...(values ? { values } : {}), validationErrors: [{ field, key, ...(values ? { values } : {}) }] });
}

/**
 * The sign-in policy: when the user's customer enforces its allow-list, an address outside it is
 * refused with HTTP 403 before any second factor or code.
 */
export const ipAllowListPolicy: LoginPolicy = async ({ db, userId, ip }) => {
  const user = await db.selectFrom('users').select('customer_id').where('id', '=', userId).executeTakeFirst();
  if (!user?.customer_id || !(await ipAccessEnabled(db, user.customer_id))) return null;
  const rows = await entryRows(db, user.customer_id);
  if (rows.some((row) => ipInRange(ip, { ip: row.ip, toIp: row.to_ip }))) return null;
  return {
    status: 403,
    body: {
      message: requestTexts()('server.signin.ipNotAllowed', { ip }),
      error: 'ipNotAllowed',
    },
  };
};
