import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { BusinessUserAccess } from '../../generated/entities.ts';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import accessSchema from '../../schemas/entities/business-user-access.schema.json' with { type: 'json' };
import { REGISTRATION_RULES } from '../../schemas/rules/business-registration.ts';
import { hashPassword } from '../auth/passwords.ts';
import { ALL_BUSINESS_RIGHTS, type BusinessRight, type Database } from '../db/schema.ts';
import { FALLBACK_LINK_BASE } from '../messaging/links.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { registrationRules } from './brand-rules.ts';
import { userActivationEmail } from './business.ts';
import { hashCode, newCode } from './one-time-codes.ts';
import { ACTIVATION_CODE_SECONDS, emailStatus } from './registration.ts';

const KINDS = REGISTRATION_RULES.representativeKinds;
const USERS = REGISTRATION_RULES.users;
const STATUSES = REGISTRATION_RULES.emailStatuses;

/** Each area's access level: `noAccess` or the one level its right gives (schemas/entities/business-user-access.schema.json). */
type AccessLevels = BusinessUserAccess;

/** The level each right gives, read from the schema: the value of its area that is not `noAccess`. */
const GRANTED_LEVEL = Object.fromEntries(
  ALL_BUSINESS_RIGHTS.map((right) => {
    const name = accessSchema.properties[right].$ref.split('/').pop() as keyof typeof accessSchema.$defs;
    const levels = (accessSchema.$defs[name] as { enum?: string[] }).enum ?? [];
    return [right, levels.find((level) => level !== 'noAccess')!];
  }),
) as Record<BusinessRight, string>;

/**
 * The access level of each area for a list of rights.
 *
 * @example
 * levelsOf(['balanceInfo']); // { balanceInfo: 'read', transfers: 'noAccess', … }
 */
export function levelsOf(rights: readonly BusinessRight[]): AccessLevels {
  return Object.fromEntries(ALL_BUSINESS_RIGHTS.map((right) => [right, rights.includes(right) ? GRANTED_LEVEL[right] : 'noAccess'])) as unknown as AccessLevels;
}

/**
 * The rights the access levels of a request give, in the order of ALL_BUSINESS_RIGHTS.
 *
 * @example
 * rightsOfLevels({ balanceInfo: 'read', transfers: 'noAccess', … }); // ['balanceInfo']
 */
export function rightsOfLevels(levels: Partial<Record<BusinessRight, string>>): BusinessRight[] {
  return ALL_BUSINESS_RIGHTS.filter((right) => levels[right] !== undefined && levels[right] !== 'noAccess');
}

const hasTopRights = (rights: readonly BusinessRight[]) => ALL_BUSINESS_RIGHTS.every((right) => rights.includes(right));

/** Only a user with top rights (2) changes who may do what; a customer acting for itself, or an admin, holds them. */
function requireTopRights(ctx: RpcContext): { customerId: number; userId: number } {
  const caller = callerOf(ctx);
  if (caller.rights !== undefined && !hasTopRights(caller.rights)) throw new RpcRefusal('13', { key: 'server.access.topRightsOnly' });
  return { customerId: caller.customerId, userId: caller.user.userId };
}

type Db = Kysely<Database> | Transaction<Database>;

/** The company's users with their names (as registered) and levels, optionally only one. */
async function businessUsers(db: Db, customerId: number, selfId: number, onlyUserId?: number) {
  let query = db
    .selectFrom('customer_access as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('registrations as r', 'r.user_id', 'a.user_id')
    .select([
      'a.user_id',
      'a.rights',
      'u.email',
      'r.user_id as registered',
      'r.activated_at',
      (eb) =>
        eb
          .selectFrom('business_representatives as p')
          .select(sql<string>`trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, ''))`.as('name'))
          .whereRef('p.user_id', '=', 'a.user_id')
          .where('p.customer_id', '=', customerId)
          .where('p.entity', '=', 'person')
          .orderBy('p.id')
          .limit(1)
          .as('name'),
    ])
    .where('a.customer_id', '=', customerId)
    .orderBy('a.created_at')
    .orderBy('a.user_id');
  if (onlyUserId !== undefined) query = query.where('a.user_id', '=', onlyUserId);
  const rows = await query.execute();
  return rows.map((row) => {
    const rights = ALL_BUSINESS_RIGHTS.filter((right) => row.rights.includes(right));
    return {
      userId: row.user_id,
      email: row.email,
      name: row.name || row.email,
      accessRights: hasTopRights(rights) ? (USERS.topRightsLevel as 2) : (USERS.authorisedUserLevel as 5),
      activated: row.registered === null || row.activated_at !== null,
      self: row.user_id === selfId,
      ...levelsOf(rights),
    };
  });
}

/** One user of the company, or a refusal on userId when they are not one of its users. */
async function oneUser(db: Db, customerId: number, selfId: number, userId: number) {
  const [user] = await businessUsers(db, customerId, selfId, userId);
  if (!user) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'userId', key: 'server.access.notAUser' }] });
  return user;
}

