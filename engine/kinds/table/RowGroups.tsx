import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionList } from '../../actions/ActionBar';
import type { Action, RowGroups, ScreenSpec } from '../../spec/types';
import { matchesWhen } from '../../spec/when';
import type { Row } from './rows';

/** One group of a page's rows: the rows, and the values its buttons read (its first row plus `count`). */
export interface RowGroup {
  value: unknown;
  rows: Row[];
  values: Row;
}

/**
 * The page's rows grouped by the value of `field`, in the order each group first appears; rows without a
 * value, or failing `where`, belong to none. `count` is the number of rows, or with `countField` the sum of
 * what each row stands for (a row without it counting one).
 *
 * @example
 * ```ts
 * groupRows([{ id: 1, crateId: 7, name: 'May' }, { id: 2 }, { id: 3, crateId: 7, name: 'May' }], { field: 'crateId' });
 * // [{ value: 7, rows: [row 1, row 3], values: { id: 1, crateId: 7, name: 'May', count: 2 } }]
 * groupRows([{ id: -4, crateId: 4, items: 300 }], { field: 'crateId', countField: 'items' });
 * // [{ value: 4, rows: [row -4], values: { id: -4, crateId: 4, items: 300, count: 300 } }]
 * ```
 */
export function groupRows(rows: readonly Row[], groups: Pick<RowGroups, 'field' | 'where' | 'countField'>): RowGroup[] {
  const byValue = new Map<string, Row[]>();
  const order: unknown[] = [];
  for (const row of rows) {
    const value = row[groups.field];
    if (value === undefined || value === null || value === '' || !matchesWhen(groups.where, row)) continue;
    const key = String(value);
    const members = byValue.get(key);
    if (members) members.push(row);
    else {
      byValue.set(key, [row]);
      order.push(value);
    }
  }
  return order.map((value) => {
    const members = byValue.get(String(value))!;
    const count = members.reduce((sum, row) => {
      const stands = groups.countField === undefined ? undefined : row[groups.countField];
      return sum + (typeof stands === 'number' && Number.isInteger(stands) && stands >= 0 ? stands : 1);
    }, 0);
    return { value, rows: members, values: { ...members[0], count } };
  });
}

/**
 * The groups of a table's page (`table.groups`), listed above the table under their heading, each named by
 * `label` and followed by the buttons that act on the whole group (a batch approved at once). The buttons
 * run as any row button does (question, answer-driven flow, result), reading the group's values; their
 * result `list` is filled in from the group's rows. Nothing is drawn while no group has a button to show.
 *
 * @example
 * ```tsx
 * <RowGroupList spec={spec} groups={table.groups} actions={shownGroupActions} rows={rows} rowKey="id" />
 * ```
 */
export function RowGroupList({
  spec,
  groups,
  actions,
  rows,
  rowKey,
}: {
  spec: Pick<ScreenSpec, 'id' | 'source'>;
  groups: RowGroups;
  /** The group buttons to offer (those whose `answerWhen` the list's answer meets). */
  actions: readonly Action[];
  rows: readonly Row[];
  rowKey: string | undefined;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const list = groupRows(rows, groups).filter((group) => actions.some((action) => matchesWhen(action.when, group.values)));
  if (list.length === 0) return null;
  return (
    <section className="eng-row-groups" aria-labelledby={headingId}>
      <h2 id={headingId} className="eng-row-groups__title">
        {t(groups.title)}
      </h2>
      <ul className="eng-row-groups__list">
        {list.map((group) => {
          const name = t(groups.label, group.values);
          return (
            <li key={String(group.value)} className="eng-row-groups__item" data-key={String(group.value)}>
              <span>{name}</span>
              <ActionList
                spec={spec}
                actions={actions}
                values={group.values}
                subject={name}
                resultRows={rowKey ? { key: rowKey, rows: group.rows } : undefined}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
