import { actionParams } from '../../../actions/ActionBar';
import type { LiveValue } from '../../../spec/types';

type Values = Record<string, unknown>;

/** What a live value should do for the form as it stands. */
export type LiveInput =
  | { status: 'idle' }
  | { status: 'invalid' }
  | { status: 'ask'; params: Values; key: string };

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
 * Whether a live value is asked for the form's `data`: not while a field it names is empty (`idle`) or
 * fails the form's schema (`invalid`: its message says so, and no call is made); else with these params,
 * `key` telling one request from another.
 *
 * @example
 * ```ts
 * liveInput({ id: 'fee', method: 'orderFee', params: { amount: ':amount' } }, { amount: '5' }, {}, new Set()); // ask { amount: '5' }
 * liveInput({ id: 'fee', method: 'orderFee', params: { amount: ':amount' } }, { amount: 'x' }, {}, new Set(['amount'])); // invalid
 * ```
 */
export function liveInput(live: LiveValue, data: Values, routeParams: Record<string, string | undefined>, invalidFields: ReadonlySet<string>): LiveInput {
  const fields = Object.values(namedFields(live.params));
  if (fields.some((field) => isEmpty(data[field] ?? routeParams[field]))) return { status: 'idle' };
  if (fields.some((field) => invalidFields.has(field))) return { status: 'invalid' };
  const params = actionParams(live.params, routeParams, data);
  return { status: 'ask', params, key: JSON.stringify([live.method, params]) };
}
