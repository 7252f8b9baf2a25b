import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { wordText, type KeyedText, type Language, type TextValues } from '../i18n/texts.ts';
import { announceToCustomer } from '../push/customer-live.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/**
 * The kinds of notification the server tells (document 002 sections 2, 3 and 8). The contract kinds start
 * `contract` (the revenue-split contracts of issue 19 item 1 name theirs so); the document and username
 * kinds are about the profile.
 */
export type NotificationType =
  | 'approvalRequest'
  | 'transactionRejected'
  | 'passwordChanged'
  | 'passwordChangeCanceled'
  | 'batchPartially'
  | 'documentRequested'
  | 'documentRejected'
  | 'documentConfirmed'
  | 'documentRemoved'
  | 'usernameChanged'
  | `contract${string}`;

/** What a notification's tap needs to find its page: a batch's id, a transaction's id. */
export interface NotificationData {
  batchId?: string;
  transactionId?: string;
}

/** A notification to tell: its kind, its words (locale keys with values) and what its tap needs. */
export interface NewNotification {
  type: NotificationType;
  title: KeyedText;
  body: KeyedText;
  data?: NotificationData;
}

/** A notification as its reader sees it (schemas/entities/notification.schema.json). */
export interface NotificationView {
  id: number;
  type: string;
  status: 'unread' | 'read';
  title: string;
  body: string;
  link: string;
  createdAt: string;
}

/**
 * Where a notification's tap goes (document 002 section 2, Support and notifications): the document and
 * username kinds to the profile, batchPartially to its batch, every contract kind to the contracts list; an
 * approval request to the approval queue, a rejected transaction to its page, a password notice to the
 * password setting; anything else to the history.
 *
 * @example
 * notificationLink('batchPartially', { batchId: '7' }); // '/history/batch-transfers/7'
 */
export function notificationLink(type: string, data: NotificationData): string {
  if (type.startsWith('contract')) return '/revenue-split';
  if (type.startsWith('document') || type.startsWith('username')) return '/profile';
  if (type === 'batchPartially' && data.batchId) return `/history/batch-transfers/${data.batchId}`;
  if (type === 'approvalRequest') return '/transfer/approved';
  if (type === 'transactionRejected' && data.transactionId) return `/history/${data.transactionId}`;
  if (type.startsWith('password')) return '/setting/password';
  return '/history';
}

/**
 * Stores a notification for `customerId` and tells the customer's open pages on every server instance
 * (topic 'notifications' of the live channel, server/push/customer-live.ts). Run it inside the transaction
 * that makes the change: the notification and its announcement exist only if that commits.
 *
 * @example
 * await notifyCustomer(trx, customerId, { type: 'transactionRejected', title: { key: 'server.notifications.transactionRejected.title' }, body: { key: '…' }, data: { transactionId: '41' } });
 */
export async function notifyCustomer(db: Kysely<Database>, customerId: number, notification: NewNotification): Promise<void> {
  await db
    .insertInto('notifications')
    .values({
      customer_id: customerId,
      type: notification.type,
      title: JSON.stringify(notification.title),
      body: JSON.stringify(notification.body),
      data: JSON.stringify(notification.data ?? {}),
    })
    .execute();
  await announceToCustomer(db, customerId, 'notifications');
}

/**
 * One page of the customer's notifications, newest first, worded in `language`, with how many there are and
 * how many are unread.
 *
 * @example
 * await listNotifications(db, customerId, { pageNumber: 1, pageSize: 20, language: 'es' }); // { notifications: [...], results: 12, unread: 3 }
 */
export async function listNotifications(
  db: Kysely<Database>,
  customerId: number,
  options: { pageNumber: number; pageSize: number; language: Language; unreadOnly?: boolean },
): Promise<{ notifications: NotificationView[]; results: number; unread: number }> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'type', 'status', 'title', 'body', 'data', 'created_at'])
    .where('customer_id', '=', customerId)
    .$if(options.unreadOnly === true, (qb) => qb.where('status', '=', 'unread'))
    .orderBy('id', 'desc')
    .limit(options.pageSize)
    .offset((options.pageNumber - 1) * options.pageSize)
    .execute();
  const counts = await db
    .selectFrom('notifications')
    .select([sql<string>`count(*)`.as('results'), sql<string>`count(*) filter (where status = 'unread')`.as('unread')])
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  const word = (text: { key: string; values?: Record<string, unknown> }) =>
    wordText(options.language, { key: text.key, values: (text.values ?? {}) as TextValues });
  return {
    notifications: rows.map((row) => ({
      id: Number(row.id),
      type: row.type,
      status: row.status,
      title: word(row.title),
      body: word(row.body),
      link: notificationLink(row.type, row.data as NotificationData),
      createdAt: row.created_at.toISOString(),
    })),
    results: options.unreadOnly ? Number(counts.unread) : Number(counts.results),
    unread: Number(counts.unread),
  };
}

/**
 * Marks one of the customer's notifications read (again is harmless); another customer's id, or one that
 * does not exist, is refused 13 with nothing changed. Answers the unread count left.
 *
 * @example
 * await markNotificationRead(db, customerId, 41); // { unread: 2 }
 */
export async function markNotificationRead(db: Kysely<Database>, customerId: number, id: number): Promise<{ unread: number }> {
  const found = await db
    .updateTable('notifications')
    .set({ status: 'read', read_at: sql<Date>`coalesce(read_at, now())` })
    .where('id', '=', BigInt(id))
    .where('customer_id', '=', customerId)
    .returning('id')
    .executeTakeFirst();
  if (!found) throw new RpcRefusal('13');
  await announceToCustomer(db, customerId, 'notifications');
  return { unread: await unreadCount(db, customerId) };
}

/**
 * Marks every unread notification of the customer read. Answers how many it marked.
 *
 * @example
 * await markAllNotificationsRead(db, customerId); // { marked: 3, unread: 0 }
 */
export async function markAllNotificationsRead(db: Kysely<Database>, customerId: number): Promise<{ marked: number; unread: number }> {
  const marked = await db
    .updateTable('notifications')
    .set({ status: 'read', read_at: sql<Date>`now()` })
    .where('customer_id', '=', customerId)
    .where('status', '=', 'unread')
    .executeTakeFirst();
  const count = Number(marked.numUpdatedRows);
  if (count > 0) await announceToCustomer(db, customerId, 'notifications');
  return { marked: count, unread: 0 };
}

async function unreadCount(db: Kysely<Database>, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<string>`count(*)`.as('unread'))
    .where('customer_id', '=', customerId)
    .where('status', '=', 'unread')
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}
