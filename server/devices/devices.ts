import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { hashOpaqueToken, newOpaqueToken } from '../auth/opaque-tokens.ts';
import type { Database, DevicesTable } from '../db/schema.ts';

/** A linked device as the API shows it (document 000 section 3); the secret only once, at linking. */
export interface DeviceView {
  id: number;
  code: string;
  type: 'android' | 'ios';
  name: string;
  location: string | null;
  lastActivityAt: string | null;
  createdAt: string;
}

/** What linking a device needs (document 000 section 5: name, code and type are required). */
export interface NewDevice {
  name: string;
  code: string;
  type: 'android' | 'ios';
  location?: string;
  pushToken?: string;
}

type DeviceRow = Pick<DevicesTable, 'code' | 'type' | 'name' | 'location' | 'last_activity_at'> & { id: number; created_at: Date };

const columns = ['id', 'code', 'type', 'name', 'location', 'last_activity_at', 'created_at'] as const;

function view(row: DeviceRow): DeviceView {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    name: row.name,
    location: row.location,
    lastActivityAt: row.last_activity_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The user's linked devices, newest first.
 *
 * @example
 * const devices = await listDevices(db, userId);
 */
export async function listDevices(db: Kysely<Database>, userId: number): Promise<DeviceView[]> {
  const rows = await db.selectFrom('devices').select(columns).where('user_id', '=', userId).orderBy('id', 'desc').execute();
  return rows.map(view);
}

/** One of the user's devices; undefined when it does not exist or belongs to someone else. */
export async function findDevice(db: Kysely<Database>, userId: number, deviceId: number): Promise<DeviceView | undefined> {
  const row = await db.selectFrom('devices').select(columns).where('user_id', '=', userId).where('id', '=', deviceId).executeTakeFirst();
  return row && view(row);
}

/**
 * Links a device to the user and answers it with its secret, which the app keeps to receive
 * approvals and to sign in directly; only the secret's hash is stored.
 *
 * @example
 * const { device, secret } = await linkDevice(db, userId, { name: 'Pixel 8', code: 'a1b2', type: 'android' });
 */
export async function linkDevice(
  db: Kysely<Database>,
  userId: number,
  device: NewDevice,
  secret: string = newOpaqueToken(),
): Promise<{ device: DeviceView; secret: string }> {
  const row = await db
    .insertInto('devices')
    .values({
      user_id: userId,
      code: device.code,
      type: device.type,
      name: device.name,
      location: device.location ?? null,
      push_token: device.pushToken ?? null,
      secret_hash: hashOpaqueToken(secret),
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return { device: view(row), secret };
}

/**
 * Removes one of the user's devices. Answers 'removed', 'notFound' (no such device of this user:
 * nothing changes) or 'lastPushDevice' (push sign-in or push approval needs it).
 *
 * @example
 * await unlinkDevice(db, userId, 7); // 'removed'
 */
export async function unlinkDevice(db: Kysely<Database>, userId: number, deviceId: number): Promise<'removed' | 'notFound' | 'lastPushDevice'> {
  return db.transaction().execute(async (trx) => {
    const owned = await trx.selectFrom('devices').select('id').where('user_id', '=', userId).where('id', '=', deviceId).forUpdate().executeTakeFirst();
    if (!owned) return 'notFound';
    const { count } = await trx
      .selectFrom('devices')
      .select(sql<number>`count(*)::integer`.as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (count === 1) {
      const user = await trx
        .selectFrom('users')
        .leftJoin('customers', 'customers.id', 'users.customer_id')
        .select(['users.login_2fa_mode', 'customers.transaction_approve_mode'])
        .where('users.id', '=', userId)
        .executeTakeFirstOrThrow();
      if (user.login_2fa_mode === 'push' || user.transaction_approve_mode === 1) return 'lastPushDevice';
    }
    await trx.deleteFrom('devices').where('id', '=', deviceId).execute();
    return 'removed';
  });
}

/**
 * The user's device whose secret this is, recording the activity and a new push token if given;
 * undefined when the secret belongs to no device of this user.
 *
 * @example
 * const device = await deviceBySecret(db, userId, body.secret, body.pushToken);
 */
export async function deviceBySecret(
  db: Kysely<Database>,
  userId: number | undefined,
  secret: string,
  pushToken?: string,
): Promise<{ id: number; userId: number } | undefined> {
  let query = db
    .updateTable('devices')
    .set({ last_activity_at: sql`now()`, ...(pushToken ? { push_token: pushToken } : {}) })
    .where('secret_hash', '=', hashOpaqueToken(secret));
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const row = await query.returning(['id', 'user_id']).executeTakeFirst();
  return row && { id: row.id, userId: row.user_id };
}

/** The devices pushes go to: id and push token of each of the user's devices. */
export async function pushTargets(
  db: Kysely<Database>,
  userId: number,
): Promise<{ id: number; pushToken: string | null; name: string; type: 'android' | 'ios' }[]> {
  const rows = await db.selectFrom('devices').select(['id', 'push_token', 'name', 'type']).where('user_id', '=', userId).orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, pushToken: row.push_token, name: row.name, type: row.type }));
}
