import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The response codes of the main backend (document 000 section 8) with the description each answer
 * carries. Success is '00'.
 */
export const RESPONSE_DESCRIPTIONS = {
  '00': 'Success',
  VF: 'Verification failed',
  TE: 'Please accept the terms to continue',
  AE: 'Request could not be completed',
  ENOA: 'No access',
  CA: 'The account is closed',
  AU: 'Authorization required. Please sign in again.',
  '13': 'Access denied',
  TA1: 'Invalid params',
  IM: 'Invalid method',
  UE: 'Server error',
} as const;

export type ResponseCode = keyof typeof RESPONSE_DESCRIPTIONS;

/** A field's problem as the browser's forms show it; `field` is a dot path ('' for the whole request). */
export interface RefusalFieldError {
  field: string;
  description: string;
}

/** What a refusal may carry besides its code. */
export interface RefusalDetails {
  /** Replaces the code's standard description: say what happened and what to do. */
  description?: string;
  /** Field-level problems; the form puts each on its field. */
  validationErrors?: RefusalFieldError[];
  /** More of the answer, e.g. `terms` on TE. Must not use the envelope's own keys. */
  extra?: Record<string, unknown>;
}

/**
 * A refusal a handler raises to answer with a response code instead of a payload. Nothing the
 * handler did in its database transaction should stay: throw before committing, or inside it.
 *
 * @example
 * if (!account) throw new RpcRefusal('13');
 * throw new RpcRefusal('VF', { validationErrors: [{ field: 'code', description: 'The code is wrong or has expired.' }] });
 */
export class RpcRefusal extends Error {
  override name = 'RpcRefusal';

  constructor(
    readonly code: Exclude<ResponseCode, '00'>,
    readonly details: RefusalDetails = {},
  ) {
    super(details.description ?? RESPONSE_DESCRIPTIONS[code]);
  }

  /** The answer's body after the code: description, field errors and extras. */
  get body(): Record<string, unknown> {
    return {
      ...(this.details.extra ?? {}),
      ...(this.details.description ? { responseDescription: this.details.description } : {}),
      ...(this.details.validationErrors ? { validationErrors: this.details.validationErrors } : {}),
    };
  }
}

/**
 * A refusal whose cause must be remembered although the call's transaction rolls back: a wrong
 * second-factor code given inside a money-moving call still counts. The money-moving runner rolls
 * the call back, then runs `record` on the database outside it and answers the refusal it returns.
 * Outside a transaction, call `record` yourself and throw its answer.
 *
 * @example
 * throw new RefusalToRecord((db) => countWrongCode(db, challengeId));
 */
export class RefusalToRecord extends RpcRefusal {
  override name = 'RefusalToRecord';

  constructor(readonly record: (db: Kysely<Database>) => Promise<RpcRefusal>) {
    super('TA1');
  }
}
