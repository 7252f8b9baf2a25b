import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { entrySchema } from '../../testing/fixtures';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';
import type { ScreenSpec } from '../../spec/types';

const spec: ScreenSpec = {
  id: 'entry',
  route: '/entries/:entryId',
  layout: 'main',
  title: 'entry.title',
  kind: 'detail',
  detail: {
    data: { method: 'entryDetails', path: 'entry', routeParams: { entryId: 'entryId' } },
    entity: entrySchema,
    fields: [{ field: 'amount', format: 'money', currencyField: 'currencyCode' }, { field: 'status', format: 'badge' }, { field: 'memo' }],
  },
};

describe('DetailScreen', () => {
  it('lists the fields of the object at data.path, asked for with the route parameter', async () => {
    const callMethod = vi.fn(async () => ({ entry: { amount: '12.5', currencyCode: 'EUR', status: 'posted' } }));
    renderScreens(testOptions([spec], { callMethod }), '/entries/9', createTestI18n({ entry: { title: 'Entry' } }));
    await waitFor(() => expect(screen.getByText('€12.50')).toBeTruthy());
    expect(callMethod).toHaveBeenCalledWith('entryDetails', { entryId: '9' });
    const terms = [...document.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(terms).toEqual(['Amount', 'Status', 'Memo']);
    expect(screen.getByText('Not provided')).toBeTruthy();
  });
});
