import type { RpcHandlerMap } from '../../generated/methods.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { addToBlacklist, listBlacklist, removeFromBlacklist } from './blacklist.ts';
import { addIpAccess, deleteIpAccess, listIpAccess, setIpAccessMode } from './ip-access.ts';
import { agreementPdf, legalInfo, termsOfService } from './legal.ts';
import { documentAudience } from '../documents/pdf/index.ts';
import { loginHistory } from './login-history.ts';
import { notificationSettings, setNotificationSetting } from './notifications.ts';

type SecurityMethods =
  | 'ipAccessList'
  | 'ipAccessAdd'
  | 'ipAccessDelete'
  | 'ipAccessModeSet'
  | 'blacklistList'
  | 'blacklistAdd'
  | 'blacklistDelete'
  | 'loginHistory'
  | 'legalInfo'
  | 'agreementDownload'
  | 'termsOfService'
  | 'notificationSettingsGet'
  | 'notificationSettingsSet';

/**
 * The security settings of document 001 section 7 (IP access, blacklist, login history, legal
 * info and agreement download, notification settings). Every method acts on the acting customer's
 * own rows only; an id or e-mail of another customer's is refused 13 with nothing changed.
 */
export const securityHandlers: Pick<RpcHandlerMap<RpcContext>, SecurityMethods> = {
  async ipAccessList(_params, ctx) {
    return listIpAccess(ctx.db, callerOf(ctx).customerId);
  },
  async ipAccessAdd(params, ctx) {
    return { entry: await addIpAccess(ctx.db, callerOf(ctx).customerId, params) };
  },
  async ipAccessDelete(params, ctx) {
    const { customerId } = callerOf(ctx);
    await deleteIpAccess(ctx.db, customerId, params.id, ctx.ip);
    return listIpAccess(ctx.db, customerId);
  },
  async ipAccessModeSet(params, ctx) {
    await setIpAccessMode(ctx.db, callerOf(ctx).customerId, params.enable, ctx.ip);
    return { enabled: params.enable };
  },

  async blacklistList(_params, ctx) {
    return { entries: await listBlacklist(ctx.db, callerOf(ctx).customerId) };
  },
  async blacklistAdd(params, ctx) {
    return { entry: await addToBlacklist(ctx.db, callerOf(ctx).customerId, params.email, params.blockType) };
  },
  async blacklistDelete(params, ctx) {
    await removeFromBlacklist(ctx.db, callerOf(ctx).customerId, params.email);
    return { email: params.email.trim().toLowerCase() };
  },

  async loginHistory(params, ctx) {
    return loginHistory(ctx.db, callerOf(ctx).customerId, params);
  },
  async termsOfService(_params, ctx) {
    return termsOfService(documentAudience(ctx));
  },
  async legalInfo(_params, ctx) {
    return { agreements: await legalInfo(ctx.db, callerOf(ctx).customerId, documentAudience(ctx)) };
  },
  async agreementDownload(params, ctx) {
    const file = await agreementPdf(ctx.db, callerOf(ctx).customerId, params.id, documentAudience(ctx));
    return { fileName: file.fileName, mediaType: file.mediaType, content: file.content.toString('base64') };
  },

  async notificationSettingsGet(_params, ctx) {
    return { settings: await notificationSettings(ctx.db, callerOf(ctx).customerId) };
  },
  async notificationSettingsSet(params, ctx) {
    return { setting: await setNotificationSetting(ctx.db, callerOf(ctx).customerId, params.identified, params.value) };
  },
};
