import { getPath } from '../../data/paths';
import { formatText, type FormatContext } from '../../format/formatValue';
import type { FieldCheck, UiOptions } from '../../spec/types';
import { matchesWhen } from '../../spec/when';
import type { LiveState } from './live/useLiveValues';

type Values = Record<string, unknown>;

/**
 * What a form's field checks read: the form's values, and each answered live value's answer under
 * `live.<id>` (so an answer's `amount` never hides the form's).
 *
 * @example
 * ```ts
 * checkedValues({ amount: '60' }, { limits: { status: 'ready', answer: { most: '50' } } });
 * // { amount: '60', live: { limits: { most: '50' } } }
 * ```
 */
export function checkedValues(data: Values, live: Record<string, LiveState>): Values {
  const answers: Values = {};
  for (const [id, state] of Object.entries(live)) if (state.status === 'ready') answers[id] = state.answer;
  return { ...data, live: answers };
}

/** The `ui:options.checks` of each top-level field of a uiSchema that has some, with the field's own `when`. */
function checksOf(uiSchema: Record<string, unknown> | undefined): Array<[string, FieldCheck[], UiOptions['when']]> {
  const found: Array<[string, FieldCheck[], UiOptions['when']]> = [];
  for (const [field, ui] of Object.entries(uiSchema ?? {})) {
    const options = (ui as { 'ui:options'?: UiOptions } | null)?.['ui:options'];
    if (Array.isArray(options?.checks) && options.checks.length > 0) found.push([field, options.checks, options.when]);
  }
  return found;
}

/**
 * The message each field's checks say now, by field: for each field with `ui:options.checks` (and shown:
 * its own `when` holds), the first check whose `when` holds for `values` (see {@link checkedValues}) and,
 * with `fails`, whose named application value check refuses the field's value (an empty value is refused
 * by none),
 * translated with its `values` formatted as columns format them. A comparison with a value not known yet
 * (a live answer still awaited) does not hold, so nothing is said before it is known.
 *
 * @example
 * ```ts
 * fieldCheckMessages(
 *   { amount: { 'ui:options': { checks: [{ when: { field: 'amount', gt: ':live.limits.most' }, message: 'orders.over',
 *     values: { most: { field: 'live.limits.most', format: 'money', currencyField: 'live.limits.currencyCode' } } }] } } },
 *   { amount: '60', live: { limits: { most: '50', currencyCode: 'EUR' } } },
 *   { t, locale: 'en' },
 * ); // { amount: 'The most is €50.00.' }
 * ```
 */
export function fieldCheckMessages(
  uiSchema: Record<string, unknown> | undefined,
  values: Values,
  ctx: FormatContext,
  valueChecks: Record<string, (value: unknown) => boolean> = {},
): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [field, checks, shownWhen] of checksOf(uiSchema)) {
    if (shownWhen && !matchesWhen(shownWhen, values)) continue;
    const refuses = (name: string) => {
      const value = values[field];
      const accepts = valueChecks[name];
      if (!accepts)
        throw new Error(`The field check of '${field}' names the value check '${name}', which the application does not register (EngineOptions.valueChecks).`);
      return value !== undefined && value !== null && value !== '' && !accepts(value);
    };
    const check = checks.find((candidate) => (candidate.fails === undefined || refuses(candidate.fails)) && matchesWhen(candidate.when, values));
    if (!check) continue;
    const worded: Record<string, string> = {};
    for (const [name, column] of Object.entries(check.values ?? {})) {
      const currency = column.currencyField ? getPath(values, column.currencyField) : undefined;
      worded[name] = formatText(
        getPath(values, column.field),
        { field: name, ...(column.format ? { format: column.format } : {}), ...(column.currencyField ? { currencyField: 'currency' } : {}) },
        { currency },
        ctx,
      );
    }
    messages[field] = ctx.t(check.message, worded);
  }
  return messages;
}
