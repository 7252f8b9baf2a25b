import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getPath } from '../../data/paths';
import { useMethodData } from '../../data/useMethodData';
import { matchesWhen } from '../../spec/when';
import type { KindProps } from '../../router/kinds';
import { ActionList } from '../../actions/ActionBar';
import { queryFields } from '../../actions/useCall';
import { formSchema } from '../../schema-form/formSchemas';
import { pickFields } from '../../schema-form/narrowSchema';
import type { DashboardSection, ScreenSpec, SectionSearch } from '../../spec/types';
import { FormBody } from '../form/FormScreen';
import { FormFillsContext, formFills } from '../form/fill';
import { RowActions } from '../table/RowActions';
import { isAnswer } from '../../errors/MethodCallError';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingIndicator } from '../../ui/Progress';
import { Skeleton } from '../../ui/Skeleton';
import { DefinitionList } from '../detail/DefinitionList';
import { specPart } from '../specPart';
import { DataTable } from '../table/DataTable';
import { RowList } from '../table/RowList';
import { Pagination } from '../table/Pagination';
import { tableParamNames } from '../table/params';
import { BarChart } from './BarChart';
import { CardsSection } from './CardsSection';
import { ChoicesSection } from './ChoicesSection';
import { sectionRows, sectionTotal } from './sectionRows';
import { SwitchGrid } from './SwitchGrid';
import { SectionTabs } from './SectionTabs';
import { TextSection } from './TextSection';
import { ThreadSection } from './ThreadSection';
import { useOnShow } from './useOnShow';
import { EmptyState } from '../../ui/EmptyState';
import { EditableSection } from './editable/EditableSection';

/** Dashboard sections page with the default param names; the first request sends none, like the spec's. */
const PAGING = tableParamNames({});

const EMPTY: Record<string, unknown> = {};

/**
/**
 * A form section: empty at first (but for its `queryDefaults`) and again after each success, when every
 * section reloads; buttons naming it as `fill` fill it. With `startFromData` it starts from its section's
 * data instead (the form's fields picked), and again from the reloaded data after each success. Its submit
 * button's label interpolates the section's data (`values`, "Pay {{total}}"), which application widgets
 * read as `formContext.data`.
 */
function FormSection({
  spec,
  section,
  values,
}: {
  spec: ScreenSpec;
  section: DashboardSection & { form: NonNullable<DashboardSection['form']> };
  values: Record<string, unknown>;
}) {
  const { form } = section;
  const schema = useMemo(() => formSchema(form), [form]);
  const [query] = useSearchParams();
  const initialData = useMemo(
    () => (form.startFromData ? pickFields(values, form.fields) : form.queryDefaults ? queryFields(form.queryDefaults, query) : EMPTY),
    [form, values, query],
  );
  return (
    <FormBody
      key={form.startFromData ? JSON.stringify(initialData) : undefined}
      spec={spec}
      form={form}
      schema={schema}
      initialData={initialData}
      idPrefix={`${spec.id}-${section.id}`}
      resetOnDone
      fillId={section.id}
      labelValues={values}
    />
  );
}

function SectionBody({ spec, section, title }: { spec: ScreenSpec; section: DashboardSection; title: string }) {
  const { t } = useTranslation();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(0);
  const [searched, setSearched] = useState('');
  const extra = {
    ...(pageIndex > 0 ? { [PAGING.pageParam]: pageIndex + PAGING.firstPage } : {}),
    ...(section.search && searched ? { [section.search.field]: searched } : {}),
  };
  const answer = useMethodData(section.data, Object.keys(extra).length > 0 ? extra : undefined, {
    keepPreviousData: true,
  });
  const rows = useMemo(() => sectionRows(answer.data, section), [answer.data, section]);
  const total = sectionTotal(answer.data, section, rows.length);
  const data = getPath(answer.data, section.data?.path);
  const values = useMemo(() => (typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {}), [data]);
  const shownItems = useMemo(
    () => (answer.data === undefined ? undefined : section.kind === 'detail' ? [values] : rows),
    [answer.data, section.kind, values, rows],
  );
  useOnShow(section.onShow, shownItems, spec.id);
  // The first page tells how many rows a page holds; later pages may be shorter.
  useEffect(() => {
    if (pageIndex === 0 && rows.length > 0) setPageSize(rows.length);
  }, [pageIndex, rows.length]);

  if (answer.error) {
    // A refusal is the server's last word on this item: the section's own words, and nothing to try again.
    if (section.errorText && isAnswer(answer.error)) return <ErrorState message={t(section.errorText)} />;
    return <ErrorState onRetry={() => void answer.mutate()} />;
  }
  const searchBox = section.search && section.kind === 'table' && (
    <SectionSearchBox
      search={section.search}
      onSearch={(text) => {
        setPageIndex(0);
        setSearched(text);
      }}
    />
  );
  if (section.data && answer.data === undefined) {
    return (
      <>
        {searchBox}
        <SectionSkeleton section={section} />
      </>
    );
  }
  return (
    <>
      {searchBox}
      <SectionContent
        spec={spec}
        section={section}
        title={title}
        rows={rows}
        total={total}
        values={values}
        paging={{ pageIndex, pageSize, setPageIndex }}
        busy={answer.isValidating}
      />
      <ActionList spec={spec} actions={section.actions} values={values} />
    </>
  );
}

