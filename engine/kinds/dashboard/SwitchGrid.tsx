import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionParams } from '../../actions/ActionBar';
import { useCall } from '../../actions/useCall';
import type { ScreenSpec, SwitchGridSpec } from '../../spec/types';
import type { Row } from '../table/rows';
import { useRouteParams } from '../../router/RouteValues';

/**
 * The grid's rows: the parts of the keys before the last dot, in the order they first appear, each with
 * its switches by the part after it.
 *
 * @example
 * ```ts
 * switchRows([{ id: 'signIn.email', on: true }, { id: 'signIn.sms', on: false }], { key: 'id', value: 'on' });
 * // [{ name: 'signIn', cells: Map { 'email' => {…}, 'sms' => {…} } }]
 * ```
 */
export function switchRows(rows: readonly Row[], grid: Pick<SwitchGridSpec, 'key' | 'value'>): { name: string; cells: Map<string, Row> }[] {
  const byName = new Map<string, Map<string, Row>>();
  for (const row of rows) {
    const key = row[grid.key];
    if (typeof key !== 'string') continue;
    const cut = key.lastIndexOf('.');
    if (cut <= 0) continue;
    const name = key.slice(0, cut);
    if (!byName.has(name)) byName.set(name, new Map());
    byName.get(name)!.set(key.slice(cut + 1), row);
  }
  return [...byName].map(([name, cells]) => ({ name, cells }));
}

/**
 * A grid of switches from a list whose rows each name one switch as `'<row>.<column>'` in `key` and hold
 * whether it is on in `value` (`signIn.email: true`): a row per first part, a column per second part
 * (`columns`, in order). A change is sent at once, `switch.params` filled from the switch's row and the
 * `value` field set to the new state; a refusal puts the switch back and goes to `onError`.
 *
 * @example
 * ```tsx
 * <SwitchGrid spec={spec} caption="Security" rows={settings} grid={section.switches} />
 * ```
 */
export function SwitchGrid({ spec, caption, rows, grid }: { spec: ScreenSpec; caption: string; rows: readonly Row[]; grid: SwitchGridSpec }) {
  const { t } = useTranslation();
  const routeParams = useRouteParams();
  const { call, succeed, fail } = useCall(spec);
  // Switches changed here whose reload has not arrived yet: what the person chose is shown meanwhile.
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const [saving, setSaving] = useState<string | null>(null);
  const rowLabel = (name: string) => t(`${grid.rowLabels}.${name}`, { defaultValue: name });
  const columnLabel = (name: string) => t(`${grid.columnLabels}.${name}`, { defaultValue: name });

  const change = async (key: string, row: Row, on: boolean) => {
    setSaving(key);
    setChosen((current) => ({ ...current, [key]: on }));
    try {
      const params = { ...actionParams(grid.switch.params, routeParams, row), [grid.value]: on };
      await succeed({ ...grid.switch.success, refresh: true }, await call(grid.switch, params));
    } catch (error) {
      fail(error);
    } finally {
      setChosen(({ [key]: _settled, ...rest }) => rest);
      setSaving(null);
    }
  };

  return (
    <table className="eng-switches">
      <caption className="eng-visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t(grid.rowHeader)}</th>
          {grid.columns.map((column) => (
            <th key={column} scope="col">
              {columnLabel(column)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {switchRows(rows, grid).map(({ name, cells }) => (
          <tr key={name}>
            <th scope="row">{rowLabel(name)}</th>
            {grid.columns.map((column) => {
              const row = cells.get(column);
              if (!row) return <td key={column} />;
              const key = String(row[grid.key]);
              const on = chosen[key] ?? row[grid.value] === true;
              return (
                <td key={column}>
                  <input
                    type="checkbox"
                    name={key}
                    checked={on}
                    disabled={saving === key}
                    aria-label={t(grid.switchLabel, { row: rowLabel(name), column: columnLabel(column) })}
                    onChange={(event) => void change(key, row, event.target.checked)}
                  />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
