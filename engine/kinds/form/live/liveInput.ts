import { actionParams } from '../../../actions/ActionBar';
import type { LiveValue } from '../../../spec/types';

type Values = Record<string, unknown>;

/** What a live value should do for the form as it stands. */
export type LiveInput = { status: 'idle' } | { status: 'invalid' } | { status: 'ask'; params: Values; key: string };

const PLACEHOLDER = /^:([A-Za-z_][A-Za-z0-9_]*)$/;
const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The form fields a live value's params name (`":amount"` names `amount`).
 *
 * @example
 * ```ts
 * namedFields({ amount: ':amount', kind: 'p2p' }); // { amount: 'amount' }
 * ```
 */
export function namedFields(params: Values | undefined): Record<string, string> {
  const named: Record<string, string> = {};
  for (const [request, value] of Object.entries(params ?? {})) {
    const match = typeof value === 'string' ? PLACEHOLDER.exec(value) : null;
    if (match) named[request] = match[1]!;
  }
  return named;
}

/**
 * Whether a live value is asked for the form's `data`: not while a field it names is empty (one it lists
 * as `optional` is left out of the request instead), or all of its `either` fields are (`idle`), nor while one fails the form's schema (`invalid`: its message says so, and no call is made); else with these params,
 * `key` telling one request from another.
 *
 * @example
 * ```ts
 * liveInput({ id: 'fee', method: 'orderFee', params: { amount: ':amount' } }, { amount: '5' }, {}, new Set()); // ask { amount: '5' }
 * liveInput({ id: 'fee', method: 'orderFee', params: { amount: ':amount' } }, { amount: 'x' }, {}, new Set(['amount'])); // invalid
 * ```
 */
export function liveInput(
  live: LiveValue,
  data: Values,
  routeParams: Record<string, string | undefined>,
  invalidFields: ReadonlySet<string>,
  lastChanged?: string,
): LiveInput {
  const driver = drivingField(live, data, lastChanged);
  // Of `either` fields one is sent: while none has a value, there is nothing to ask about.
  if (live.either && (driver === undefined || isEmpty(data[driver]))) return { status: 'idle' };
  const named = Object.entries(namedFields(live.params)).filter(
    ([, field]) => (!live.either?.includes(field) || field === driver) && !(live.optional?.includes(field) && isEmpty(data[field] ?? routeParams[field])),
  );
  const fields = named.map(([, field]) => field);
  if (fields.some((field) => isEmpty(data[field] ?? routeParams[field]))) return { status: 'idle' };
  if (fields.some((field) => invalidFields.has(field))) return { status: 'invalid' };
  const left = new Set(Object.keys(namedFields(live.params)).filter((request) => !named.some(([kept]) => kept === request)));
  const params = Object.fromEntries(Object.entries(actionParams(live.params, routeParams, data)).filter(([request]) => !left.has(request)));
  return { status: 'ask', params, key: JSON.stringify([live.method, params]) };
}

/**
 * Of a live value's `either` fields, the one whose value is sent: the one the person changed last, else
 * the first that has a value.
 *
 * @example
 * ```ts
 * drivingField({ id: 'quote', method: 'orderQuote', either: ['amount', 'toAmount'] }, { amount: '5', toAmount: '4.60' }, 'toAmount'); // 'toAmount'
 * ```
 */
export function drivingField(live: LiveValue, data: Values, lastChanged: string | undefined): string | undefined {
  if (!live.either) return undefined;
  if (lastChanged && live.either.includes(lastChanged)) return lastChanged;
  return live.either.find((field) => !isEmpty(data[field]));
}
