import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import type { ScreenSpec } from './spec/types';
import { entrySchema, formSpec, tableSpec } from './testing/fixtures';
import { createTestI18n, renderScreens, testOptions } from './testing/harness';

/**
 * axe-core over each kind of screen, as rendered in the test DOM. Colour contrast needs real layout and
 * styles, which the end-to-end suite checks in Chromium; every structural rule runs here.
 */
async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

const i18n = () =>
  createTestI18n({
    person: { title: 'Your details', save: 'Save' },
    entries: { title: 'Entries' },
    overview: { title: 'Overview', spending: 'Spending', totals: 'Totals' },
  });

const rows = {
  entries: [{ entryId: 1, bookedAt: '2024-03-01T10:00:00Z', amount: '-12.5', currencyCode: 'USD', status: 'posted', memo: 'Rent' }],
  totalCount: 5,
};

describe('accessibility (axe-core)', () => {
  it('finds nothing serious on a form with errors shown', async () => {
    renderScreens(testOptions([formSpec({}, { fields: ['firstName', 'email', 'plan', 'newsletter', 'birthDate'] })]), '/person', i18n());
    const button = await screen.findByRole('button', { name: 'Save' });
    await act(async () => {
      fireEvent.click(button);
    });
    await screen.findAllByText('Fill in this field.');
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds nothing serious on a wizard step with errors shown', async () => {
    const wizard: ScreenSpec = {
      id: 'join',
      route: '/join',
      layout: 'clear',
      title: 'person.title',
      kind: 'wizard',
      wizard: {
        schema: formSpec().form?.schema ?? {},
        steps: [
          { id: 'one', title: 'person.title', fields: ['firstName', 'email'] },
          { id: 'two', title: 'person.title', fields: ['plan'] },
        ],
        draft: { key: 'join', version: '1' },
        submit: { method: 'join' },
      },
    };
    renderScreens(testOptions([wizard]), '/join', i18n());
    const next = await screen.findByRole('button', { name: 'Next' });
    await act(async () => {
      fireEvent.click(next);
    });
    await screen.findAllByText('Fill in this field.');
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds nothing serious on a table with filters, paging and export', async () => {
    const spec = tableSpec({
      rowLink: '/entries/:entryId',
      export: { csv: true },
      filters: { schema: entrySchema, fields: ['status', 'memo'] },
    });
    renderScreens(testOptions([spec], { callMethod: vi.fn(async () => rows) }), '/entries', i18n());
    await screen.findByText('Rent');
    await screen.findByRole('button', { name: 'Apply filters' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds nothing serious on a dashboard and on the 404', async () => {
    const dashboard: ScreenSpec = {
      id: 'overview',
      route: '/overview',
      layout: 'main',
      title: 'overview.title',
      kind: 'dashboard',
      dashboard: {
        sections: [
          {
            id: 'b',
            title: 'overview.totals',
            kind: 'cards',
            data: { method: 'b' },
            rows: 'items',
            card: { title: 'name', value: 'v', format: 'money', currencyField: 'c' },
          },
          { id: 's', title: 'overview.spending', kind: 'chart', data: { method: 's' }, rows: 'items', columns: [{ field: 'name' }, { field: 'v' }] },
        ],
      },
    };
    const callMethod = vi.fn(async () => ({ items: [{ name: 'Food', v: '10.5', c: 'USD' }] }));
    const first = renderScreens(testOptions([dashboard], { callMethod }), '/overview', i18n());
    await waitFor(() => expect(document.querySelectorAll('.eng-chart__bar')).toHaveLength(1));
    await screen.findByText('$10.50');
    expect(await seriousViolations()).toEqual([]);
    first.unmount();

    renderScreens(testOptions([dashboard], { callMethod }), '/missing', i18n());
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(await seriousViolations()).toEqual([]);
  });
});
