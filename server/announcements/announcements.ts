import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { AnnouncementChoice, AnnouncementTranslations, Database } from '../db/schema.ts';
import type { Language } from '../i18n/texts.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/** A page of the news list when the caller does not say (document 001 section 7). */
export const ANNOUNCEMENT_PAGE_SIZE = 20;

/** One announcement as a customer sees it (schemas/entities/announcement.schema.json). */
export interface CustomerAnnouncement {
  id: number;
  title: string;
  summary: string;
  body?: string;
  publishedAt: string;
  expiresAt?: string;
  isRead: boolean;
  requiresConfirmation: boolean;
  choice?: AnnouncementChoice;
  chosenAt?: string;
  confirmation?: 'awaiting' | 'accepted' | 'declined';
}

/** An announcement row joined with the customer's state (no state row: unread, unanswered). */
export interface AnnouncementRow {
  id: number;
  title: string;
  summary: string;
  body?: string;
  /** The texts in other languages; none when absent. */
  translations?: AnnouncementTranslations;
  published_at: Date;
  expires_at: Date | null;
  requires_confirmation: boolean;
  read_at: Date | null;
  choice: AnnouncementChoice | null;
  chosen_at: Date | null;
}

/**
 * Where a customer's answer stands: awaiting until they choose, then accepted or declined; nothing for
 * an announcement that asks no answer.
 *
 * @example
 * confirmationState(true, null); // 'awaiting'
 */
export function confirmationState(requiresConfirmation: boolean, choice: AnnouncementChoice | null): CustomerAnnouncement['confirmation'] {
  if (!requiresConfirmation) return undefined;
  if (choice === null) return 'awaiting';
  return choice === 'accept' ? 'accepted' : 'declined';
}

/**
 * A row as the API answers it, in the reader's language when the announcement has a translation in it
 * (else as written); the body only when the row carries one.
 *
 * @example
 * toCustomerAnnouncement(row, 'es').title; // the Spanish title, when `row.translations.es` holds one
 */
export function toCustomerAnnouncement(row: AnnouncementRow, language: Language = 'en'): CustomerAnnouncement {
  const confirmation = confirmationState(row.requires_confirmation, row.choice);
  const texts = row.translations?.[language] ?? { title: row.title, summary: row.summary, body: row.body };
  return {
    id: row.id,
    title: texts.title,
    summary: texts.summary,
    ...(row.body !== undefined ? { body: texts.body ?? row.body } : {}),
    publishedAt: row.published_at.toISOString(),
    ...(row.expires_at ? { expiresAt: row.expires_at.toISOString() } : {}),
    isRead: row.read_at !== null,
    requiresConfirmation: row.requires_confirmation,
    ...(row.choice ? { choice: row.choice } : {}),
    ...(row.chosen_at ? { chosenAt: row.chosen_at.toISOString() } : {}),
    ...(confirmation ? { confirmation } : {}),
  };
}

async function customerType(db: Kysely<Database>, customerId: number): Promise<'personal' | 'business'> {
  const customer = await db.selectFrom('customers').select('type').where('id', '=', customerId).executeTakeFirst();
  if (!customer) throw new RpcRefusal('13');
  return customer.type === 'business' ? 'business' : 'personal';
}

/**
 * The announcements addressed to one customer at `now` (their audience, published, not expired),
 * joined with the customer's state.
 */
function visibleTo(db: Kysely<Database>, customerId: number, type: 'personal' | 'business', now: Date) {
  return db
    .selectFrom('announcements as a')
    .leftJoin('announcement_states as s', (join) => join.onRef('s.announcement_id', '=', 'a.id').on('s.customer_id', '=', customerId))
    .where('a.audience', 'in', ['all', type])
    .where('a.published_at', '<=', now)
    .where((eb) => eb.or([eb('a.expires_at', 'is', null), eb('a.expires_at', '>', now)]));
}

type Visible = ReturnType<typeof visibleTo>;

/** A query over the same tables as {@link Visible} that answers {@link AnnouncementRow}s. */
type VisibleRows = Visible extends SelectQueryBuilder<infer DB, infer TB, infer _Row> ? SelectQueryBuilder<DB, TB, AnnouncementRow> : never;

const LIST_COLUMNS = [
  'a.id',
  'a.title',
  'a.summary',
  'a.translations',
  'a.published_at',
  'a.expires_at',
  'a.requires_confirmation',
  's.read_at',
  's.choice',
  's.chosen_at',
] as const;

function selectRow<Q extends Visible>(query: Q, withBody: boolean): VisibleRows {
  const selected = query.select([...LIST_COLUMNS]);
  return (withBody ? selected.select('a.body') : selected) as unknown as VisibleRows;
}

export interface AnnouncementListQuery {
  /** The reader's language: announcements translated into it are answered so. */
  language?: Language;
  withConfirmation?: boolean;
  pageNumber?: number;
  pageSize?: number;
}

