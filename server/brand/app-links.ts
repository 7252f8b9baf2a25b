import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Brand } from '../../generated/entities.ts';
import type { MessageSender } from '../messaging/messages.ts';
import { countCall } from '../db/call-counts.ts';
import { maskEmail, maskPhone } from '../auth/codes.ts';
import { localeTexts, type Language } from '../i18n/texts.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/** How many times a customer may have the app links sent in one window of APP_LINKS_WINDOW_SECONDS. */
export const APP_LINKS_PER_WINDOW = 3;
export const APP_LINKS_WINDOW_SECONDS = 60 * 60;

/** What sendAppLinks needs: the database, the way out, the brand and the reader's language. */
export interface AppLinksSending {
  db: Kysely<Database>;
  messages: MessageSender;
  brand: Brand;
  language: Language;
  /** Runs the sending once the call's answer is final (RpcContext.afterCommit). */
  afterCommit(effect: () => Promise<void>): void;
}

/**
 * The lines of the message: the app's deep link and its store links, each that the brand names, one a line.
 *
 * @example
 * appLinkLines(brandConfig('paxum'), localeTexts('en')); // ['Open the app: paxum://open', 'App Store: https://…', 'Google Play: https://…']
 */
export function appLinkLines(brand: Brand, t: ReturnType<typeof localeTexts>): string[] {
  const links = brand.appLinks ?? {};
  return [
    links.deepLink ? t('server.brand.appLinks.deepLink', { link: links.deepLink }) : undefined,
    links.appStore ? t('server.brand.appLinks.appStore', { link: links.appStore }) : undefined,
    links.googlePlay ? t('server.brand.appLinks.googlePlay', { link: links.googlePlay }) : undefined,
  ].filter((line): line is string => line !== undefined);
}

/**
 * Sends the brand's app links to the customer's own primary phone (`sms`; a confirmed one) or to the
 * signed-in user's e-mail address (`email`), through the message outbox, in the reader's language. Never
 * to an address the caller types: the call cannot be used to message strangers. Refusals: a brand with no
 * app links, or no confirmed primary phone for `sms`, is TA1 on `channel`; a fourth send within the hour
 * is AE (the count is kept even for refused calls).
 *
 * @example
 * await sendAppLinks(sending, { customerId: 7, userId: 3 }, 'sms'); // { channel: 'sms', sentTo: '+44 ••• ••• 123' }
 */
export async function sendAppLinks(
  sending: AppLinksSending,
  caller: { customerId: number; userId: number },
  channel: 'sms' | 'email',
): Promise<{ channel: 'sms' | 'email'; sentTo: string }> {
  const { db, brand, language } = sending;
  const t = localeTexts(language);
  if (await countCall(db, APP_LINKS_WINDOW_SECONDS, [{ key: `appLinks:${caller.customerId}`, limit: APP_LINKS_PER_WINDOW }])) {
    throw new RpcRefusal('AE', { key: 'server.brand.appLinks.tooMany', values: { count: APP_LINKS_PER_WINDOW } });
  }
  const lines = appLinkLines(brand, t);
  if (lines.length === 0) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'channel', key: 'server.brand.appLinks.none', values: { projectName: brand.projectName } }] });
  }
  const intro = t('server.brand.appLinks.intro', { projectName: brand.projectName });
  if (channel === 'sms') {
    const phone = await db
      .selectFrom('phones')
      .select(['country_code', 'number'])
      .where('customer_id', '=', caller.customerId)
      .where('status', '=', 'Primary')
      .where('confirmed', '=', true)
      .executeTakeFirst();
    if (!phone) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'channel', key: 'server.brand.appLinks.noPhone' }] });
    const text = [intro, ...lines].join('\n');
    sending.afterCommit(() => sending.messages.sendSms({ to: `${phone.country_code}${phone.number}`, text, purpose: 'appLinks' }));
    return { channel, sentTo: maskPhone(phone.country_code, phone.number) };
  }
  const user = await db.selectFrom('users').select('email').where('id', '=', caller.userId).executeTakeFirstOrThrow();
  const subject = t('server.brand.appLinks.subject', { projectName: brand.projectName });
  const text = [intro, '', ...lines].join('\n');
  sending.afterCommit(() => sending.messages.sendEmail({ to: user.email, subject, text, purpose: 'appLinks' }));
  return { channel, sentTo: maskEmail(user.email) };
}
