/** A value with nothing to send: the server treats an absent field as "not given". */
const isEmpty = (value: unknown) => value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value));

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * Drops null, undefined and NaN from a request payload, at every depth (document 000 section 5).
 * Forms leave cleared inputs as null or NaN; sending them would fail the server's schema validation,
 * where leaving them out keeps the stored value. Empty items are dropped from arrays too.
 *
 * @example
 * cleanPayload({ keyword: null, pageSize: 20, profile: { occupation: undefined, firstName: 'Ana' } });
 * // { pageSize: 20, profile: { firstName: 'Ana' } }
 */
export function cleanPayload<T>(payload: T): T {
  if (Array.isArray(payload)) {
    return payload.filter((item) => !isEmpty(item)).map((item: unknown) => cleanPayload(item)) as T;
  }
  if (isPlainObject(payload)) {
    const cleaned: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(payload)) {
      if (!isEmpty(value)) cleaned[key] = cleanPayload(value);
    }
    return cleaned as T;
  }
  return payload;
}
