import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

const spec: ScreenSpec = {
  id: 'store-name',
  route: '/stores/:storeId/name',
  layout: 'main',
  title: 'stores.title',
  kind: 'dashboard',
  dashboard: {
    sections: [
      {
        id: 'name',
        title: 'stores.nameTitle',
        kind: 'form',
        data: { method: 'storeGet', routeParams: { storeId: 'storeId' } },
        when: { field: 'open', equals: true },
        form: {
          schema: {
            type: 'object',
            required: ['storeId', 'name'],
            properties: { storeId: { type: 'integer' }, name: { type: 'string', title: 'Name', minLength: 1, maxLength: 20 } },
          },
          fields: ['storeId', 'name'],
          uiSchema: { storeId: { 'ui:widget': 'hidden' } },
          startFromData: true,
          submit: { method: 'storeRename', label: 'stores.save', success: { notice: 'stores.saved' } },
        },
      },
      {
        id: 'closed',
        title: 'stores.closedTitle',
        kind: 'detail',
        data: { method: 'storeGet', routeParams: { storeId: 'storeId' } },
        when: { field: 'open', equals: false },
      },
    ],
  },
};

const i18n = () => createTestI18n({ stores: { title: 'Store', nameTitle: 'Its name', save: 'Save', saved: 'Saved', closedTitle: 'This store is closed' } });

describe('a form section that starts from its data', () => {
  it('shows the saved values, sends them with the changes, and starts again from the reloaded data', async () => {
    let store = { storeId: 7, name: 'Corner', open: true, city: 'Leeds' };
    const callMethod = vi.fn(async (method: string, params: Record<string, unknown>) => {
      if (method === 'storeGet') return store;
      if (method === 'storeRename') {
        store = { ...store, name: String(params.name) };
        return {};
      }
      throw new Error(`unexpected ${method}`);
    });
    renderScreens(testOptions([spec], { callMethod }), '/stores/7/name', i18n());
    const name = (await screen.findByLabelText(/Name/, {}, { timeout: 5000 })) as HTMLInputElement;
    expect(name.value).toBe('Corner');
    expect(screen.queryByRole('heading', { name: 'This store is closed' })).toBeNull();
    fireEvent.change(name, { target: { value: 'Corner Books' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('storeRename', { storeId: 7, name: 'Corner Books' }));
    await waitFor(() => expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Corner Books'));
  });

  it('is left out while its data does not meet its when', async () => {
    const callMethod = vi.fn(async () => ({ storeId: 7, name: 'Corner', open: false }));
    renderScreens(testOptions([spec], { callMethod }), '/stores/7/name', i18n());
    const closed = await screen.findByRole('heading', { name: 'This store is closed' }, { timeout: 5000 });
    expect(within(closed.closest('section')!).queryByRole('textbox')).toBeNull();
    expect(screen.queryByLabelText(/Name/)).toBeNull();
  });
});
