import type { RpcHandlerMap } from '../../generated/methods.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { transferScope } from '../transfers/scope.ts';
import { buttonColumns, listButtons, ownButton, toButton } from './buttons.ts';
import { checkoutView, payButton } from './checkout.ts';
import {
  IPN_PAGE_SIZE,
  listMessages,
  notificationSettings,
  ownMessage,
  saveNotificationSettings,
  STATUS_ON,
  toIpnMessage,
  toIpnSettings,
  toPbnSettings,
} from './ipn.ts';
import { cancelSubscription, listInstallments, listSubscribers, ownSubscription, SUBSCRIBERS_PAGE_SIZE, toSubscriber } from './subscriptions.ts';
import { listLogos, ownLogo, readLogoFile, setDefaultLogo, toLogo } from './logos.ts';

type MerchantMethods =
  | 'merchantButtonList'
  | 'merchantButtonGet'
  | 'merchantButtonCreate'
  | 'merchantButtonUpdate'
  | 'merchantButtonDelete'
  | 'checkoutButtonGet'
  | 'checkoutPay'
  | 'ipnSettingsGet'
  | 'ipnSettingsUpdate'
  | 'pbnSettingsGet'
  | 'pbnSettingsUpdate'
  | 'ipnMessageList'
  | 'ipnMessageGet'
  | 'ipnMessageConfirm'
  | 'ipnMessageResend'
  | 'subscriberList'
  | 'subscriberCancel'
  | 'subscriberInstallmentList'
  | 'merchantLogoList'
  | 'merchantLogoGet'
  | 'merchantLogoCreate'
  | 'merchantLogoUpdate'
  | 'merchantLogoSetDefault'
  | 'merchantLogoDelete';

const refusal = (field: string, key: string) => new RpcRefusal('TA1', { validationErrors: [{ field, key: `server.merchant.${key}` }] });

/**
 * Merchant tools of document 002 (sections 2, 3 and 7, issue 18 item 4): saved payment buttons and their
 * public checkout page, the IPN settings and messages, and the PBN settings that sign them; the subscribers
 * of recurring buttons and their installments (item 5).
 */
