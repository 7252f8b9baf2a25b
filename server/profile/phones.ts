import type { TextValues } from '../i18n/texts.ts';
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Phone } from '../../generated/entities.ts';
import { pkceChallengeMatches } from '../auth/pkce.ts';
import type { Database, PhonesTable } from '../db/schema.ts';
import type { MessageSender } from '../messaging/messages.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { notYours, ownPhone } from './access.ts';
import { customerPhones } from './contacts.ts';
import { messageTexts } from '../i18n/request-language.ts';

/** How long an SMS code stays usable. */
export const PHONE_CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes allowed on one verification before a new code must be asked for. */
export const PHONE_CODE_ATTEMPTS = 5;
/** Codes a phone may be sent in an hour (SMS costs money and can be used to harass). */
export const PHONE_CODES_PER_HOUR = 5;

/** A phone as the forms send it. */
export interface PhoneInput {
  phoneCountryCode: string;
  phone: string;
}

/**
 * Document 000 section 5: the plus sign is removed from the country code; spaces and dashes are
 * removed from the number. A number longer than E.164 allows (15 digits with the country code) is
 * refused on the phone field.
 *
 * @example
 * normalizePhone({ phoneCountryCode: '+373', phone: '69 123-456' }); // { countryCode: '373', number: '69123456' }
 */
export function normalizePhone(input: PhoneInput): { countryCode: string; number: string } {
  const countryCode = input.phoneCountryCode.replace(/^\+/, '');
  const number = input.phone.replace(/[\s-]/g, '');
  if (!/^[0-9]{1,4}$/.test(countryCode)) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'phoneCountryCode', key: 'server.profile.countryCode' }] });
  }
  if (!/^[0-9]{4,15}$/.test(number) || countryCode.length + number.length > 15) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'phone', key: 'server.profile.phoneDigits' }] });
  }
  return { countryCode, number };
}

const toPhone = (row: Pick<PhonesTable, 'country_code' | 'number' | 'status' | 'confirmed'> & { id: number }): Phone => ({
  id: row.id,
  status: row.status,
  confirmed: row.confirmed,
  countryCode: row.country_code,
  number: row.number,
});

async function refuseDuplicate(db: Kysely<Database>, customerId: number, phone: { countryCode: string; number: string }, exceptId?: number) {
  let query = db
    .selectFrom('phones')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('country_code', '=', phone.countryCode)
    .where('number', '=', phone.number);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'phone', key: 'server.profile.phoneKnown' }] });
  }
}

/**
 * Adds a phone, unconfirmed; the customer's first phone becomes the primary one.
 *
 * @example
 * const phone = await addPhone(db, customerId, { phoneCountryCode: '+44', phone: '7700900456' });
 */
export async function addPhone(db: Kysely<Database>, customerId: number, input: PhoneInput): Promise<Phone> {
  const phone = normalizePhone(input);
  return db.transaction().execute(async (trx) => {
    await sql`select id from customers where id = ${customerId} for update`.execute(trx);
    await refuseDuplicate(trx, customerId, phone);
    const hasPhones = await trx.selectFrom('phones').select('id').where('customer_id', '=', customerId).executeTakeFirst();
    const row = await trx
      .insertInto('phones')
      .values({ customer_id: customerId, country_code: phone.countryCode, number: phone.number, status: hasPhones ? 'Secondary' : 'Primary', confirmed: false })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPhone(row);
  });
}

/**
 * Replaces the number of one of the customer's phones (document 000 section 5: a phone with an
 * existing id is replaced). A changed number is unconfirmed until verified; the same number keeps
 * its state.
 */
