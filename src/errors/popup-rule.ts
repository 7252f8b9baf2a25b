import { isMethodCallError } from '../../engine/index.ts';

/** The parts of an error answer the popup reads. */
export interface ErrorAnswer {
  responseDescription?: string;
  message?: string;
  /** An errors object or list; its messages are joined with a comma. */
  errors?: Record<string, string> | string[];
  validationErrors?: Array<{ field?: string; description: string }>;
}

/** What the error popup shows. */
export interface PopupContent {
  header: string;
  body: string;
}

/** A description longer than this does not fit a header (document 000 section 8). */
export const HEADER_LIMIT = 50;

/** The generic header; the popup translates it. */
export const GENERIC_HEADER = 'Error';

/**
 * The popup rule of document 000 section 8. The header is the response description; a description
 * over 50 characters becomes the body under the header 'Error'. Otherwise the body is the message, else
 * the errors (joined with a comma), else the validation errors' descriptions (joined with a space).
 *
 * @example
 * popupContent({ responseDescription: 'Invalid params', validationErrors: [{ field: 'profile.firstName', description: 'Too long.' }] });
 * // { header: 'Invalid params', body: 'Too long.' }
 */
export function popupContent(answer: ErrorAnswer): PopupContent {
  const description = answer.responseDescription ?? '';
  if (description.length > HEADER_LIMIT) return { header: GENERIC_HEADER, body: description };
  const errors = Array.isArray(answer.errors) ? answer.errors : Object.values(answer.errors ?? {});
  const validation = (answer.validationErrors ?? []).map((error) => error.description);
  const body = answer.message || errors.filter(Boolean).join(', ') || validation.filter(Boolean).join(' ');
  return { header: description || GENERIC_HEADER, body };
}

/**
 * Reads any thrown value as an error answer: a MethodCallError's description and field errors, any
 * other Error's message (the token service's refusals among them); anything else is an 'unknown error'.
 *
 * @example
 * errorAnswerOf(new MethodCallError('CA', 'Closed account', {})); // { responseDescription: 'Closed account', validationErrors: [] }
 */
export function errorAnswerOf(error: unknown): ErrorAnswer {
  if (isMethodCallError(error)) {
    return {
      responseDescription: error.description,
      validationErrors: Object.entries(error.fieldErrors).map(([field, description]) => ({ field, description })),
    };
  }
  if (error instanceof Error && error.message) return { responseDescription: error.message };
  if (typeof error === 'string' && error) return { responseDescription: error };
  return { responseDescription: 'unknown error' };
}