/**
 * One page of the announcements addressed to the customer, newest first (ties: newest id first),
 * with how many match and how many of all of them are unread. `withConfirmation`: only those asking
 * for an answer the customer has not given.
 *
 * @example
 * const { announcements, results, unread } = await listAnnouncements(db, customerId, { withConfirmation: true });
 */
export async function listAnnouncements(
  db: Kysely<Database>,
  customerId: number,
  query: AnnouncementListQuery,
  now: Date = new Date(),
): Promise<{ announcements: CustomerAnnouncement[]; results: number; unread: number }> {
  const type = await customerType(db, customerId);
  const pageSize = query.pageSize ?? ANNOUNCEMENT_PAGE_SIZE;
  const pageNumber = query.pageNumber ?? 1;
  let filtered = visibleTo(db, customerId, type, now);
  if (query.withConfirmation) filtered = filtered.where('a.requires_confirmation', '=', true).where('s.choice', 'is', null);
  const [rows, count, unread] = await Promise.all([
    selectRow(filtered, false)
      .orderBy('a.published_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    visibleTo(db, customerId, type, now)
      .where('s.read_at', 'is', null)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { announcements: rows.map((row) => toCustomerAnnouncement(row, query.language)), results: Number(count.n), unread: Number(unread.n) };
}

/** One announcement addressed to the customer, or 13 (another audience, not published yet, expired, unknown). */
async function findVisible(db: Kysely<Database>, customerId: number, id: number, now: Date): Promise<AnnouncementRow> {
  const type = await customerType(db, customerId);
  const row = await selectRow(visibleTo(db, customerId, type, now).where('a.id', '=', id), true).executeTakeFirst();
  if (!row) throw new RpcRefusal('13', { key: 'server.announcements.notAvailable' });
  return row;
}

/**
 * One announcement with its text. Marks it read for the customer unless `markRead` is false (an
 * admin viewing the customer looks without changing anything).
 *
 * @example
 * const announcement = await getAnnouncement(db, customerId, 7, { markRead: true });
 */
export async function getAnnouncement(
  db: Kysely<Database>,
  customerId: number,
  id: number,
  options: { markRead: boolean; language?: Language },
  now: Date = new Date(),
): Promise<CustomerAnnouncement> {
  const row = await findVisible(db, customerId, id, now);
  if (options.markRead && row.read_at === null) {
    const readAt = new Date();
    await db
      .insertInto('announcement_states')
      .values({ announcement_id: id, customer_id: customerId, read_at: readAt, choice: null, chosen_at: null, chosen_by_user_id: null })
      .onConflict((conflict) =>
        conflict.columns(['customer_id', 'announcement_id']).doUpdateSet({ read_at: sql`coalesce(announcement_states.read_at, excluded.read_at)` }),
      )
      .execute();
    row.read_at = readAt;
  }
  return toCustomerAnnouncement(row, options.language);
}

/**
 * Records the customer's answer to an announcement that asks for one, and marks it read. An answer is
 * recorded once: the same answer again changes nothing; a different one is refused AE saying what was
 * recorded and when. Two answers racing each other are settled by the row lock of the upsert.
 *
 * @example
 * await recordAnnouncementChoice(db, { customerId, userId }, 7, 'accept');
 */
export async function recordAnnouncementChoice(
  db: Kysely<Database>,
  caller: { customerId: number; userId: number; language?: Language },
  id: number,
  choice: AnnouncementChoice,
  now: Date = new Date(),
): Promise<CustomerAnnouncement> {
  const row = await findVisible(db, caller.customerId, id, now);
  if (!row.requires_confirmation) {
    throw new RpcRefusal('AE', { key: 'server.announcements.noAnswer' });
  }
  const chosenAt = new Date();
  const recorded = await db
    .insertInto('announcement_states')
    .values({ announcement_id: id, customer_id: caller.customerId, read_at: chosenAt, choice, chosen_at: chosenAt, chosen_by_user_id: caller.userId })
    .onConflict((conflict) =>
      conflict
        .columns(['customer_id', 'announcement_id'])
        .doUpdateSet({
          choice,
          chosen_at: chosenAt,
          chosen_by_user_id: caller.userId,
          read_at: sql`coalesce(announcement_states.read_at, excluded.read_at)`,
        })
        .where('announcement_states.choice', 'is', null),
    )
    .returning(['read_at', 'choice', 'chosen_at'])
    .executeTakeFirst();
  if (recorded) return toCustomerAnnouncement({ ...row, ...recorded }, caller.language);

  const existing = await db
    .selectFrom('announcement_states')
    .select(['read_at', 'choice', 'chosen_at'])
    .where('customer_id', '=', caller.customerId)
    .where('announcement_id', '=', id)
    .executeTakeFirstOrThrow();
  if (existing.choice !== choice) {
    throw new RpcRefusal('AE', {
      key: existing.choice === 'decline' ? 'server.announcements.alreadyDeclined' : 'server.announcements.alreadyAccepted',
      values: { date: (existing.chosen_at ?? chosenAt).toISOString().slice(0, 10) },
      extra: { choice: existing.choice },
    });
  }
  return toCustomerAnnouncement({ ...row, ...existing }, caller.language);
}