export async function replacePhone(db: Kysely<Database>, customerId: number, phoneId: number | string, input: PhoneInput): Promise<Phone> {
  const existing = await ownPhone(db, customerId, phoneId);
  const phone = normalizePhone(input);
  if (existing.country_code === phone.countryCode && existing.number === phone.number) return toPhone(existing);
  await refuseDuplicate(db, customerId, phone, existing.id);
  const row = await db
    .updateTable('phones')
    .set({ country_code: phone.countryCode, number: phone.number, confirmed: false })
    .where('id', '=', existing.id)
    .where('customer_id', '=', customerId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await db.deleteFrom('phone_verifications').where('phone_id', '=', existing.id).execute();
  return toPhone(row);
}

/** Makes a confirmed phone the primary one; the former primary becomes secondary. */
export async function setPrimaryPhone(db: Kysely<Database>, customerId: number, phoneId: number | string): Promise<Phone[]> {
  const phone = await ownPhone(db, customerId, phoneId);
  if (!phone.confirmed) throw new RpcRefusal('TA1', { key: 'server.profile.verifyBeforePrimary' });
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('phones').set({ status: 'Secondary' }).where('customer_id', '=', customerId).where('id', '<>', phone.id).execute();
    await trx.updateTable('phones').set({ status: 'Primary' }).where('id', '=', phone.id).execute();
  });
  return customerPhones(db, customerId);
}

/**
 * Deletes a phone. The primary phone hands its place to another phone (a confirmed one first); the
 * primary phone that is the customer's only confirmed one cannot be deleted, so a customer never
 * loses the number codes reach.
 */
export async function deletePhone(db: Kysely<Database>, customerId: number, phoneId: number | string): Promise<Phone[]> {
  const phone = await ownPhone(db, customerId, phoneId);
  await db.transaction().execute(async (trx) => {
    const others = await trx
      .selectFrom('phones')
      .select(['id', 'confirmed'])
      .where('customer_id', '=', customerId)
      .where('id', '<>', phone.id)
      .orderBy('confirmed', 'desc')
      .orderBy('id')
      .execute();
    if (phone.status === 'Primary') {
      if (phone.confirmed && !others.some((other) => other.confirmed)) {
        throw new RpcRefusal('TA1', { key: 'server.profile.onlyPhone' });
      }
      const successor = others[0];
      if (successor) await trx.updateTable('phones').set({ status: 'Primary' }).where('id', '=', successor.id).execute();
    }
    await trx.deleteFrom('phones').where('id', '=', phone.id).execute();
  });
  return customerPhones(db, customerId);
}

const codeHash = (requestId: string, code: string) => createHash('sha256').update(`${requestId}:${code}`).digest('hex');

/** The masked number an answer shows: country code and the last three digits. */
export const maskedPhone = (countryCode: string, number: string) => `+${countryCode} ${'•'.repeat(Math.max(0, number.length - 3))}${number.slice(-3)}`;

/** What starting a verification answers. */
export interface PhoneVerificationStarted {
  reqId: string;
  maskedPhone: string;
  expiresIn: number;
}

/**
 * Sends a 6-digit code by SMS to one of the customer's phones, bound to the PKCE `codeChallenge` of
 * the browser that asked: only that browser (holding the verifier) can confirm with phoneId, code
 * and codeVerifier (document 000 section 7: POST verification/phones/{phoneId}/verify).
 *
 * @example
 * const { reqId } = await startPhoneVerification(db, adapters, customerId, phoneId, challenge);
 */