/**
 * A dashboard table's search box (`section.search`): the text, sent with Enter or the button, becomes the
 * request field the spec names; an emptied box sends nothing.
 */
function SectionSearchBox({ search, onSearch }: { search: SectionSearch; onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      className="eng-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label className="eng-visually-hidden" htmlFor={id}>
        {t(search.label)}
      </label>
      <input
        id={id}
        type="search"
        className="eng-input eng-search__input"
        value={text}
        maxLength={search.maxLength}
        placeholder={t(search.label)}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="eng-button eng-button--primary">
        {t('engine.table.search')}
      </button>
    </form>
  );
}

/** How many placeholders a loading section draws: its `loading.rows`, else a page of a table (its `pageSize` parameter), one card, five bars. */
function placeholderRows(section: DashboardSection): number {
  if (section.loading?.rows !== undefined) return section.loading.rows;
  const pageSize = Number(section.data?.params?.pageSize);
  if (section.kind === 'table') return Number.isInteger(pageSize) && pageSize > 0 ? pageSize : 5;
  return section.kind === 'cards' ? 1 : 5;
}

/**
 * A section whose data is on its way: placeholders of the height its items will take (cards, lines, bars)
 * and, unseen, the buttons that will certainly show (those without `when`), so that the sections under it
 * stay where they are when it fills in. Kinds with no list of their own show the spinner.
 */
function SectionSkeleton({ section }: { section: DashboardSection }) {
  const { t } = useTranslation();
  const buttons = (section.actions ?? []).filter((action) => action.when === undefined);
  const placeholderButtons = buttons.length > 0 && (
    <div className="eng-actions eng-actions--inline">
      {buttons.map((action) => (
        <span key={action.id} className={`eng-button eng-button--${action.variant ?? 'secondary'}`}>
          {t(action.label)}
        </span>
      ))}
    </div>
  );
  switch (section.kind) {
    case 'cards':
      return (
        <Skeleton shape="cards" rows={placeholderRows(section)}>
          {placeholderButtons}
        </Skeleton>
      );
    case 'table':
      return (
        <Skeleton shape="lines" rows={placeholderRows(section)} heading={section.groupByDay !== undefined}>
          {placeholderButtons}
        </Skeleton>
      );
    case 'chart':
      return <Skeleton shape="bars" rows={placeholderRows(section)} />;
    case 'detail':
      if ((section.columns ?? []).length === 0)
        return (
          <Skeleton shape="lines" rows={0}>
            {placeholderButtons}
          </Skeleton>
        );
      return <LoadingIndicator />;
    default:
      return <LoadingIndicator />;
  }
}

