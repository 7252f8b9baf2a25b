import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionParams } from '../../actions/ActionBar';
import { useCall } from '../../actions/useCall';
import { useAnswerFlow } from '../../flow/useAnswerFlow';
import type { Action, ScreenSpec } from '../../spec/types';
import { matchesWhen } from '../../spec/when';
import { useConfirm } from '../../ui/ConfirmDialog';
import type { Row } from './rows';
import { useRouteParams } from '../../router/RouteValues';

/**
 * A bulk action's params: `':selected'` is the list of the selected rows' keys (as the rows hold them),
 * another `':name'` the route parameter.
 *
 * @example
 * ```ts
 * bulkParams({ ids: ':selected', storeId: ':storeId' }, [4, 7], { storeId: '2' }); // { ids: [4, 7], storeId: '2' }
 * ```
 */
export function bulkParams(
  params: Record<string, unknown> | undefined,
  keys: readonly unknown[],
  routeParams: Record<string, string | undefined>,
): Record<string, unknown> {
  const resolved = actionParams(params, routeParams);
  for (const [name, value] of Object.entries(params ?? {})) if (value === ':selected') resolved[name] = [...keys];
  return resolved;
}

function BulkButton({
  spec,
  action,
  rows,
  rowKey,
  onDone,
}: {
  spec: Pick<ScreenSpec, 'id' | 'source'>;
  action: Action;
  rows: Row[];
  rowKey: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const routeParams = useRouteParams();
  const { fail } = useCall(spec);
  // The call runs as an answer-driven flow: its idempotency key, the second factor the answer asks for, its result.
  const flow = useAnswerFlow(spec, action);
  const { confirm, dialog } = useConfirm();
  const [pending, setPending] = useState(false);
  // Enabled only when something is selected and every selected row may take the action.
  const enabled = rows.length > 0 && rows.every((row) => matchesWhen(action.when, row));
  const run = async () => {
    const values = { count: rows.length };
    if (
      action.confirm &&
      !(await confirm(action.confirm, {
        values,
        titleKey: action.confirmTitle,
        yesKey: action.confirmYes,
        noKey: action.confirmNo,
        tone: action.variant === 'danger' ? 'danger' : undefined,
      }))
    ) {
      return;
    }
    setPending(true);
    try {
      const outcome = await flow.run(
        bulkParams(
          action.params,
          rows.map((row) => row[rowKey]),
          routeParams,
        ),
        { rows: { key: rowKey, rows } },
      );
      if (outcome.status !== 'cancelled') onDone();
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={`eng-button eng-button--${action.variant ?? 'secondary'}`}
        disabled={!enabled || pending}
        aria-busy={pending || undefined}
        onClick={() => void run()}
      >
        {pending && <span className="eng-spinner eng-spinner--inline" aria-hidden="true" />}
        {t(action.label, { count: rows.length })}
      </button>
      {dialog}
      {flow.dialog}
    </>
  );
}

/**
 * The buttons that act on the selected rows of a table, with how many are selected. Each is enabled
 * while at least one row is selected and every selected row meets its `when`; its question and label
 * interpolate `{{count}}`; it sends the selected rows' `rowKey` values where its params say `':selected'`,
 * through the answer-driven flow (`idempotencyKey`, `challenge`, `result` as on any button; a result
 * `list` is filled in from the selected rows), then clears the selection and reloads. The caller leaves out
 * the actions whose `answerWhen` the list's answer fails.
 *
 * @example
 * ```tsx
 * <BulkActions spec={spec} actions={table.bulkActions} rows={selectedRows} rowKey="id" onDone={() => setSelected(new Set())} />
 * ```
 */
export function BulkActions({
  spec,
  actions,
  rows,
  rowKey,
  onDone,
}: {
  spec: Pick<ScreenSpec, 'id' | 'source'>;
  actions: readonly Action[];
  /** The selected rows. */
  rows: Row[];
  rowKey: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="eng-bulk-actions" role="group" aria-label={t('engine.table.selected', { count: rows.length })}>
      <span className="eng-bulk-actions__count" aria-live="polite">
        {t('engine.table.selected', { count: rows.length })}
      </span>
      {actions.map((action) => (
        <BulkButton key={action.id} spec={spec} action={action} rows={rows} rowKey={rowKey} onDone={onDone} />
      ))}
    </div>
  );
}
