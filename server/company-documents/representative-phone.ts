import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { messageTexts } from '../i18n/request-language.ts';
import type { MessageSender } from '../messaging/messages.ts';
import { ownRepresentativeRow } from '../profile/access.ts';
import { normalizePhone, PHONE_CODE_ATTEMPTS, PHONE_CODE_TTL_MS, type PhoneInput } from '../profile/phones.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/** A representative's phone as the company screens show it (strings, as their address is). */
export interface RepresentativePhone {
  countryCode: string;
  number: string;
  confirmed: 'true' | 'false';
}

/** The code sent to a representative's new phone, kept beside it until it is confirmed. */
interface PendingCode {
  salt: string;
  hash: string;
  expiresAt: string;
  attempts: number;
}

type StoredPhone = RepresentativePhone & { code?: PendingCode };

const codeHash = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

const shown = ({ countryCode, number, confirmed }: StoredPhone): RepresentativePhone => ({ countryCode, number, confirmed });

const refusedCode = (key: string, values?: Record<string, number>) =>
  new RpcRefusal('VF', {
    key: `server.profile.codes.${key}`,
    ...(values ? { values } : {}),
    validationErrors: [{ field: 'code', key: `server.profile.codes.${key}`, ...(values ? { values } : {}) }],
  });

/**
 * Gives a representative a new phone (document 002 section 7: representative phone update), unconfirmed,
 * and sends a 6-digit code to it by SMS; businessRepresentativePhoneConfirm confirms it with that code.
 * Asking again sends a new code and forgets the old one.
 *
 * @example
 * const { phone } = await updateRepresentativePhone(db, adapters, customerId, 12, { phoneCountryCode: '44', phone: '7700900123' });
 */
export async function updateRepresentativePhone(
  db: Kysely<Database>,
  adapters: { messages: MessageSender },
  customerId: number,
  representativeId: number | string,
  input: PhoneInput,
  now: Date = new Date(),
): Promise<{ phone: RepresentativePhone }> {
  const row = await ownRepresentativeRow(db, customerId, representativeId);
  const { countryCode, number } = normalizePhone(input);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(12).toString('base64url');
  const stored: StoredPhone = {
    countryCode,
    number,
    confirmed: 'false',
    code: { salt, hash: codeHash(salt, code), expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS).toISOString(), attempts: 0 },
  };
  await db
    .updateTable('business_representatives')
    .set({ phone: JSON.stringify(stored) })
    .where('id', '=', row.id)
    .execute();
  await adapters.messages.sendSms({
    to: `${countryCode}${number}`,
    text: messageTexts()('messages.phoneVerification.text', { code }),
    purpose: 'representativePhoneVerification',
  });
  return { phone: shown(stored) };
}

/**
 * Confirms a representative's phone with the code sent to it. A wrong, expired or missing code is refused
 * (VF) on the code field; five wrong codes end it, and a new one must be asked for.
 *
 * @example
 * const { phone } = await confirmRepresentativePhone(db, customerId, 12, '123456');
 */
export async function confirmRepresentativePhone(
  db: Kysely<Database>,
  customerId: number,
  representativeId: number | string,
  code: string,
  now: Date = new Date(),
): Promise<{ phone: RepresentativePhone }> {
  // A wrong code must count although it is refused, so the transaction commits and answers the refusal.
  const outcome = await db.transaction().execute(async (trx): Promise<StoredPhone | RpcRefusal> => {
    const row = await ownRepresentativeRow(trx, customerId, representativeId);
    const locked = await trx.selectFrom('business_representatives').select('phone').where('id', '=', row.id).forUpdate().executeTakeFirstOrThrow();
    const phone = locked.phone as StoredPhone | null;
    if (!phone) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'businessRepresentativeId', key: 'server.companyDocuments.noPhone' }] });
    if (phone.confirmed === 'true') return phone;
    const pending = phone.code;
    if (!pending) return refusedCode('askFirst');
    if (new Date(pending.expiresAt).getTime() <= now.getTime()) return refusedCode('expired');
    if (pending.attempts >= PHONE_CODE_ATTEMPTS) return refusedCode('tooManyWrong');
    const save = (next: StoredPhone) =>
      trx
        .updateTable('business_representatives')
        .set({ phone: JSON.stringify(next) })
        .where('id', '=', row.id)
        .execute();
    if (!timingSafeEqual(Buffer.from(pending.hash, 'hex'), Buffer.from(codeHash(pending.salt, code), 'hex'))) {
      await save({ ...phone, code: { ...pending, attempts: pending.attempts + 1 } });
      const left = PHONE_CODE_ATTEMPTS - pending.attempts - 1;
      return left > 1 ? refusedCode('wrongLeft', { left }) : refusedCode(left === 1 ? 'wrongLastAttempt' : 'wrongAskNew');
    }
    const confirmed: StoredPhone = { countryCode: phone.countryCode, number: phone.number, confirmed: 'true' };
    await save(confirmed);
    return confirmed;
  });
  if (outcome instanceof RpcRefusal) throw outcome;
  return { phone: shown(outcome) };
}
