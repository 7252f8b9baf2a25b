import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useApp } from '../app/app-context.tsx';
import { NavIcon } from '../navigation/NavIcon.tsx';
import { createNotificationWatcher } from './live-notifications.ts';
import '../approvals/approvals-nav.css';

/** The notifications page (screens/notification-list.yaml). */
export const NOTIFICATIONS_ROUTE = '/notifications';

/**
 * The notifications' entry in the main navigation with the unread count, kept current over the live
 * channel (topic 'notifications'); each notification that arrives while a page is open is shown as a
 * notice for 10 s (document 002 section 9) that opens its page when clicked (section 2).
 */
export function NotificationsNavItem() {
  const { t } = useTranslation();
  const { rpc, feedback, liveEvents } = useApp();
  const [unread, setUnread] = useState(0);
  const watcher = useMemo(
    () =>
      createNotificationWatcher(() => rpc('notificationList', { pageSize: 10 }), {
        unread: setUnread,
        arrived: (notification) =>
          feedback.notify('notifications.arrived', { title: notification.title, body: notification.body }, { href: notification.link }),
      }),
    [rpc, feedback],
  );

  useEffect(() => {
    void watcher.refresh();
    return liveEvents?.subscribe('notifications', () => void watcher.refresh());
  }, [watcher, liveEvents]);

  return (
    // A bell with its name for screen readers: the header's tools leave the company's name room at every width.
    <NavLink to={NOTIFICATIONS_ROUTE} className="notifications-link" title={t('nav.notifications')}>
      <NavIcon name="bell" />
      <span className="visually-hidden">{t('nav.notifications')}</span>
      {unread > 0 && (
        <span className="approvals-badge" data-testid="notifications-unread" aria-label={t('notifications.unreadBadge', { count: unread })}>
          {unread}
        </span>
      )}
    </NavLink>
  );
}