function SectionContent({
  spec,
  section,
  title,
  rows,
  total,
  values,
  paging: { pageIndex, pageSize, setPageIndex },
  busy,
}: {
  spec: ScreenSpec;
  section: DashboardSection;
  title: string;
  rows: Record<string, unknown>[];
  total: number;
  values: Record<string, unknown>;
  paging: { pageIndex: number; pageSize: number; setPageIndex: (index: number) => void };
  busy: boolean;
}) {
  const { t } = useTranslation();
  const columns = section.columns ?? [];

  switch (section.kind) {
    case 'cards':
      if (rows.length === 0 || !section.card) {
        return (
          <EmptyState text={t(section.emptyText ?? 'engine.table.empty')}>
            {section.emptyActions && <ActionList spec={spec} actions={section.emptyActions} values={{}} />}
          </EmptyState>
        );
      }
      return (
        <CardsSection spec={spec} rows={rows} card={section.card} entity={section.entity} heading={section.title ? 'h3' : 'h2'} groupBy={section.groupBy} />
      );
    case 'table':
      return (
        <>
          {section.list ? (
            <RowList
              caption={title}
              list={section.list}
              columns={columns}
              entity={section.entity}
              rows={rows}
              rowLink={section.rowLink}
              rowKey={section.rowKey}
              groupByDay={section.groupByDay}
              headingLevel={section.title ? 3 : 2}
              emptyText={section.emptyText}
              loading={false}
              busy={busy}
            />
          ) : (
            <DataTable
              compact
              caption={title}
              columns={columns}
              entity={section.entity}
              rows={rows}
              rowCount={total}
              pagination={{ pageIndex, pageSize: pageSize || rows.length || 1 }}
              emptyText={section.emptyText}
              rowLink={section.rowLink}
              rowKey={section.rowKey}
              renderRowActions={
                section.rowActions
                  ? (row) => <RowActions spec={spec} actions={section.rowActions} row={row} columns={columns} entity={section.entity} />
                  : undefined
              }
              groupByDay={section.groupByDay}
              loading={false}
              busy={busy}
            />
          )}
          {pageSize > 0 && total > pageSize && <Pagination pageIndex={pageIndex} pageSize={pageSize} total={total} onPageChange={setPageIndex} />}
        </>
      );
    case 'detail':
      // A detail section may be only its title, description and buttons.
      return columns.length > 0 ? <DefinitionList data={values} fields={columns} entity={section.entity} /> : null;
    case 'form':
      return section.form ? <FormSection spec={spec} section={{ ...section, form: section.form }} values={values} /> : null;
    case 'switches':
      return section.switches ? <SwitchGrid spec={spec} caption={title} rows={rows} grid={section.switches} /> : null;
    case 'text':
      return (
        <TextSection
          data={values}
          rows={section.rows ? rows : undefined}
          columns={columns}
          entity={section.entity}
          paragraphs={section.text?.paragraphs}
          heading={section.text?.heading}
          titled={Boolean(section.title)}
          lang={section.text?.lang}
        />
      );
    case 'thread':
      return section.thread ? (
        <ThreadSection
          rows={rows}
          thread={section.thread}
          entity={section.entity}
          emptyText={section.emptyText}
          renderItemActions={
            section.rowActions
              ? (row) => <RowActions spec={spec} actions={section.rowActions} row={row} columns={section.thread!.footnotes ?? []} entity={section.entity} />
              : undefined
          }
        />
      ) : null;
    case 'editable':
      return section.editable ? (
        <EditableSection spec={spec} editable={section.editable} rows={rows} columns={columns} entity={section.entity} values={values} caption={title} />
      ) : null;
    case 'choices':
      return <ChoicesSection choices={section.choices ?? []} emptyText={section.emptyText} />;
    case 'chart': {
      const [category, value] = columns;
      if (!category || !value) return <ErrorState message={t('engine.dashboard.chartColumns', { section: section.id })} />;
      if (rows.length === 0) return <EmptyState text={t(section.emptyText ?? 'engine.table.empty')} />;
      return <BarChart caption={title} rows={rows} category={category} value={value} entity={section.entity} />;
    }
  }
}

/**
 * A section with `when`: drawn only once its data (`data.path` applied) meets the condition. The data is
 * the same SWR answer the section's body reads, so it is fetched once. With `queryWhen`, only while the
 * address's query parameters meet that condition too (`?variant=business`).
 */
function ConditionalSection({ spec, section }: { spec: ScreenSpec; section: DashboardSection }) {
  const answer = useMethodData(section.data);
  const [query] = useSearchParams();
  if (section.queryWhen && !matchesWhen(section.queryWhen, Object.fromEntries(query))) return null;
  // Undecided: nothing, unless most visitors see it; then its title and placeholders keep its room.
  if (answer.data === undefined && section.data) return section.loading?.likely ? <SectionFrame spec={spec} section={section} /> : null;
  if (!matchesWhen(section.when, getPath(answer.data, section.data?.path) ?? {})) return null;
  return <SectionFrame spec={spec} section={section} />;
}

