import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { MAX_CODE_ATTEMPTS } from './codes.ts';
import { countWrongSecondFactor, secondFactorLocked } from './second-factor-lock.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens.ts';
import { pkceChallengeMatches } from './pkce.ts';
import { revokeSession } from './sessions.ts';

/** An authorization code must be exchanged within 60 seconds of the sign-in. */
export const CODE_SECONDS = 60;

/** A code that waits for an authenticator or SMS code lives as long as the SMS code: 5 minutes. */
export const SECOND_FACTOR_CODE_SECONDS = 5 * 60;

/** A code issued by /auth/login for one user and one PKCE challenge. */
export interface CodeRequest {
  userId: number;
  client: string;
  codeChallenge: string;
  /** The code is exchanged only together with an authenticator code (otp) or the SMS code sent. */
  secondFactor?: 'otp' | 'sms';
  /** For 'sms': the hash of the code sent (see hashCode with salt `smsSalt(code)`). */
  smsCodeHash?: string;
}

/** The salt an SMS code is hashed with: bound to its authorization code. */
export function smsSalt(authorizationCode: string): string {
  return `sms:${hashOpaqueToken(authorizationCode)}`;
}

/**
 * Issues a single-use authorization code bound to the S256 challenge; only its hash is stored.
 *
 * @example
 * const code = await issueAuthorizationCode(db, { userId, client: 'spa', codeChallenge });
 */
export async function issueAuthorizationCode(db: Kysely<Database>, request: CodeRequest, code: string = newOpaqueToken()): Promise<string> {
  const seconds = request.secondFactor ? SECOND_FACTOR_CODE_SECONDS : CODE_SECONDS;
  await db
    .insertInto('authorization_codes')
    .values({
      code_hash: hashOpaqueToken(code),
      user_id: request.userId,
      client: request.client,
      code_challenge: request.codeChallenge,
      expires_at: sql<Date>`now() + ${seconds} * interval '1 second'`,
      second_factor: request.secondFactor ?? null,
      sms_code_hash: request.smsCodeHash ?? null,
    })
    .execute();
  return code;
}

/** A redeemed code: who signed in, and the row to attach the new session to. */
export interface RedeemedCode {
  codeId: number;
  userId: number;
  client: string;
}

/** Checks the second factor of a code; true when it is right (and, for otp, its step is now used). */
export type SecondFactorCheck = (
  factor: 'otp' | 'sms',
  row: { userId: number; smsCodeHash: string | null },
  otp: string,
  trx: Transaction<Database>,
) => Promise<boolean>;

/** Why a code was refused: the code itself (sign in again) or only the second factor (try again). */
export type Redemption =
  | { redeemed: RedeemedCode }
  | { refused: 'code' }
  | { refused: 'otp'; attemptsLeft: number }
  /** Too many wrong codes across the user's sign-ins; `justLocked` on the attempt that locked it. */
  | { refused: 'locked'; userId: number; justLocked: boolean };

/**
 * Consumes a code of the simple flow (no second factor): the code once, with its verifier. Returns
 * undefined when the code must be refused. See {@link redeemWithSecondFactor} for the rules.
 *
 * @example
 * const redeemed = await redeemAuthorizationCode(db, body.code, body.codeVerifier);
 */
export async function redeemAuthorizationCode(db: Kysely<Database>, code: string, verifier: string): Promise<RedeemedCode | undefined> {
  const result = await redeemWithSecondFactor(db, code, verifier);
  return 'redeemed' in result ? result.redeemed : undefined;
}

/**
 * Consumes a code: it works once, within its lifetime, with the verifier whose hash is the challenge
 * and, for the otp and sms flows, with the right second factor. The code is spent when the verifier
 * is wrong, so it cannot be guessed at; a wrong second factor counts an attempt and the fifth burns
 * the code. A code presented after it was spent revokes the session it was exchanged for, as it may
 * have been stolen.
 *
 * @example
 * const result = await redeemWithSecondFactor(db, body.code, body.codeVerifier, { otp: body.otp, check });
 */
export async function redeemWithSecondFactor(
  db: Kysely<Database>,
  code: string,
  verifier: string,
  factor: { otp?: string; check?: SecondFactorCheck } = {},
): Promise<Redemption> {
  const codeHash = hashOpaqueToken(code);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('authorization_codes')
      .select([
        'id',
        'user_id',
        'client',
        'code_challenge',
        'used_at',
        'session_id',
        'second_factor',
        'sms_code_hash',
        'failed_attempts',
        sql<boolean>`expires_at > now()`.as('fresh'),
      ])
      .where('code_hash', '=', codeHash)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { refused: 'code' } as const;
    if (row.used_at) {
      if (row.session_id) await revokeSession(trx, row.session_id, 'authorization code reused');
      return { refused: 'code' } as const;
    }
    const spend = () =>
      trx
        .updateTable('authorization_codes')
        .set({ used_at: sql`now()` })
        .where('id', '=', row.id)
        .execute();
    if (!row.fresh || !pkceChallengeMatches(verifier, row.code_challenge)) {
      await spend();
      return { refused: 'code' } as const;
    }
    if (row.second_factor) {
      if (await secondFactorLocked(trx, row.user_id)) {
        await spend();
        return { refused: 'locked', userId: row.user_id, justLocked: false } as const;
      }
      const right =
        factor.otp !== undefined &&
        factor.check !== undefined &&
        (await factor.check(row.second_factor, { userId: row.user_id, smsCodeHash: row.sms_code_hash }, factor.otp, trx));
      if (!right) {
        const failed = row.failed_attempts + 1;
        await trx.updateTable('authorization_codes').set({ failed_attempts: failed }).where('id', '=', row.id).execute();
        const { locked, justLocked } = await countWrongSecondFactor(trx, row.user_id);
        if (locked) {
          await spend();
          return { refused: 'locked', userId: row.user_id, justLocked } as const;
        }
        if (failed >= MAX_CODE_ATTEMPTS) {
          await spend();
          return { refused: 'code' } as const;
        }
        return { refused: 'otp', attemptsLeft: MAX_CODE_ATTEMPTS - failed } as const;
      }
    }
    await spend();
    return { redeemed: { codeId: row.id, userId: row.user_id, client: row.client } };
  });
}
