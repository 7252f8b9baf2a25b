import { useTranslation } from 'react-i18next';
import { formatText } from '../../format/formatValue';
import { useIntlLocale } from '../../i18n/labels';
import type { Column, JsonSchema } from '../../spec/types';

/**
 * A section of kind `text`: each column's value, formatted and worded by its `template`, as a paragraph
 * without a label (an article's date line, its text). A missing value is left out unless its column has
 * `emptyText`. With `paragraphs`, an empty line inside a value starts a new paragraph.
 *
 * @example
 * ```tsx
 * <TextSection data={{ body: 'One.\n\nTwo.' }} columns={[{ field: 'body' }]} paragraphs />
 * ```
 */
export function TextSection({
  data,
  columns,
  entity,
  paragraphs = false,
}: {
  data: Record<string, unknown>;
  columns: readonly Column[];
  entity?: JsonSchema;
  paragraphs?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const texts = columns.flatMap((column) => {
    const text = formatText(data[column.field], column, data, { t, locale }, entity?.properties?.[column.field]);
    if (text === '') return [];
    const parts = paragraphs ? text.split(/\n\s*\n/).map((part) => part.trim()).filter(Boolean) : [text];
    return parts.map((part, index) => ({ key: `${column.field}-${index}`, field: column.field, text: part }));
  });
  return (
    <div className="eng-text">
      {texts.map((paragraph) => (
        <p key={paragraph.key} data-field={paragraph.field}>
          {paragraph.text}
        </p>
      ))}
    </div>
  );
}