export const merchantHandlers: Pick<RpcHandlerMap<RpcContext>, MerchantMethods> = {
  async merchantButtonList(_params, ctx) {
    const rows = await listButtons(ctx.db, callerOf(ctx).customerId);
    return { buttons: rows.map((row) => toButton(row, ctx.origin)) };
  },

  async merchantButtonGet(params, ctx) {
    return { button: toButton(await ownButton(ctx.db, Number(params.id), callerOf(ctx).customerId), ctx.origin) };
  },

  async merchantButtonCreate(params, ctx) {
    const { customerId, user } = callerOf(ctx);
    const columns = await buttonColumns(ctx.db, customerId, params);
    const { id } = await ctx.db
      .insertInto('merchant_buttons')
      .values({ ...columns, customer_id: customerId, created_by_user_id: user.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { button: toButton(await ownButton(ctx.db, id, customerId), ctx.origin) };
  },

  async merchantButtonUpdate(params, ctx) {
    const { customerId } = callerOf(ctx);
    const id = Number(params.id);
    await ownButton(ctx.db, id, customerId);
    const columns = await buttonColumns(ctx.db, customerId, params);
    await ctx.db
      .updateTable('merchant_buttons')
      .set({ ...columns, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    return { button: toButton(await ownButton(ctx.db, id, customerId), ctx.origin) };
  },

  async merchantButtonDelete(params, ctx) {
    const { customerId } = callerOf(ctx);
    const { id } = await ownButton(ctx.db, Number(params.id), customerId);
    await ctx.db.updateTable('merchant_buttons').set({ deleted_at: new Date(), enabled: false }).where('id', '=', id).execute();
    return { deleted: true as const };
  },

  async checkoutButtonGet(params, ctx) {
    return { checkout: await checkoutView(ctx.db, Number(params.buttonId)) };
  },

  async checkoutPay(params, ctx) {
    return payButton(transferScope(ctx), { buttonId: Number(params.buttonId), accountId: params.accountId, amount: params.amount });
  },

  async ipnSettingsGet(_params, ctx) {
    return { settings: toIpnSettings(await notificationSettings(ctx.db, callerOf(ctx).customerId)) };
  },

  async ipnSettingsUpdate(params, ctx) {
    const { customerId } = callerOf(ctx);
    if (params.statusId === STATUS_ON && !params.notifyUrl) throw refusal('notifyUrl', 'notifyUrlRequired');
    await saveNotificationSettings(ctx.db, customerId, {
      notify_url: params.notifyUrl ?? null,
      notify_status_id: params.notifyStatusId,
      status_id: params.statusId,
    });
    return { settings: toIpnSettings(await notificationSettings(ctx.db, customerId)) };
  },

  async pbnSettingsGet(_params, ctx) {
    return { settings: toPbnSettings(await notificationSettings(ctx.db, callerOf(ctx).customerId)) };
  },

  async pbnSettingsUpdate(params, ctx) {
    const { customerId } = callerOf(ctx);
    const current = await notificationSettings(ctx.db, customerId);
    const statusId = params.statusId ?? current.pbn_status_id;
    if (statusId === STATUS_ON && !params.secret && !current.pbn_secret) throw refusal('secret', 'secretRequired');
    await saveNotificationSettings(ctx.db, customerId, { pbn_status_id: statusId, ...(params.secret ? { pbn_secret: params.secret } : {}) });
    return { settings: toPbnSettings(await notificationSettings(ctx.db, customerId)) };
  },

  async ipnMessageList(params, ctx) {
    return listMessages(ctx.db, callerOf(ctx).customerId, params.pageNumber ?? 1, params.pageSize ?? IPN_PAGE_SIZE);
  },

  async ipnMessageGet(params, ctx) {
    return { message: toIpnMessage(await ownMessage(ctx.db, Number(params.id), callerOf(ctx).customerId)) };
  },

  async ipnMessageConfirm(params, ctx) {
    const { customerId } = callerOf(ctx);
    const row = await ownMessage(ctx.db, Number(params.id), customerId);
    if (row.status === 'pending') throw refusal('id', 'stillSending');
    await ctx.db.updateTable('ipn_messages').set({ status: 'confirmed', next_attempt_at: null }).where('id', '=', row.id).execute();
    return { message: toIpnMessage(await ownMessage(ctx.db, Number(params.id), customerId)) };
  },

  async ipnMessageResend(params, ctx) {
    const { customerId } = callerOf(ctx);
    const row = await ownMessage(ctx.db, Number(params.id), customerId);
    const settings = await notificationSettings(ctx.db, customerId);
    if (!settings.notify_url) throw refusal('id', 'notifyUrlRequired');
    await ctx.db
      .updateTable('ipn_messages')
      .set({ status: 'pending', attempts: 0, notify_url: settings.notify_url, next_attempt_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    return { message: toIpnMessage(await ownMessage(ctx.db, Number(params.id), customerId)) };
  },

  async subscriberList(params, ctx) {
    const filter = { state: params.state, payerEmail: params.payerEmail };
    return listSubscribers(ctx.db, callerOf(ctx).customerId, filter, params.pageNumber ?? 1, params.pageSize ?? SUBSCRIBERS_PAGE_SIZE);
  },

  async subscriberCancel(params, ctx) {
    const { customerId } = callerOf(ctx);
    const id = Number(params.subscriptionId);
    const run = (trx: Transaction<Database>) => cancelSubscription(trx, id, customerId, 'merchant');
    await (ctx.db.isTransaction ? run(ctx.db as Transaction<Database>) : ctx.db.transaction().execute(run));
    return { subscriber: toSubscriber(await ownSubscription(ctx.db, id, customerId)) };
  },

  async subscriberInstallmentList(params, ctx) {
    const row = await ownSubscription(ctx.db, Number(params.subscriptionId), callerOf(ctx).customerId);
    return { subscriber: toSubscriber(row), installments: await listInstallments(ctx.db, row) };
  },

  async merchantLogoList(_params, ctx) {
    return { logos: (await listLogos(ctx.db, callerOf(ctx).customerId)).map((row) => toLogo(row, ctx.origin)) };
  },

  async merchantLogoGet(params, ctx) {
    return { logo: toLogo(await ownLogo(ctx.db, Number(params.id), callerOf(ctx).customerId), ctx.origin) };
  },

  async merchantLogoCreate(params, ctx) {
    const { customerId } = callerOf(ctx);
    const { mediaType, content } = readLogoFile(params.file, 'file');
    // The first logo is the default anyway: a checkout page then has one to show.
    const first = !(await ctx.db
      .selectFrom('merchant_logos')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst());
    const { id } = await ctx.db
      .insertInto('merchant_logos')
      .values({ customer_id: customerId, name: params.name.trim(), is_default: false, media_type: mediaType, content })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (params.isDefault || first) await setDefaultLogo(ctx.db, customerId, id, true);
    return { logo: toLogo(await ownLogo(ctx.db, id, customerId), ctx.origin) };
  },

  async merchantLogoUpdate(params, ctx) {
    const { customerId } = callerOf(ctx);
    const { id } = await ownLogo(ctx.db, Number(params.id), customerId);
    await ctx.db.updateTable('merchant_logos').set({ name: params.name.trim() }).where('id', '=', id).execute();
    if (params.isDefault !== undefined) await setDefaultLogo(ctx.db, customerId, id, params.isDefault);
    return { logo: toLogo(await ownLogo(ctx.db, id, customerId), ctx.origin) };
  },

  async merchantLogoSetDefault(params, ctx) {
    const { customerId } = callerOf(ctx);
    const { id } = await ownLogo(ctx.db, Number(params.id), customerId);
    await setDefaultLogo(ctx.db, customerId, id, true);
    return { logo: toLogo(await ownLogo(ctx.db, id, customerId), ctx.origin) };
  },

  async merchantLogoDelete(params, ctx) {
    const { customerId } = callerOf(ctx);
    const { id } = await ownLogo(ctx.db, Number(params.id), customerId);
    // Buttons that showed it fall back to the default logo.
    await ctx.db.updateTable('merchant_buttons').set({ logo_id: null }).where('logo_id', '=', id).execute();
    await ctx.db.updateTable('merchant_logos').set({ deleted_at: new Date(), is_default: false }).where('id', '=', id).execute();
    return { deleted: true as const };
  },
};
