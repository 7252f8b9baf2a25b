import { useTranslation } from 'react-i18next';
import { columnFormat, formatText, FormattedValue } from '../../format/formatValue';
import { useIntlLocale } from '../../i18n/labels';
import type { Column, JsonSchema } from '../../spec/types';

/** One object's columns as paragraphs: formatted, worded by templates, empty ones left out; links and badges drawn as such. */
function useParagraphs(columns: readonly Column[], entity: JsonSchema | undefined, paragraphs: boolean) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  return (data: Record<string, unknown>) =>
    columns.flatMap((column) => {
      const text = formatText(data[column.field], column, data, { t, locale }, entity?.properties?.[column.field]);
      if (text === '') return [];
      const property = entity?.properties?.[column.field];
      const drawn = columnFormat(column, property);
      // A link or a badge is drawn as such, in a paragraph of its own.
      if (drawn === 'link' || drawn === 'badge') {
        return [
          <p key={column.field} data-field={column.field}>
            <FormattedValue row={data} column={column} property={property} />
          </p>,
        ];
      }
      const parts = paragraphs
        ? text
            .split(/\n\s*\n/)
            .map((part) => part.trim())
            .filter(Boolean)
        : [text];
      return parts.map((part, index) => (
        <p key={`${column.field}-${index}`} data-field={column.field}>
          {part}
        </p>
      ));
    });
}

/**
 * A section of kind `text`: each column's value, formatted and worded by its `template`, as a paragraph
 * without a label (an article's date line, its text). A missing value is left out unless its column has
 * `emptyText`. With `paragraphs`, an empty line inside a value starts a new paragraph. Given `rows` (the
 * section lists `rows`), each row is a part of its own under a heading from its `heading` field (an `h3`
 * under a titled section, else an `h2`), as the chapters of a document. `lang` marks text written in one
 * language whatever the interface's (a binding legal text).
 *
 * @example
 * ```tsx
 * <TextSection data={{ body: 'One.\n\nTwo.' }} columns={[{ field: 'body' }]} paragraphs />
 * <TextSection data={{}} rows={chapters} columns={[{ field: 'text' }]} heading="heading" titled={false} lang="en" />
 * ```
 */
export function TextSection({
  data,
  rows,
  columns,
  entity,
  paragraphs = false,
  heading,
  titled = true,
  lang,
}: {
  data: Record<string, unknown>;
  rows?: Record<string, unknown>[];
  columns: readonly Column[];
  entity?: JsonSchema;
  paragraphs?: boolean;
  heading?: string;
  titled?: boolean;
  lang?: string;
}) {
  const paragraphsOf = useParagraphs(columns, entity, paragraphs);
  if (!rows) {
    return (
      <div className="eng-text" lang={lang}>
        {paragraphsOf(data)}
      </div>
    );
  }
  const Heading = titled ? 'h3' : 'h2';
  return (
    <div className="eng-text" lang={lang}>
      {rows.map((row, index) => (
        <section key={index} className="eng-text__part">
          {heading && <Heading className="eng-text__heading">{String(row[heading] ?? '')}</Heading>}
          {paragraphsOf(row)}
        </section>
      ))}
    </div>
  );
}
