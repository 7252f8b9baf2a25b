import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { localeTexts, type Language, type TextValues } from '../i18n/texts.ts';

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
  /** A batch upload identical to an earlier one: sent again with ignoreIdenticalBatch to keep it (document 001 section 4). */
  '92': 'An identical batch was uploaded before',
} as const;

export type ResponseCode = keyof typeof RESPONSE_DESCRIPTIONS;

/**
 * A field's problem as the browser's forms show it; `field` is a dot path ('' for the whole request).
 * Say it with a locale `key` (and its `values`) so the caller reads it in the request's language; a
 * `description` is sent as it is.
 */
export interface RefusalFieldError {
  field: string;
  description?: string;
  key?: string;
  values?: TextValues;
}

/** What a refusal may carry besides its code. */
export interface RefusalDetails {
  /** Replaces the code's standard description, as it is: prefer `key`. */
  description?: string;
  /** Replaces the code's standard description with a locale text (locales/<language>/server.json), worded in the request's language. */
  key?: string;
  /** The values the `key`'s text fills in; money as `{ amount, currency }`. */
  values?: TextValues;
  /** Field-level problems; the form puts each on its field. */
  validationErrors?: RefusalFieldError[];
  /** More of the answer, e.g. `terms` on TE. Must not use the envelope's own keys. */
  extra?: Record<string, unknown>;
}

/**
 * A refusal a handler raises to answer with a response code instead of a payload. Nothing the
 * handler did in its database transaction should stay: throw before committing, or inside it.
 *
 * The answer is worded in the request's language (`bodyIn`): the code's standard description
 * (`server.codes.<code>`), else the refusal's `key`; field errors by their `key`.
 *
 * @example
 * if (!account) throw new RpcRefusal('13');
 * throw new RpcRefusal('VF', { validationErrors: [{ field: 'code', key: 'server.codes.wrongCode' }] });
 * throw new RpcRefusal('TA1', { key: 'server.invoices.alreadyPaid' });
 */
export class RpcRefusal extends Error {
  override name = 'RpcRefusal';

  constructor(
    readonly code: Exclude<ResponseCode, '00'>,
    readonly details: RefusalDetails = {},
  ) {
    super(details.description ?? (details.key ? localeTexts('en')(details.key, details.values) : RESPONSE_DESCRIPTIONS[code]));
  }

  /** The answer's body after the code, in English: description, field errors and extras. */
  get body(): Record<string, unknown> {
    return this.bodyIn('en');
  }

  /** The answer's body after the code, worded in `language`: description, field errors and extras. */
  bodyIn(language: Language): Record<string, unknown> {
    const t = localeTexts(language);
    const description = this.details.description ?? (this.details.key ? t(this.details.key, this.details.values) : undefined);
    return {
      ...(this.details.extra ?? {}),
      ...(description ? { responseDescription: description } : {}),
      ...(this.details.validationErrors
        ? { validationErrors: this.details.validationErrors.map((error) => ({ field: error.field, description: fieldDescription(error, language) })) }
        : {}),
    };
  }

  /**
   * The refusal as one sentence in `language`, for an answer outside the RPC envelope (`{ message }`):
   * its own text, else its first field error's, else its code's description.
   *
   * @example
   * reply.code(400).send({ message: refusal.messageIn(currentLanguage()) });
   */
  messageIn(language: Language): string {
    const body = this.bodyIn(language);
    const [first] = (body.validationErrors as { description: string }[] | undefined) ?? [];
    return (body.responseDescription as string | undefined) ?? first?.description ?? codeDescription(this.code, language);
  }
}

/** A field error's words in a language. */
export function fieldDescription(error: RefusalFieldError, language: Language): string {
  return error.key ? localeTexts(language)(error.key, error.values) : (error.description ?? '');
}

/**
 * A response code's standard description in a language (locales/<language>/server.json `server.codes`);
 * the English ones are document 000's.
 *
 * @example
 * codeDescription('TA1', 'es'); // 'Parámetros no válidos'
 */
export function codeDescription(code: ResponseCode, language: Language): string {
  const t = localeTexts(language);
  return t.has(`server.codes.${code}`) ? t(`server.codes.${code}`) : RESPONSE_DESCRIPTIONS[code];
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

/** A thing the customer has no such one of: 404 in the Refusal shape. */
export class RestNotFound extends RpcRefusal {
  constructor(key = 'server.publicApi.notFound') {
    super('TA1', { key });
  }
}
