import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../format/dates';
import { formatText } from '../../format/formatValue';
import { useIntlLocale } from '../../i18n/labels';
import type { JsonSchema, ThreadSpec } from '../../spec/types';
import { matchesWhen } from '../../spec/when';
import { EmptyState } from '../../ui/EmptyState';

/**
 * A section of kind `thread`: a list drawn as a conversation in the order the answer gives it, each item
 * with its author (`mineAuthor`, "You", on one's own, which sit on the other side), its time and its text,
 * then its `footnotes` (an attachment's name) where they have a value, then the section's `rowActions` whose
 * `when` holds for the item (a file's download), run with the item's values.
 *
 * @example
 * ```tsx
 * <ThreadSection rows={messages} thread={{ label: 'chat.label', author: 'authorName', time: 'sentAt',
 *   body: 'text', mine: { field: 'fromMe', equals: true }, mineAuthor: 'chat.you' }} />
 * ```
 */
export function ThreadSection({
  rows,
  thread,
  entity,
  emptyText,
  renderItemActions,
}: {
  rows: Record<string, unknown>[];
  thread: ThreadSpec;
  entity?: JsonSchema;
  emptyText?: string;
  /** The buttons of one item (the section's `rowActions`). */
  renderItemActions?: (row: Record<string, unknown>) => ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  if (rows.length === 0) return <EmptyState text={t(emptyText ?? 'engine.table.empty')} />;
  return (
    <ol className="eng-thread" aria-label={t(thread.label)}>
      {rows.map((row, index) => {
        const mine = matchesWhen(thread.mine, row);
        const time = row[thread.time];
        const notes = (thread.footnotes ?? [])
          .map((column) => ({ field: column.field, text: formatText(row[column.field], column, row, { t, locale }, entity?.properties?.[column.field]) }))
          .filter((note) => note.text !== '');
        return (
          <li key={index} className="eng-thread__item" data-mine={mine}>
            <p className="eng-thread__author">
              <strong>{mine ? t(thread.mineAuthor) : String(row[thread.author] ?? '')}</strong>
              {typeof time === 'string' && <time dateTime={time}>{formatDateTime(time, locale)}</time>}
            </p>
            <p className="eng-thread__body">{String(row[thread.body] ?? '')}</p>
            {notes.map((note) => (
              <p key={note.field} className="eng-thread__note">
                {note.text}
              </p>
            ))}
            {renderItemActions && <div className="eng-thread__actions">{renderItemActions(row)}</div>}
          </li>
        );
      })}
    </ol>
  );
}
