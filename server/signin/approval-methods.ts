import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { pushTargets } from '../devices/devices.ts';

/** How an operation (a transfer, a card secret) is approved with a second factor (document 001 section 4). */
export type ApproveType = 'push' | 'sms' | 'otp' | 'approvalCode';

/**
 * The ways this user can approve: push with a linked device (when `push` is asked for), sms with a
 * confirmed primary phone, otp when enrolled; approval codes by e-mail always. Also answers the user's
 * e-mail, the phone and the devices, to send the code or the push to.
 *
 * @example
 * const { methods, user, phone } = await approvalMethods(db, customerId, userId, { push: false });
 */
export async function approvalMethods<Push extends boolean>(
  db: Kysely<Database>,
  customerId: number,
  userId: number,
  options: { push: Push },
): Promise<{
  methods: Array<Push extends true ? ApproveType : Exclude<ApproveType, 'push'>>;
  user: { email: string; totp_secret: string | null };
  phone: { country_code: string; number: string } | undefined;
  devices: Awaited<ReturnType<typeof pushTargets>>;
}> {
  const user = await db.selectFrom('users').select(['email', 'totp_secret']).where('id', '=', userId).executeTakeFirstOrThrow();
  const phone = await db
    .selectFrom('phones')
    .select(['country_code', 'number'])
    .where('customer_id', '=', customerId)
    .where('status', '=', 'Primary')
    .where('confirmed', '=', true)
    .executeTakeFirst();
  const devices = options.push ? await pushTargets(db, userId) : [];
  const methods: ApproveType[] = [];
  if (devices.length) methods.push('push');
  if (phone) methods.push('sms');
  if (user.totp_secret) methods.push('otp');
  methods.push('approvalCode');
  return { methods: methods as Array<Push extends true ? ApproveType : Exclude<ApproveType, 'push'>>, user, phone, devices };
}

/**
 * The method to use: `asked` when the user can use it, else sms with a confirmed phone, else an
 * approval code by e-mail (never no second factor).
 *
 * @example
 * approveTypeFor('otp', ['sms', 'approvalCode']); // 'sms'
 */
export function approveTypeFor<Method extends ApproveType>(asked: ApproveType | undefined, methods: readonly Method[]): Method {
  if (asked && (methods as readonly ApproveType[]).includes(asked)) return asked as Method;
  return ((methods as readonly ApproveType[]).includes('sms') ? 'sms' : 'approvalCode') as Method;
}
