import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { NewNotification } from './notifications.ts';

const HOUR = 60 * 60 * 1000;

/** Anna's notifications: the newest two unread, the others read; each `hoursAgo` before `now`. */
const ANNA_NOTIFICATIONS: Array<NewNotification & { hoursAgo: number; read: boolean }> = [
  {
    type: 'documentRequested',
    title: { key: 'server.notifications.documentRequested.title' },
    body: { key: 'server.notifications.documentRequested.body', values: { document: { key: 'server.notifications.demoProofOfAddress' } } },
    hoursAgo: 2,
    read: false,
  },
  {
    type: 'passwordChanged',
    title: { key: 'server.notifications.passwordChanged.title' },
    body: { key: 'server.notifications.passwordChanged.body' },
    hoursAgo: 26,
    read: false,
  },
  {
    type: 'passwordChangeCanceled',
    title: { key: 'server.notifications.passwordChangeCanceled.title' },
    body: { key: 'server.notifications.passwordChangeCanceled.body' },
    hoursAgo: 27,
    read: true,
  },
  {
    type: 'usernameChanged',
    title: { key: 'server.notifications.usernameChanged.title' },
    body: { key: 'server.notifications.usernameChanged.body', values: { username: 'personal@example.com' } },
    hoursAgo: 24 * 12,
    read: true,
  },
];

/**
 * A few notifications for the personal demo customer (issue 19 item 2), so the notifications page and the
 * unread badge show something at once.
 *
 * @example
 * await seedNotificationsDemo(trx, DEMO_LOGINS.personal, now);
 */
export async function seedNotificationsDemo(db: Kysely<Database>, personalEmail: string, now: Date): Promise<void> {
  const anna = await db.selectFrom('users').select('customer_id').where('email', '=', personalEmail).executeTakeFirstOrThrow();
  if (anna.customer_id === null) return;
  await db
    .insertInto('notifications')
    .values(
      [...ANNA_NOTIFICATIONS].reverse().map((notification) => ({
        customer_id: anna.customer_id!,
        type: notification.type,
        status: notification.read ? ('read' as const) : ('unread' as const),
        title: JSON.stringify(notification.title),
        body: JSON.stringify(notification.body),
        data: JSON.stringify(notification.data ?? {}),
        created_at: new Date(now.getTime() - notification.hoursAgo * HOUR),
        read_at: notification.read ? now : null,
      })),
    )
    .execute();
}