/**
 * Makes a representative of a company one of its users with no area yet (access right 5). A new login
 * (e-mail status 0) waits for its activation, whose code is e-mailed at once with the employee activation
 * link; an active user of another business (status 3) is linked; a personal login or one waiting for its
 * activation is refused on email.
 */
async function addRepresentativeAsUser(
  db: Kysely<Database>,
  ctx: RpcContext,
  brand: string,
  customerId: number,
  params: { representativeId: number; email?: string },
): Promise<{ userId: number; email: string }> {
  const rules = registrationRules(brand);
  const person = await db
    .selectFrom('business_representatives')
    .select(['id', 'draft_id', 'first_name', 'last_name', 'email', 'birth_day', 'phone', 'address'])
    .where('id', '=', params.representativeId)
    .where('customer_id', '=', customerId)
    .where('entity', '=', 'person')
    .executeTakeFirst();
  if (!person) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'representativeId', key: 'server.access.notARepresentative' }] });
  const email = (person.email ?? params.email)?.toLowerCase();
  if (!email) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'email', key: 'server.access.emailNeeded' }] });
  const status = await emailStatus(db, email);
  if (status !== STATUSES.free && status !== STATUSES.employee) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'email', key: 'server.business.emailTaken' }] });
  }
  const placeholder = status === STATUSES.free ? await hashPassword(randomBytes(32).toString('base64url')) : null;
  const code = newCode();
  const outcome = await db.transaction().execute(async (trx) => {
    const already = await trx
      .selectFrom('business_representatives')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('draft_id', '=', person.draft_id)
      .where('user_id', 'is not', null)
      .executeTakeFirst();
    if (already) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'representativeId', key: 'server.access.alreadyUser' }] });
    let userId: number;
    if (placeholder !== null) {
      const user = await trx
        .insertInto('users')
        .values({ email, password_hash: placeholder, customer_id: customerId })
        .returning('id')
        .executeTakeFirstOrThrow();
      userId = user.id;
      const registration = await trx
        .selectFrom('business_registrations')
        .select(['brand', 'business_type'])
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      await trx
        .insertInto('registrations')
        .values({
          user_id: userId,
          customer_id: customerId,
          brand: registration?.brand ?? rules.brandId,
          registration_type: registration?.business_type ?? rules.businessTypes[0] ?? 'business',
          accepted_terms: '[]',
          activation_code_hash: hashCode(`activation:${userId}`, code),
          code_expires_at: sql<Date>`now() + ${ACTIVATION_CODE_SECONDS} * interval '1 second'`,
          needs_password: true,
        })
        .execute();
    } else {
      userId = (await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
      const linked = await trx
        .selectFrom('customer_access')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      if (linked) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'email', key: 'server.access.alreadyUser' }] });
    }
    await trx.insertInto('customer_access').values({ user_id: userId, customer_id: customerId, rights: [] }).execute();
    await trx
      .updateTable('business_representatives')
      .set({ user_id: userId })
      .where('customer_id', '=', customerId)
      .where('draft_id', '=', person.draft_id)
      .execute();
    await trx
      .insertInto('business_representatives')
      .values({
        customer_id: customerId,
        kind: KINDS.authorisedUser,
        entity: 'person',
        parent_id: null,
        draft_id: person.draft_id,
        first_name: person.first_name,
        last_name: person.last_name,
        birth_day: person.birth_day,
        email,
        phone: person.phone ? JSON.stringify(person.phone) : null,
        address: person.address ? JSON.stringify(person.address) : null,
        user_id: userId,
      })
      .execute();
    const company = await trx.selectFrom('customers').select('business_name').where('id', '=', customerId).executeTakeFirstOrThrow();
    return { userId, company: company.business_name ?? '' };
  });
  if (placeholder !== null)
    await ctx.adapters.messages.sendEmail(userActivationEmail(ctx.origin ?? FALLBACK_LINK_BASE, rules.projectName, outcome.company, email, code));
  return { userId: outcome.userId, email };
}

