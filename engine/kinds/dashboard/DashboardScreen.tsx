import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getPath } from '../../data/paths';
import { useMethodData } from '../../data/useMethodData';
import type { KindProps } from '../../router/kinds';
import type { DashboardSection } from '../../spec/types';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingIndicator } from '../../ui/Progress';
import { DefinitionList } from '../detail/DefinitionList';
import { specPart } from '../specPart';
import { DataTable } from '../table/DataTable';
import { Pagination } from '../table/Pagination';
import { tableParamNames } from '../table/params';
import { BarChart } from './BarChart';
import { CardsSection } from './CardsSection';
import { sectionRows, sectionTotal } from './sectionRows';

/** Dashboard sections page with the default param names; the first request sends none, like the spec's. */
const PAGING = tableParamNames({});

function SectionBody({ section, title }: { section: DashboardSection; title: string }) {
  const { t } = useTranslation();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(0);
  const answer = useMethodData(section.data, pageIndex > 0 ? { [PAGING.pageParam]: pageIndex + PAGING.firstPage } : undefined, {
    keepPreviousData: true,
  });
  const rows = sectionRows(answer.data, section);
  const total = sectionTotal(answer.data, section, rows.length);
  // The first page tells how many rows a page holds; later pages may be shorter.
  useEffect(() => {
    if (pageIndex === 0 && rows.length > 0) setPageSize(rows.length);
  }, [pageIndex, rows.length]);

  if (answer.error) return <ErrorState onRetry={() => void answer.mutate()} />;
  if (section.data && answer.data === undefined) return <LoadingIndicator />;
  const columns = section.columns ?? [];

  switch (section.kind) {
    case 'cards':
      if (rows.length === 0 || !section.card) return <p className="eng-empty">{t(section.emptyText ?? 'engine.table.empty')}</p>;
      return <CardsSection rows={rows} card={section.card} entity={section.entity} />;
    case 'table':
      return (
        <>
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
            loading={false}
            busy={answer.isValidating}
          />
          {pageSize > 0 && total > pageSize && (
            <Pagination pageIndex={pageIndex} pageSize={pageSize} total={total} onPageChange={setPageIndex} />
          )}
        </>
      );
    case 'detail': {
      const data = getPath(answer.data, section.data?.path);
      return (
        <DefinitionList
          data={typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}}
          fields={columns}
          entity={section.entity}
        />
      );
    }
    case 'chart': {
      const [category, value] = columns;
      if (!category || !value) return <ErrorState message={t('engine.dashboard.chartColumns', { section: section.id })} />;
      if (rows.length === 0) return <p className="eng-empty">{t(section.emptyText ?? 'engine.table.empty')}</p>;
      return <BarChart caption={title} rows={rows} category={category} value={value} entity={section.entity} />;
    }
  }
}

function Section({ section }: { section: DashboardSection }) {
  const { t } = useTranslation();
  const headingId = useId();
  const title = section.title ? t(section.title) : '';
  return (
    <section className={`eng-section eng-section--${section.kind}`} aria-labelledby={section.title ? headingId : undefined}>
      {section.title && (
        <h2 id={headingId} className="eng-section__title">
          {title}
        </h2>
      )}
      <SectionBody section={section} title={title} />
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
 * `table` (compact; page buttons only when the total exceeds the rows shown), `detail`, `chart` (bars of
 * the second column, labelled by the first).
 *
 * @example
 * ```yaml
 * kind: dashboard
 * dashboard:
 *   sections:
 *     - { id: stores, kind: cards, data: { method: storeSummary }, rows: stores,
 *         card: { title: storeName, value: revenue, format: money, currencyField: currencyCode } }
 * ```
 */
export function DashboardScreen({ spec }: KindProps) {
  const dashboard = specPart(spec, 'dashboard');
  return (
    <div className="eng-dashboard">
      {dashboard.sections.map((section) => (
        <Section key={section.id} section={section} />
      ))}
    </div>
  );
}