export async function startPhoneVerification(
  db: Kysely<Database>,
  adapters: { messages: MessageSender },
  customerId: number,
  phoneId: number | string,
  codeChallenge: string,
  now: Date = new Date(),
): Promise<PhoneVerificationStarted> {
  const phone = await ownPhone(db, customerId, phoneId);
  if (phone.confirmed) throw new RpcRefusal('TA1', { key: 'server.profile.phoneConfirmed' });
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const recent = await db
    .selectFrom('phone_verifications')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('phone_id', '=', phone.id)
    .where('created_at', '>', hourAgo)
    .executeTakeFirstOrThrow();
  if (Number(recent.count) >= PHONE_CODES_PER_HOUR) {
    throw new RpcRefusal('TA1', { key: 'server.profile.tooManyPhoneCodes' });
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const reqId = randomBytes(18).toString('base64url');
  await db
    .insertInto('phone_verifications')
    .values({
      request_id: reqId,
      phone_id: phone.id,
      customer_id: customerId,
      code_hash: codeHash(reqId, code),
      code_challenge: codeChallenge,
      expires_at: new Date(now.getTime() + PHONE_CODE_TTL_MS),
      used_at: null,
    })
    .execute();
  await adapters.messages.sendSms({
    to: `${phone.country_code}${phone.number}`,
    text: messageTexts()('messages.phoneVerification.text', { code }),
    purpose: 'phoneVerification',
  });
  return { reqId, maskedPhone: maskedPhone(phone.country_code, phone.number), expiresIn: PHONE_CODE_TTL_MS / 1000 };
}

/** How a phone is confirmed: the request id with the code, or the phone with the PKCE verifier and code. */
export type PhoneConfirmation = { reqId: string; approvalCode: string } | { phoneId: number | string; codeVerifier: string; code: string };

const wrongCode = (field: string, key: string, values?: TextValues) =>
  new RpcRefusal('VF', {
    key: `server.profile.codes.${key}`,
    ...(values ? { values } : {}),
    validationErrors: [{ field, key: `server.profile.codes.${key}`, ...(values ? { values } : {}) }],
  });

/**
 * Confirms a phone with its SMS code. Refuses (VF, on the code field) a wrong, expired or used code
 * and a verifier that does not match the challenge; five wrong codes end the verification.
 *
 * @example
 * const phone = await confirmPhone(db, customerId, { phoneId, codeVerifier, code: '123456' });
 */
export async function confirmPhone(db: Kysely<Database>, customerId: number, confirmation: PhoneConfirmation, now: Date = new Date()): Promise<Phone> {
  const byRequest = 'reqId' in confirmation;
  const field = byRequest ? 'approvalCode' : 'code';
  const code = byRequest ? confirmation.approvalCode : confirmation.code;

  // A wrong code must count even though it is refused, so the transaction commits and answers the
  // refusal instead of throwing it.
  const outcome = await db.transaction().execute(async (trx): Promise<Phone | RpcRefusal> => {
    let verification;
    if (byRequest) {
      verification = await trx.selectFrom('phone_verifications').selectAll().where('request_id', '=', confirmation.reqId).forUpdate().executeTakeFirst();
      if (!verification || verification.customer_id !== customerId) throw notYours();
    } else {
      const phone = await ownPhone(trx, customerId, confirmation.phoneId);
      verification = await trx
        .selectFrom('phone_verifications')
        .selectAll()
        .where('phone_id', '=', phone.id)
        .orderBy('id', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      if (!verification) return wrongCode(field, 'askFirst');
      if (!pkceChallengeMatches(confirmation.codeVerifier, verification.code_challenge)) {
        return wrongCode(field, 'otherBrowser');
      }
    }
    if (verification.used_at) return wrongCode(field, 'used');
    if (verification.expires_at.getTime() <= now.getTime()) return wrongCode(field, 'expired');
    if (verification.attempts >= PHONE_CODE_ATTEMPTS) return wrongCode(field, 'tooManyWrong');

    const expected = Buffer.from(verification.code_hash, 'hex');
    const given = Buffer.from(codeHash(verification.request_id, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      await trx
        .updateTable('phone_verifications')
        .set({ attempts: sql`attempts + 1` })
        .where('id', '=', verification.id)
        .execute();
      const left = PHONE_CODE_ATTEMPTS - verification.attempts - 1;
      return left > 1 ? wrongCode(field, 'wrongLeft', { left }) : wrongCode(field, left === 1 ? 'wrongLastAttempt' : 'wrongAskNew');
    }
    await trx.updateTable('phone_verifications').set({ used_at: now }).where('id', '=', verification.id).execute();
    const row = await trx
      .updateTable('phones')
      .set({ confirmed: true })
      .where('id', '=', verification.phone_id)
      .where('customer_id', '=', customerId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPhone(row);
  });
  if (outcome instanceof RpcRefusal) throw outcome;
  return outcome;
}
