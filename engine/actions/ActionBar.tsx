import { use, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fillPath, getPath } from '../data/paths';
import { isMethodCallError } from '../errors/MethodCallError';
import type { ResultRows } from '../flow/steps';
import { useAnswerFlow } from '../flow/useAnswerFlow';
import { FormFillsContext } from '../kinds/form/fill';
import type { Action, ScreenSpec } from '../spec/types';
import { matchesWhen } from '../spec/when';
import { useConfirm } from '../ui/ConfirmDialog';
import { useCall } from './useCall';
import { useRouteParams } from '../router/RouteValues';

type Values = Record<string, unknown>;

/**
 * The params of an action: its fixed `params`, where a string `":name"` stands for the value `name` of the
 * row or section the action is on, else the route parameter `name` (`{ storeId: ':storeId' }` on
 * `/stores/:storeId`); a dot path reads inside the row (`':store.code'`).
 *
 * @example
 * ```ts
 * actionParams({ storeId: ':storeId', reason: 'lost' }, { storeId: '7' }); // { storeId: '7', reason: 'lost' }
 * actionParams({ id: ':id' }, {}, { id: 12 }); // { id: 12 }
 * actionParams({ code: ':store.code' }, {}, { store: { code: 'S-12' } }); // { code: 'S-12' }
 * ```
 */
export function actionParams(
  params: Record<string, unknown> | undefined,
  routeParams: Record<string, string | undefined>,
  values: Values = {},
): Record<string, unknown> {
  const resolved: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    // ':name' reads the row's value, else the route parameter; ':store.code' a value inside the row.
    const placeholder = typeof value === 'string' ? /^:([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)$/.exec(value) : null;
    const name = placeholder?.[1] ?? '';
    resolved[key] = placeholder ? (getPath(values, name) ?? routeParams[name]) : value;
  }
  return resolved;
}

interface ActionButtonProps {
  action: Action;
  spec: Pick<ScreenSpec, 'id' | 'source'>;
  /** The row or section data the action is on: params, the question and `when` read it. */
  values?: Values;
  /** What the question interpolates instead of `values`: the row as the table shows it. */
  wording?: Values;
  /**
   * Read by screen readers after the label, so that "Delete" on each row says which row; the action's own
   * `subject` wins.
   */
  subject?: string;
  /** Where a refusal's field errors go; without it they go to `EngineOptions.onError` like any error. */
  onFieldErrors?: (messages: string[]) => void;
  /** The rows the action stands for (a group's), whose values a result `list` fills in. */
  resultRows?: ResultRows;
}

function ActionButton({ action, spec, values, wording, subject, onFieldErrors, resultRows }: ActionButtonProps) {
  const { t } = useTranslation();
  const routeParams = useRouteParams();
  const { succeed, fail } = useCall(spec);
  const flow = useAnswerFlow(spec, { ...action, success: { navigate: action.navigate, ...action.success } });
  const fills = use(FormFillsContext);
  const { confirm, dialog } = useConfirm();
  const [pending, setPending] = useState(false);
  const className = `eng-button eng-button--${action.variant ?? 'secondary'}`;
  const heard = action.subject ? t(action.subject, wording ?? values) : subject;
  const label = (
    <>
      {t(action.label)}
      {heard && <span className="eng-visually-hidden"> {heard}</span>}
    </>
  );

  // No call and a result: the button shows the result of the values it has (a row's), as a call's would be.
  const onlyShows = !action.method && !action.action && !action.fill && action.result !== undefined;
  const onlyNavigates = !action.method && !action.action && !action.fill && !onlyShows;
  if (onlyNavigates && action.navigate && !action.confirm) {
    const to = fillPath(action.navigate, { ...routeParams, ...values });
    return to ? (
      <Link className={className} to={to} data-action={action.id}>
        {label}
      </Link>
    ) : null;
  }

  const run = async () => {
    const question = {
      values: wording ?? values,
      titleKey: action.confirmTitle,
      yesKey: action.confirmYes,
      noKey: action.confirmNo,
      tone: action.variant === 'danger' ? ('danger' as const) : undefined,
    };
    if (action.confirm && !(await confirm(action.confirm, question))) return;
    if (onlyShows) {
      flow.show(action.params ? actionParams(action.params, routeParams, values) : (values ?? {}));
      return;
    }
    if (action.fill) {
      fills?.fill(action.fill, actionParams(action.params, routeParams, values));
      return;
    }
    setPending(true);
    onFieldErrors?.([]);
    try {
      if (onlyNavigates) await succeed({ navigate: action.navigate, ...action.success }, { answer: undefined });
      else await flow.run(actionParams(action.params, routeParams, values), resultRows ? { rows: resultRows } : undefined);
    } catch (error) {
      if (onFieldErrors && isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0) onFieldErrors(Object.values(error.fieldErrors));
      else fail(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <button type="button" className={className} onClick={() => void run()} disabled={pending} aria-busy={pending || undefined} data-action={action.id}>
        {pending && <span className="eng-spinner eng-spinner--inline" aria-hidden="true" />}
        {label}
      </button>
      {dialog}
      {flow.dialog}
    </>
  );
}

/**
 * Buttons for a row or a section: each action whose `when` holds for `values`, run with params and the
 * question filled from them. A refusal with field errors is said under the buttons (an alert), since a
 * button has no field of its own to show it on.
 *
 * @example
 * ```tsx
 * <ActionList spec={spec} actions={section.rowActions} values={row} subject={String(row.email)} />
 * ```
 */
export function ActionList({
  spec,
  actions,
  values,
  wording,
  subject,
  resultRows,
}: {
  spec: Pick<ScreenSpec, 'id' | 'source'>;
  actions: readonly Action[] | undefined;
  values: Values;
  /** What questions interpolate instead of `values` (the row as shown: formatted amounts, worded values). */
  wording?: Values;
  subject?: string;
  /** The rows the buttons stand for (a group of a table's rows): a result `list` is filled in from them. */
  resultRows?: ResultRows;
}) {
  const [errors, setErrors] = useState<string[]>([]);
  const shown = (actions ?? []).filter((action) => matchesWhen(action.when, values));
  if (shown.length === 0) return null;
  return (
    <div className="eng-actions eng-actions--inline">
      {shown.map((action) => (
        <ActionButton
          key={action.id}
          action={action}
          spec={spec}
          values={values}
          wording={wording}
          subject={subject}
          onFieldErrors={setErrors}
          resultRows={resultRows}
        />
      ))}
      {errors.length > 0 && (
        <p className="eng-field-errors eng-actions__errors" role="alert">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}

/**
 * The buttons of a spec's `actions` (those whose `when` holds for the route parameters): each calls a method or an application action, or navigates, asking
 * first when `confirm` is set, then shows the notice, refreshes or navigates as `success` says. A plain
 * navigation is a link, so it opens in a new tab like any link.
 *
 * @example
 * ```tsx
 * <ActionBar spec={spec} />
 * ```
 */
export function ActionBar({ spec }: { spec: Pick<ScreenSpec, 'id' | 'source' | 'actions'> }) {
  const routeParams = useRouteParams();
  const shown = (spec.actions ?? []).filter((action) => matchesWhen(action.when, routeParams));
  if (shown.length === 0) return null;
  return (
    <div className="eng-actions">
      {shown.map((action) => (
        <ActionButton key={action.id} action={action} spec={spec} />
      ))}
    </div>
  );
}
