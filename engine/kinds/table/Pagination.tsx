import { useTranslation } from 'react-i18next';

/**
 * Previous and next page buttons with "Page 2 of 5". The position is a polite live region, so a screen
 * reader says where the user landed. Disabled buttons keep their place, so nothing shifts.
 *
 * @example
 * ```tsx
 * <Pagination pageIndex={0} pageSize={20} total={93} onPageChange={setPageIndex} />
 * ```
 */
export function Pagination({
  pageIndex,
  pageSize,
  total,
  onPageChange,
}: {
  pageIndex: number;
  pageSize: number;
  total: number;
  onPageChange: (pageIndex: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="eng-pagination" aria-label={t('engine.table.pagination')}>
      <button type="button" className="eng-button eng-button--secondary" disabled={pageIndex <= 0} onClick={() => onPageChange(pageIndex - 1)}>
        {t('engine.table.previous')}
      </button>
      <span className="eng-pagination__status" aria-live="polite">
        {t('engine.table.page', { page: pageIndex + 1, pages })}
      </span>
      <button type="button" className="eng-button eng-button--secondary" disabled={pageIndex >= pages - 1} onClick={() => onPageChange(pageIndex + 1)}>
        {t('engine.table.next')}
      </button>
    </nav>
  );
}

/**
 * Previous and next buttons of a list paged by cursor, where the number of pages is not known: "Page 2"
 * between them (a polite live region). Next is enabled while the answer gives a next cursor.
 *
 * @example
 * ```tsx
 * <CursorPagination pageIndex={1} hasNext={Boolean(nextCursor)} onPageChange={setPageIndex} />
 * ```
 */
export function CursorPagination({ pageIndex, hasNext, onPageChange }: { pageIndex: number; hasNext: boolean; onPageChange: (pageIndex: number) => void }) {
  const { t } = useTranslation();
  if (pageIndex === 0 && !hasNext) return null;
  return (
    <nav className="eng-pagination" aria-label={t('engine.table.pagination')}>
      <button type="button" className="eng-button eng-button--secondary" disabled={pageIndex <= 0} onClick={() => onPageChange(pageIndex - 1)}>
        {t('engine.table.previous')}
      </button>
      <span className="eng-pagination__status" aria-live="polite">
        {t('engine.table.pageNumber', { page: pageIndex + 1 })}
      </span>
      <button type="button" className="eng-button eng-button--secondary" disabled={!hasNext} onClick={() => onPageChange(pageIndex + 1)}>
        {t('engine.table.next')}
      </button>
    </nav>
  );
}

/**
 * A Load more button under a list whose pages are added to the rows shown, with "25 of 60 shown" (a polite live
 * region). Offered while `offered` holds; the button says it is busy while the next page loads.
 *
 * @example
 * ```tsx
 * <LoadMore shown={25} total={60} offered busy={false} onLoadMore={() => setPageIndex(pageIndex + 1)} />
 * ```
 */
export function LoadMore({
  shown,
  total,
  offered,
  busy,
  onLoadMore,
}: {
  shown: number;
  total: number;
  offered: boolean;
  busy: boolean;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation();
  if (total === 0) return null;
  return (
    <nav className="eng-pagination" aria-label={t('engine.table.pagination')}>
      <span className="eng-pagination__status" aria-live="polite">
        {t('engine.table.shownOf', { shown, total })}
      </span>
      {offered && (
        <button type="button" className="eng-button eng-button--secondary" disabled={busy} aria-busy={busy} onClick={onLoadMore}>
          {t('engine.table.loadMore')}
        </button>
      )}
    </nav>
  );
}
