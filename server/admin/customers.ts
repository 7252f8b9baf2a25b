import { sql, type Kysely } from 'kysely';
import type { CustomerType, Database } from '../db/schema.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { customerDisplayName, type CustomerNameColumns } from '../customers/display-name.ts';

/** A customer as the admin overview lists it. */
export interface AdminCustomer {
  customerId: number;
  customerType: CustomerType;
  name: string;
  /** The sign-in e-mail of the customer's own user, when it has one. */
  email?: string;
  verified: boolean;
  limited: boolean;
  created: string;
}

/** A customer opened in the admin overview: the list fields plus who can sign in for it. */
export interface AdminCustomerDetail extends AdminCustomer {
  residenceCountryCode?: string;
  users: { userId: number; login: string; relation: 'own' | 'businessAccess' }[];
  ipAllowListEnabled: boolean;
  blacklistEntries: number;
}

const nameOf = (row: CustomerNameColumns & { id: number }) => customerDisplayName(row, row.id);

/** `like` pattern of a search text, its wildcards taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function baseQuery(db: Kysely<Database>) {
  return db.selectFrom('customers as c');
}

/**
 * One page of customers matching a search: a customer number matches exactly; any other text
 * matches names, business names and sign-in e-mails, ignoring case. No text lists everyone.
 *
 * @example
 * const { customers, results } = await searchCustomers(db, { query: 'novak', pageNumber: 1, pageSize: 20 });
 */
export async function searchCustomers(
  db: Kysely<Database>,
  { query, pageNumber = 1, pageSize = 20 }: { query?: string; pageNumber?: number; pageSize?: number },
): Promise<{ customers: AdminCustomer[]; results: number }> {
  const text = query?.trim() ?? '';
  let base = baseQuery(db);
  if (text) {
    const pattern = likePattern(text.toLowerCase());
    base = base.where((eb) =>
      eb.or([
        ...(/^[0-9]{1,9}$/.test(text) ? [eb('c.id', '=', Number(text))] : []),
        eb(sql`lower(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, ''))`, 'like', pattern),
        eb(sql`lower(coalesce(c.business_name, ''))`, 'like', pattern),
        eb.exists(eb.selectFrom('users as u').select('u.id').whereRef('u.customer_id', '=', 'c.id').where('u.email', 'like', pattern)),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select((eb) => [
        'c.id',
        'c.type',
        'c.first_name',
        'c.last_name',
        'c.business_name',
        'c.verified',
        'c.limited',
        'c.created_at',
        eb
          .selectFrom('users as u')
          .select((inner) => inner.fn.min('u.email').as('email'))
          .whereRef('u.customer_id', '=', 'c.id')
          .as('email'),
      ])
      .orderBy('c.id')
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    customers: rows.map((row) => ({
      customerId: row.id,
      customerType: row.type,
      name: nameOf(row),
      ...(row.email ? { email: row.email } : {}),
      verified: row.verified,
      limited: row.limited,
      created: row.created_at.toISOString(),
    })),
    results: Number(count.n),
  };
}

/**
 * One customer for the admin: identity, status, the users who sign in for it and a glance at its
 * security settings. An unknown id is refused TA1 on customerId.
 */
export async function adminCustomerDetail(db: Kysely<Database>, customerId: number): Promise<AdminCustomerDetail> {
  const row = await db
    .selectFrom('customers as c')
    .select(['c.id', 'c.type', 'c.first_name', 'c.last_name', 'c.business_name', 'c.verified', 'c.limited', 'c.created_at', 'c.residence_country_code'])
    .where('c.id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'customerId', key: 'server.admin.noCustomer', values: { id: customerId } }] });
  const [own, access, settings, blacklist] = await Promise.all([
    db.selectFrom('users').select(['id', 'email']).where('customer_id', '=', customerId).orderBy('id').execute(),
    db
      .selectFrom('customer_access as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['u.id', 'u.email'])
      .where('a.customer_id', '=', customerId)
      .orderBy('u.id')
      .execute(),
    db.selectFrom('security_settings').select('ip_access_enabled').where('customer_id', '=', customerId).executeTakeFirst(),
    db
      .selectFrom('payout_blacklist')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow(),
  ]);
  const users = [
    ...own.map((user) => ({ userId: user.id, login: user.email, relation: 'own' as const })),
    ...access
      .filter((user) => !own.some((mine) => mine.id === user.id))
      .map((user) => ({ userId: user.id, login: user.email, relation: 'businessAccess' as const })),
  ];
  return {
    customerId: row.id,
    customerType: row.type,
    name: nameOf(row),
    ...(own[0] ? { email: own[0].email } : {}),
    verified: row.verified,
    limited: row.limited,
    created: row.created_at.toISOString(),
    ...(row.residence_country_code ? { residenceCountryCode: row.residence_country_code } : {}),
    users,
    ipAllowListEnabled: settings?.ip_access_enabled ?? false,
    blacklistEntries: Number(blacklist.n),
  };
}
