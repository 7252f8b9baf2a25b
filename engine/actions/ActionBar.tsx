import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fillPath } from '../data/paths';
import type { Action, ScreenSpec } from '../spec/types';
import { useConfirm } from '../ui/ConfirmDialog';
import { useCall } from './useCall';

/**
 * The params of an action: its fixed `params`, where a string `":name"` stands for the route parameter
 * `name` (`{ storeId: ':storeId' }` on `/stores/:storeId`).
 *
 * @example
 * ```ts
 * actionParams({ storeId: ':storeId', reason: 'lost' }, { storeId: '7' }); // { storeId: '7', reason: 'lost' }
 * ```
 */
export function actionParams(
  params: Record<string, unknown> | undefined,
  routeParams: Record<string, string | undefined>,
): Record<string, unknown> {
  const resolved: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    const placeholder = typeof value === 'string' ? /^:([A-Za-z_][A-Za-z0-9_]*)$/.exec(value) : null;
    resolved[key] = placeholder ? routeParams[placeholder[1] ?? ''] : value;
  }
  return resolved;
}

function ActionButton({ action, spec }: { action: Action; spec: Pick<ScreenSpec, 'id' | 'source'> }) {
  const { t } = useTranslation();
  const routeParams = useParams();
  const { call, succeed, fail } = useCall(spec);
  const { confirm, dialog } = useConfirm();
  const [pending, setPending] = useState(false);
  const className = `eng-button eng-button--${action.variant ?? 'secondary'}`;

  const onlyNavigates = !action.method && !action.action;
  if (onlyNavigates && action.navigate && !action.confirm) {
    const to = fillPath(action.navigate, routeParams);
    return to ? (
      <Link className={className} to={to}>
        {t(action.label)}
      </Link>
    ) : null;
  }

  const run = async () => {
    if (action.confirm && !(await confirm(action.confirm))) return;
    setPending(true);
    try {
      const outcome = onlyNavigates
        ? { answer: undefined }
        : await call(action, actionParams(action.params, routeParams));
      await succeed({ navigate: action.navigate, ...action.success }, outcome);
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <button type="button" className={className} onClick={run} disabled={pending} aria-busy={pending || undefined}>
        {pending && <span className="eng-spinner eng-spinner--inline" aria-hidden="true" />}
        {t(action.label)}
      </button>
      {dialog}
    </>
  );
}

/**
 * The buttons of a spec's `actions`: each calls a method or an application action, or navigates, asking
 * first when `confirm` is set, then shows the notice, refreshes or navigates as `success` says. A plain
 * navigation is a link, so it opens in a new tab like any link.
 *
 * @example
 * ```tsx
 * <ActionBar spec={spec} />
 * ```
 */
export function ActionBar({ spec }: { spec: Pick<ScreenSpec, 'id' | 'source' | 'actions'> }) {
  if (!spec.actions?.length) return null;
  return (
    <div className="eng-actions">
      {spec.actions.map((action) => (
        <ActionButton key={action.id} action={action} spec={spec} />
      ))}
    </div>
  );
}
