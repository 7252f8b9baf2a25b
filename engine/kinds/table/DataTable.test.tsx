import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Column } from '../../spec/types';
import { createTestI18n } from '../../testing/harness';
import { DataTable } from './DataTable';
import { VIRTUAL_ROWS_FROM } from './rowWindow';

const columns: Column[] = [{ field: 'reference' }, { field: 'amount', format: 'money', currencyField: 'currencyCode' }];
const list = (count: number) => Array.from({ length: count }, (_, i) => ({ id: i + 1, reference: `REF-${i + 1}`, amount: i, currencyCode: 'EUR' }));

function renderTable(count: number) {
  const rows = list(count);
  return render(
    <I18nextProvider i18n={createTestI18n()}>
      <MemoryRouter>
        <DataTable
          caption="Payments"
          columns={columns}
          rows={rows}
          rowCount={rows.length}
          pagination={{ pageIndex: 0, pageSize: rows.length }}
          loading={false}
        />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** The data rows drawn, by their aria-rowindex (or all data rows when the table draws every one). */
const dataRows = () => [...document.querySelectorAll<HTMLTableRowElement>('tbody tr.eng-table__row')];

describe('DataTable with a long list', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws every row of a short list, without row counts', () => {
    renderTable(VIRTUAL_ROWS_FROM - 1);
    expect(dataRows()).toHaveLength(VIRTUAL_ROWS_FROM - 1);
    expect(screen.getByRole('table').hasAttribute('aria-rowcount')).toBe(false);
    expect(document.querySelector('.eng-table__spacer')).toBeNull();
  });

  it('draws a window of the rows of a long one, saying how many there are and where each drawn one sits', () => {
    renderTable(10_000);
    const table = screen.getByRole('table');
    expect(table.getAttribute('aria-rowcount')).toBe('10001');
    expect(table.querySelector('thead tr')?.getAttribute('aria-rowindex')).toBe('1');
    const drawn = dataRows();
    expect(drawn.length).toBeGreaterThan(10);
    expect(drawn.length).toBeLessThan(100);
    expect(drawn.map((row) => row.getAttribute('aria-rowindex'))).toEqual(drawn.map((_, i) => String(i + 2)));
    expect(drawn[0]?.textContent).toContain('REF-1');
    // The rows left out are stood for by one spacer below, hidden from screen readers, as tall as they are.
    const spacers = [...document.querySelectorAll<HTMLTableRowElement>('tbody tr.eng-table__spacer')];
    expect(spacers).toHaveLength(1);
    expect(spacers[0]?.getAttribute('aria-hidden')).toBe('true');
    expect(parseFloat(spacers[0]?.querySelector('td')?.style.height ?? '0')).toBeGreaterThan((10_000 - drawn.length) * 10);
  });

  it('moves the window with the page scrolling', async () => {
    renderTable(10_000);
    const body = document.querySelector('tbody')!;
    // 40-pixel rows, the table's body scrolled 4,000 pixels past the top of the screen: row 100 is at the top.
    vi.spyOn(body, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: -4000, width: 800, height: 400_000 }));
    for (const row of dataRows()) {
      const index = Number(row.getAttribute('aria-rowindex')) - 2;
      vi.spyOn(row, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: -4000 + index * 40, width: 800, height: 40 }));
    }
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    const drawn = dataRows().map((row) => Number(row.getAttribute('aria-rowindex')));
    // Rows 100 to about 120 are on screen (aria-rowindex 102 on), with some drawn beyond each edge.
    expect(drawn[0]).toBeGreaterThan(80);
    expect(drawn[0]).toBeLessThanOrEqual(102);
    expect(drawn.at(-1)).toBeGreaterThanOrEqual(102 + Math.floor(window.innerHeight / 40));
    expect(drawn.at(-1)).toBeLessThan(200);
    expect(document.querySelectorAll('tbody tr.eng-table__spacer')).toHaveLength(2);
    expect(screen.getByText('REF-101')).toBeTruthy();
  });
});
