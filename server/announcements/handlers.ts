import type { RpcHandlerMap } from '../../generated/methods.ts';
import { isAdminViewing } from '../customers/viewing.ts';
import { requestLanguage } from '../i18n/texts.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { getAnnouncement, listAnnouncements, recordAnnouncementChoice } from './announcements.ts';

type AnnouncementMethods = 'announcementList' | 'announcementGet' | 'announcementChoice';

/**
 * News announcements (document 001 section 7): the list, one announcement (marked read for the
 * customer, but not when an admin viewing the customer opens it), and the accept or decline answer.
 * Every method sees only what is addressed to the acting customer; anything else is refused 13.
 */
export const announcementHandlers: Pick<RpcHandlerMap<RpcContext>, AnnouncementMethods> = {
  async announcementList(params, ctx) {
    return listAnnouncements(ctx.db, callerOf(ctx).customerId, { ...params, language: requestLanguage(ctx.acceptLanguage) });
  },
  async announcementGet(params, ctx) {
    const caller = callerOf(ctx);
    const markRead = !(await isAdminViewing(ctx.db, caller));
    return { announcement: await getAnnouncement(ctx.db, caller.customerId, Number(params.id), { markRead, language: requestLanguage(ctx.acceptLanguage) }) };
  },
  async announcementChoice(params, ctx) {
    const caller = callerOf(ctx);
    return {
      announcement: await recordAnnouncementChoice(
        ctx.db,
        { customerId: caller.customerId, userId: caller.user.userId, language: requestLanguage(ctx.acceptLanguage) },
        params.id,
        params.choice,
      ),
    };
  },
};
