import type { NotificationListResponse } from '../../generated/methods.ts';

/** One notification as the list answers it. */
export type ListedNotification = NotificationListResponse['notifications'][number];

/** What the watcher tells: the unread count, and each notification that arrived since it started. */
export interface NotificationWatcherEvents {
  unread(count: number): void;
  arrived(notification: ListedNotification): void;
}

/**
 * Follows the acting customer's notifications: `refresh()` asks the newest ones (at the start and at each
 * live event of the 'notifications' topic) and tells the unread count, and tells `arrived` once for each
 * unread notification newer than any seen before. The first answer only sets what counts as seen, so a
 * page opened later does not show old notifications again as they arrive.
 *
 * @example
 * const watcher = createNotificationWatcher(() => rpc('notificationList', { pageSize: 10 }), { unread: setUnread, arrived: toast });
 * const stop = liveEvents.subscribe('notifications', () => void watcher.refresh());
 */
export function createNotificationWatcher(list: () => Promise<NotificationListResponse>, events: NotificationWatcherEvents) {
  let newestSeen: number | undefined;
  let asking = Promise.resolve();
  async function ask() {
    const answer = await list();
    events.unread(answer.unread);
    const newest = answer.notifications.reduce((most, notification) => Math.max(most, notification.id), 0);
    if (newestSeen !== undefined) {
      const fresh = answer.notifications.filter((notification) => notification.id > newestSeen! && notification.status === 'unread');
      for (const notification of fresh.reverse()) events.arrived(notification);
    }
    newestSeen = Math.max(newestSeen ?? 0, newest);
  }
  return {
    /** Asks again, after any question still on its way (answers are told in order). */
    refresh(): Promise<void> {
      asking = asking.then(ask, ask).catch(() => undefined);
      return asking;
    },
  };
}
