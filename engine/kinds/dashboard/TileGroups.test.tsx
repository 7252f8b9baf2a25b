/**
 * Tiles in groups under headings (`groupBy`), each tile's own list (`card.list`) and its own form
 * (`card.form`): what a user sees, what is sent, and that a form the schema refuses sends nothing.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

const stores: ScreenSpec = {
  id: 'stores',
  route: '/stores',
  layout: 'main',
  title: 'stores.title',
  kind: 'dashboard',
  dashboard: {
    sections: [
      {
        id: 'stores',
        kind: 'cards',
        data: { method: 'storeList' },
        rows: 'stores',
        entity: {
          type: 'object',
          properties: {
            storeId: { type: 'integer' },
            name: { type: 'string' },
            region: { type: 'string' },
            open: { type: 'boolean' },
            orders: {
              type: 'array',
              items: { type: 'object', properties: { ref: { type: 'string' }, state: { type: 'string' }, note: { type: 'string' } } },
            },
          },
        },
        groupBy: { field: 'region', title: 'stores.region', text: 'stores.regionText' },
        card: {
          key: 'storeId',
          title: 'name',
          list: {
            field: 'orders',
            label: 'stores.ordersOf',
            emptyText: 'stores.noOrders',
            columns: [{ field: 'ref' }, { field: 'state', format: 'badge', tones: { good: ['shipped'] } }, { field: 'note', emptyText: 'stores.noNote' }],
          },
          form: {
            when: { field: 'open', equals: true },
            schema: {
              type: 'object',
              required: ['storeId', 'note'],
              properties: { storeId: { type: 'integer' }, note: { type: 'string', minLength: 3 } },
            },
            fields: ['storeId', 'note'],
            uiSchema: { storeId: { 'ui:widget': 'hidden' }, note: { 'ui:title': 'stores.noteFor' } },
            submit: { method: 'storeNote', label: 'stores.send', success: { notice: 'stores.sent' } },
          },
        },
      },
    ],
  },
};

const i18n = () =>
  createTestI18n({
    stores: {
      title: 'Stores',
      region: 'Region {{region}}',
      regionText: 'Stores in the {{region}}.',
      ordersOf: 'Orders of {{name}}',
      noOrders: 'No orders yet.',
      noNote: 'no note',
      noteFor: 'Note for {{name}}',
      send: 'Send note',
      sent: 'Sent.',
    },
  });

describe('tiles in groups, with their own list and form', () => {
  it('draws a heading per group in the order its first item comes, and each tile’s list with its badges and empty texts', async () => {
    const callMethod = vi.fn(async () => ({
      stores: [
        { storeId: 1, name: 'Corner', region: 'North', open: true, orders: [{ ref: 'R-1', state: 'shipped' }] },
        { storeId: 2, name: 'Harbour', region: 'South', open: false, orders: [] },
        { storeId: 3, name: 'Hill', region: 'North', open: false, orders: [{ ref: 'R-2', state: 'packed', note: 'fragile' }] },
      ],
    }));
    renderScreens(testOptions([stores], { callMethod }), '/stores', i18n());
    await screen.findByRole('heading', { level: 2, name: 'Region North' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Region North', 'Region South']);
    const north = screen.getByRole('region', { name: 'Region North' });
    expect(north.getAttribute('data-group')).toBe('North');
    expect(within(north).getByText('Stores in the North.')).toBeTruthy();
    expect(
      within(north)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Corner', 'Hill']);

    const corner = within(screen.getByRole('list', { name: 'Orders of Corner' }));
    expect(corner.getByText('R-1')).toBeTruthy();
    expect(corner.getByText('shipped').getAttribute('data-tone')).toBe('good');
    expect(corner.getByText('no note')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Orders of Hill' })).getByText('fragile')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Region South' })).getByText('No orders yet.')).toBeTruthy();
  });

  it('draws the form only on the items its when holds for, labelled from the item, refuses what the schema refuses and sends the item’s id', async () => {
    let open = true;
    const callMethod = vi.fn(async (method: string, _params: Record<string, unknown>) => {
      if (method === 'storeNote') {
        open = false;
        return {};
      }
      return {
        stores: [
          { storeId: 1, name: 'Corner', region: 'North', open, orders: [] },
          { storeId: 2, name: 'Harbour', region: 'South', open: false, orders: [] },
        ],
      };
    });
    const notify = vi.fn();
    renderScreens(testOptions([stores], { callMethod, notify }), '/stores', i18n());
    const note = await screen.findByLabelText(/Note for Corner/);
    expect(screen.getAllByRole('button', { name: 'Send note' })).toHaveLength(1);
    expect(screen.queryByLabelText(/Note for Harbour/)).toBeNull();

    fireEvent.change(note, { target: { value: 'no' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send note' }));
    });
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(callMethod).not.toHaveBeenCalledWith('storeNote', expect.anything());

    fireEvent.change(note, { target: { value: 'Closed on Monday' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send note' }));
    });
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('storeNote', { storeId: 1, note: 'Closed on Monday' }));
    expect(notify).toHaveBeenCalledWith('stores.sent', expect.anything());
    // Every section reloads: the item is closed now, so its form is gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send note' })).toBeNull());
  });
});
