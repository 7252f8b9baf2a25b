import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

export type NotificationGroup = 'security' | 'transactions' | 'marketing';
export type NotificationChannel = 'email' | 'sms' | 'push';

/** A topic the customer is told about, its group and each channel's default. */
interface Topic {
  topic: string;
  group: NotificationGroup;
  defaults: Record<NotificationChannel, boolean>;
}

/**
 * What the customer can be told about and how. A setting's `identified` is '<topic>.<channel>'.
 * Security topics default on everywhere; marketing defaults off (consent is opt-in).
 */
export const NOTIFICATION_TOPICS: readonly Topic[] = [
  { topic: 'signIn', group: 'security', defaults: { email: true, sms: false, push: true } },
  { topic: 'securityChange', group: 'security', defaults: { email: true, sms: true, push: true } },
  { topic: 'moneyReceived', group: 'transactions', defaults: { email: true, sms: false, push: true } },
  { topic: 'moneySent', group: 'transactions', defaults: { email: true, sms: false, push: true } },
  { topic: 'invoices', group: 'transactions', defaults: { email: true, sms: false, push: false } },
  { topic: 'news', group: 'marketing', defaults: { email: false, sms: false, push: false } },
  { topic: 'offers', group: 'marketing', defaults: { email: false, sms: false, push: false } },
];

export const NOTIFICATION_CHANNELS: readonly NotificationChannel[] = ['email', 'sms', 'push'];

/** One switch (document 001 section 3, Notification setting). */
export interface NotificationSetting {
  identified: string;
  value: boolean;
  group: NotificationGroup;
}

const catalogue = new Map<string, { group: NotificationGroup; value: boolean }>(
  NOTIFICATION_TOPICS.flatMap((topic) =>
    NOTIFICATION_CHANNELS.map((channel) => [`${topic.topic}.${channel}`, { group: topic.group, value: topic.defaults[channel] }] as const),
  ),
);

/** Every identifier the settings know, in catalogue order. */
export const NOTIFICATION_IDENTIFIERS: readonly string[] = [...catalogue.keys()];

/**
 * Every switch of the customer: what they set, else the default.
 *
 * @example
 * const settings = await notificationSettings(db, customerId); // [{ identified: 'signIn.email', value: true, group: 'security' }, ...]
 */
export async function notificationSettings(db: Kysely<Database>, customerId: number): Promise<NotificationSetting[]> {
  const rows = await db.selectFrom('notification_settings').select(['identified', 'value']).where('customer_id', '=', customerId).execute();
  const chosen = new Map(rows.map((row) => [row.identified, row.value]));
  return [...catalogue].map(([identified, { group, value }]) => ({ identified, group, value: chosen.get(identified) ?? value }));
}

/**
 * Sets one switch for the customer. An unknown identifier is refused TA1.
 *
 * @example
 * await setNotificationSetting(db, customerId, 'news.email', true);
 */
export async function setNotificationSetting(db: Kysely<Database>, customerId: number, identified: string, value: boolean): Promise<NotificationSetting> {
  const known = catalogue.get(identified);
  if (!known) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'identified', key: 'server.notifications.unknownSetting', values: { setting: identified } }] });
  }
  await db
    .insertInto('notification_settings')
    .values({ customer_id: customerId, identified, value })
    .onConflict((conflict) => conflict.columns(['customer_id', 'identified']).doUpdateSet({ value, updated_at: new Date() }))
    .execute();
  return { identified, group: known.group, value };
}
