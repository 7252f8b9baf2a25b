import type { RpcHandlerMap } from '../../generated/methods.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { brandConfig } from '../config/brand-config.ts';
import { documentAudience } from '../documents/pdf/index.ts';
import { brandContacts } from './contacts.ts';
import { sendAppLinks } from './app-links.ts';

/**
 * The brand's settings a customer meets (document 002 section 3, brand configuration): its fee links,
 * support contacts and app links (brandContacts), and the app links sent to the customer (appLinksSend).
 */
export const brandHandlers: Pick<RpcHandlerMap<RpcContext>, 'brandContacts' | 'appLinksSend'> = {
  async brandContacts(_params, ctx) {
    const customer = await ctx.db.selectFrom('customers').select('type').where('id', '=', callerOf(ctx).customerId).executeTakeFirstOrThrow();
    return brandContacts(brandConfig(documentAudience(ctx).brand), customer.type);
  },
  async appLinksSend(params, ctx) {
    const caller = callerOf(ctx);
    const audience = documentAudience(ctx);
    return sendAppLinks(
      {
        db: ctx.db,
        messages: ctx.adapters.messages,
        brand: brandConfig(audience.brand),
        language: audience.language,
        afterCommit: (effect) => ctx.afterCommit(effect),
      },
      { customerId: caller.customerId, userId: caller.user.userId },
      params.channel,
    );
  },
};