type CompanyAccessMethods =
  'accessRightsList' | 'businessAuthorizedUserGet' | 'accessRightsUpdate' | 'businessStrictModeSet' | 'businessPotentialUsers' | 'businessRepresentativeAdd';

/**
 * Access management of a company (document 001's /company-access, document 002 section 6): its users with
 * the level each holds on every area, one user read and changed, strict mode, the representatives who
 * could become users and adding one. Reading needs the users right; changing needs top rights (2), and the
 * company keeps a user with top rights. A change is read by the user's next call (the rights matrix reads
 * customer_access on every call).
 *
 * @example
 * createRpcHandlers(bundle, onboarding) // spreads companyAccessHandlers(onboarding.brand)
 */
export function companyAccessHandlers(brand: string): Pick<RpcHandlerMap<RpcContext>, CompanyAccessMethods> {
  return {
    async accessRightsList(_params, ctx) {
      const { customerId, user } = callerOf(ctx);
      const customer = await ctx.db.selectFrom('customers').select('attributes').where('id', '=', customerId).executeTakeFirstOrThrow();
      return { users: await businessUsers(ctx.db, customerId, user.userId), isStrictMode: customer.attributes?.isStrictMode === true };
    },

    async businessAuthorizedUserGet(params, ctx) {
      const { customerId, user } = callerOf(ctx);
      return { user: await oneUser(ctx.db, customerId, user.userId, Number(params.userId)) };
    },

    async accessRightsUpdate(params, ctx) {
      const { customerId, userId: selfId } = requireTopRights(ctx);
      const rights = rightsOfLevels(params);
      return ctx.db.transaction().execute(async (trx) => {
        // Locked in one order, so two top users taking each other's rights at once cannot both succeed.
        const rows = await trx
          .selectFrom('customer_access')
          .select(['user_id', 'rights'])
          .where('customer_id', '=', customerId)
          .orderBy('user_id')
          .forUpdate()
          .execute();
        const target = rows.find((row) => row.user_id === params.userId);
        if (!target) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'userId', key: 'server.access.notAUser' }] });
        const topLeft = rows.some((row) => (row.user_id === params.userId ? hasTopRights(rights) : hasTopRights(row.rights)));
        if (!topLeft) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'users', key: 'server.access.lastTopUser' }] });
        await trx.updateTable('customer_access').set({ rights }).where('customer_id', '=', customerId).where('user_id', '=', params.userId).execute();
        return { user: await oneUser(trx, customerId, selfId, params.userId) };
      });
    },

    async businessStrictModeSet(params, ctx) {
      const { customerId } = requireTopRights(ctx);
      await ctx.db
        .updateTable('customers')
        .set({ attributes: sql`attributes || ${JSON.stringify({ isStrictMode: params.isStrictMode })}::jsonb` })
        .where('id', '=', customerId)
        .execute();
      return { isStrictMode: params.isStrictMode };
    },

    async businessPotentialUsers(_params, ctx) {
      const { customerId } = callerOf(ctx);
      const rows = await ctx.db
        .selectFrom('business_representatives')
        .select(['id', 'draft_id', 'kind', 'first_name', 'last_name', 'email', 'user_id'])
        .where('customer_id', '=', customerId)
        .where('entity', '=', 'person')
        .orderBy('id')
        .execute();
      const users = new Set(rows.filter((row) => row.user_id !== null || row.kind === KINDS.authorisedUser).map((row) => row.draft_id));
      const byPerson = new Map<string, { representativeId: number; name: string; email?: string; kinds: number[] }>();
      for (const row of rows) {
        if (users.has(row.draft_id)) continue;
        const entry = byPerson.get(row.draft_id);
        if (entry) {
          if (!entry.kinds.includes(row.kind)) entry.kinds.push(row.kind);
          continue;
        }
        byPerson.set(row.draft_id, {
          representativeId: row.id,
          name: [row.first_name, row.last_name].filter(Boolean).join(' '),
          ...(row.email ? { email: row.email } : {}),
          kinds: [row.kind],
        });
      }
      return { potentialUsers: [...byPerson.values()] };
    },

    async businessRepresentativeAdd(params, ctx) {
      const { customerId } = requireTopRights(ctx);
      return addRepresentativeAsUser(ctx.db, ctx, brand, customerId, params);
    },
  };
}
