/** `T` with every nullable property made optional and non-null. */
export type NullsOmitted<T> = { [K in keyof T as null extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as null extends T[K] ? K : never]?: Exclude<T[K], null>;
};

/**
 * Drops null properties: database NULL means "not known", which answers leave out rather than send
 * as null (the declared schemas have no nullable fields).
 *
 * @example
 * omitNull({ firstName: 'Anna', businessName: null }); // { firstName: 'Anna' }
 */
export function omitNull<T extends Record<string, unknown>>(record: T): NullsOmitted<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null)) as NullsOmitted<T>;
}