/**
 * One dashboard section: its title, description, body and link; with `when`, only while its data meets it.
 * Wizard steps of kind `sections` draw theirs with it too.
 *
 * @example
 * ```tsx
 * <Section spec={spec} section={{ id: 'orders', kind: 'detail', data: { method: 'orderGet' }, columns }} />
 * ```
 */
export function Section({ spec, section }: { spec: ScreenSpec; section: DashboardSection }) {
  return section.when || section.queryWhen ? <ConditionalSection spec={spec} section={section} /> : <SectionFrame spec={spec} section={section} />;
}

function SectionFrame({ spec, section }: { spec: ScreenSpec; section: DashboardSection }) {
  const { t } = useTranslation();
  const headingId = useId();
  // The same call as the body's first page, so SWR asks once: a title interpolates the section's data.
  const answer = useMethodData(section.data, undefined, { keepPreviousData: true });
  const data = getPath(answer.data, section.data?.path);
  const values = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const worded = section.title ? t(section.title, values) : '';
  // A title worded from the data ("Invoice {{id}}") cannot be worded without it: while the data is
  // missing (it failed), the section shows no half-filled template.
  const title = section.data && answer.data === undefined && /\{\{|\$t\(/.test(worded) ? '' : worded;
  return (
    <section
      className={`eng-section eng-section--${section.kind}${section.width === 'full' ? ' eng-section--full' : ''}`}
      aria-labelledby={title ? headingId : undefined}
    >
      {title && (
        <h2 id={headingId} className="eng-section__title">
          {title}
        </h2>
      )}
      {section.description && <p className="eng-section__description">{t(section.description, values)}</p>}
      <SectionBody spec={spec} section={section} title={title} />
      {section.link && (
        <Link className="eng-section__link" to={section.link.to}>
          {t(section.link.label)}
        </Link>
      )}
    </section>
  );
}

/**
 * `kind: dashboard`: sections side by side on wide screens, stacked on phones. Each loads its own data, so
 * a slow or failing one shows its own progress or error while the others are ready. Kinds: `cards`,
 * `table` (compact; page buttons only when the total exceeds the rows shown; `rowActions` on each row),
 * `detail`, `chart` (bars of the second column, labelled by the first), `form` (starts empty again after
 * each success, and every section reloads), `switches` (a grid of switches, each saved at once). A
 * section's `actions` are buttons under it, shown and filled by its data; `rowsWhere` keeps one group of a
 * list that several sections share. A title interpolates the section's data; kinds `text` (values as
 * paragraphs, no labels, or a list of parts under headings) and `thread` (a list as a conversation) draw
 * articles and conversations; `layout: stack` puts every section under the one before; `tabs` splits the
 * sections into tabs within the screen (a section's `tab` names its tab; one without shows under every
 * tab), kept in the address. `editable` changes its rows in place and sends every change in one call.
 *
 * @example
 * ```yaml
 * kind: dashboard
 * dashboard:
 *   sections:
 *     - { id: stores, kind: cards, data: { method: storeSummary }, rows: stores,
 *         card: { title: storeName, value: revenue, format: money, currencyField: currencyCode } }
 *     - { id: addStore, kind: form, title: stores.addTitle,
 *         form: { schema: forms/store.schema.json, fields: [name], submit: { method: storeAdd, label: stores.add } } }
 *     - id: settings
 *       kind: detail
 *       data: { method: storeSettings }
 *       columns: [{ field: open, format: badge }]
 *       actions:
 *         - { id: close, label: stores.close, method: storeOpenSet, params: { open: false }, when: { field: open, equals: true } }
 * ```
 */
export function DashboardScreen({ spec }: KindProps) {
  const dashboard = specPart(spec, 'dashboard');
  const [fills] = useState(formFills);
  const sections = (tab?: string) => (
    <div className={`eng-dashboard eng-dashboard--${dashboard.layout ?? 'grid'}`}>
      {dashboard.sections
        .filter((section) => tab === undefined || section.tab === undefined || section.tab === tab)
        .map((section) => (
          <Section key={section.id} spec={spec} section={section} />
        ))}
    </div>
  );
  return (
    <FormFillsContext value={fills}>
      {!dashboard.tabs || dashboard.tabs.length === 0 ? sections() : <SectionTabs tabs={dashboard.tabs}>{(tab) => sections(tab)}</SectionTabs>}
    </FormFillsContext>
  );
}
