import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '../../i18n/labels';
import { useEngine } from '../../provider/EngineProvider';
import type { TableSpec } from '../../spec/types';
import { saveBlob } from '../../files/saveFile';
import type { CsvColumn } from './csv';
import { fetchAllRows } from './fetchAllRows';
import type { TableParamNames } from './params';

/**
 * The CSV columns of a table: its columns in order, each money column followed by its currency column
 * when the table does not show that one, so no amount in the file is ambiguous.
 *
 * @example
 * ```ts
 * csvColumns(t, table); // [{ field: 'amount', label: 'Amount' }, { field: 'currencyCode', label: 'Currency' }, ...]
 * ```
 */
export function csvColumns(t: Parameters<typeof fieldLabel>[0], table: Pick<TableSpec, 'columns' | 'entity'>): CsvColumn[] {
  const shown = new Set(table.columns.map((column) => column.field));
  const columns: CsvColumn[] = [];
  const label = (field: string, key?: string) => fieldLabel(t, field, table.entity.properties?.[field], key);
  for (const column of table.columns) {
    columns.push({ field: column.field, label: label(column.field, column.label) });
    if (column.format === 'money' && column.currencyField && !shown.has(column.currencyField)) {
      columns.push({ field: column.currencyField, label: label(column.currencyField) });
      shown.add(column.currencyField);
    }
  }
  return columns;
}

/** The server path with the filters as query parameters (lists repeated, empty values left out). */
export function exportUrl(path: string, params: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') query.append(name, String(item));
    }
  }
  const search = query.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

/**
 * Exports every row matching the current filters and sort as CSV, with a progress bar and a live count
 * while it runs: from the server path `export.url` when the spec names one (the server streams the file),
 * else by paging through the method. Leaving the screen stops it.
 *
 * @example
 * ```tsx
 * <ExportButton table={table} names={names} params={paramsWithoutPaging} fileName="orders" />
 * ```
 */
export function ExportButton({
  table,
  names,
  params,
  fileName,
}: {
  table: TableSpec;
  names: TableParamNames;
  params: Record<string, unknown>;
  fileName: string;
}) {
  const { t } = useTranslation();
  const { callMethod, onError, downloadFile } = useEngine();
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = async () => {
    abort.current = new AbortController();
    setProgress({ loaded: 0, total: 0 });
    try {
      if (table.export?.url && downloadFile) {
        const blob = await downloadFile(exportUrl(table.export.url, params), {
          signal: abort.current.signal,
          onProgress: (loaded, total) => setProgress({ loaded, total }),
        });
        saveBlob(`${fileName}.csv`, blob);
        return;
      }
      // Codegen refuses a table export whose rows come from a store: only a method pages.
      const rows = await fetchAllRows({
        callMethod,
        method: table.data.method ?? '',
        params,
        names,
        dataPath: table.data.path,
        rowsField: table.rows,
        totalField: table.total,
        onProgress: (loaded, total) => setProgress({ loaded, total }),
        signal: abort.current.signal,
      });
      // The CSV writer (Papa Parse) is fetched with the first export, not with every table.
      const { saveTextFile, toCsv } = await import('./csv');
      if (abort.current.signal.aborted) return;
      saveTextFile(`${fileName}.csv`, toCsv(csvColumns(t, table), rows), 'text/csv');
    } catch (error) {
      // Leaving the screen aborts on purpose; anything else is a failure the user must hear about.
      if (abort.current.signal.aborted) return;
      if (onError) onError(error);
      else console.error(error);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="eng-export">
      <button type="button" className="eng-button eng-button--secondary" onClick={() => void run()} disabled={progress !== null}>
        {t('engine.table.export')}
      </button>
      {progress && (
        <div className="eng-export__progress">
          <progress max={progress.total || undefined} value={progress.total ? progress.loaded : undefined} aria-label={t('engine.table.exporting')} />
          <span aria-live="polite">{t('engine.table.exportProgress', { loaded: progress.loaded, total: progress.total })}</span>
        </div>
      )}
    </div>
  );
}
