import type { RpcHandlerMap } from '../../generated/methods.ts';
import { requestLanguage } from '../i18n/texts.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.ts';

type NotificationMethods = 'notificationList' | 'notificationMarkRead' | 'notificationMarkAllRead';

/**
 * The notifications of the acting customer (issue 19 item 2): a business user acting for a company sees and
 * marks the company's, as every user with access to it does (they are the customer's, not one user's).
 * An id of another customer's notification is refused 13.
 */
export const notificationHandlers: Pick<RpcHandlerMap<RpcContext>, NotificationMethods> = {
  async notificationList(params, ctx) {
    return listNotifications(ctx.db, callerOf(ctx).customerId, {
      pageNumber: params.pageNumber ?? 1,
      pageSize: params.pageSize ?? 20,
      unreadOnly: params.unreadOnly ?? false,
      language: requestLanguage(ctx.acceptLanguage),
    });
  },
  async notificationMarkRead(params, ctx) {
    return markNotificationRead(ctx.db, callerOf(ctx).customerId, params.id);
  },
  async notificationMarkAllRead(_params, ctx) {
    return markAllNotificationsRead(ctx.db, callerOf(ctx).customerId);
  },
};
