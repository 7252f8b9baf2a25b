import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MethodCallError } from '../../../errors/MethodCallError';
import type { ScreenSpec } from '../../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../../testing/harness';

const itemSchema = {
  type: 'object',
  required: ['name', 'count'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string', title: 'Name', minLength: 1, maxLength: 20 },
    count: { type: 'integer', title: 'Count', minimum: 1 },
  },
};

const spec: ScreenSpec = {
  id: 'crate',
  route: '/crates/:crateId',
  layout: 'main',
  title: 'crates.title',
  kind: 'dashboard',
  dashboard: {
    sections: [
      {
        id: 'items',
        kind: 'editable',
        title: 'crates.items',
        data: { method: 'crateGet', routeParams: { crateId: 'crateId' } },
        rows: 'items',
        entity: itemSchema,
        columns: [{ field: 'name' }, { field: 'count' }],
        editable: {
          key: 'id',
          form: { schema: itemSchema, fields: ['name', 'count'] },
          removedWhen: { field: 'dropped', equals: true },
          editableWhen: { field: 'packed', equals: false },
          itemTitle: 'crates.item',
          save: {
            method: 'crateItemsChange',
            params: { crateId: ':crateId' },
            changes: { add: 'adds', update: 'updates', remove: 'deletes', restore: 'restores' },
            success: { notice: 'crates.saved' },
          },
        },
      },
    ],
  },
};

const i18n = () => createTestI18n({ crates: { title: 'Crate', items: 'Items', item: '{{name}}', saved: 'Saved' } });

/** The table row of an item (not its editor or errors under it). */
const row = (name: string): HTMLElement => {
  const found = screen.getAllByRole('row').find((candidate) => candidate.dataset.state && candidate.textContent.startsWith(name));
  if (!found) throw new Error(`no row ${name}`);
  return found;
};

function crate() {
  let items: Record<string, unknown>[] = [
    { id: 1, name: 'Apples', count: 3, packed: false, dropped: false },
    { id: 2, name: 'Pears', count: 4, packed: false, dropped: false },
    { id: 3, name: 'Plums', count: 5, packed: false, dropped: true },
    { id: 4, name: 'Figs', count: 1, packed: true, dropped: false },
  ];
  const callMethod = vi.fn(async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    if (method === 'crateGet') return { crateId: params.crateId, items };
    if (method === 'crateItemsChange') {
      items = [{ id: 1, name: 'Apples', count: 6, packed: false, dropped: false }];
      return {};
    }
    throw new Error(`unexpected ${method}`);
  });
  return { callMethod };
}

describe('an editable section', () => {
  it('adds, edits, removes and restores rows in place, and sends every change in one call', async () => {
    const { callMethod } = crate();
    const notify = vi.fn();
    renderScreens(testOptions([spec], { callMethod, notify }), '/crates/9', i18n());
    await screen.findByText('Apples');
    // A packed row may not be changed; a row the server holds as removed may only be restored.
    expect(within(row('Figs')).queryByRole('button')).toBeNull();
    expect(
      within(row('Plums'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Restore']);

    fireEvent.click(within(row('Apples')).getByRole('button', { name: 'Edit: Apples' }));
    const count = await screen.findByLabelText(/Count/);
    fireEvent.change(count, { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Keep these values' }));
    await waitFor(() => expect(row('Apples').getAttribute('data-state')).toBe('updated'));

    fireEvent.click(within(row('Pears')).getByRole('button', { name: 'Remove: Pears' }));
    fireEvent.click(within(row('Plums')).getByRole('button', { name: 'Restore: Plums' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: 'Kiwis' } });
    fireEvent.change(screen.getByLabelText(/Count/), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Keep these values' }));
    await screen.findByText('Kiwis');
    expect(screen.getByText('4 changes not saved yet.')).toBeTruthy();
    expect(callMethod).not.toHaveBeenCalledWith('crateItemsChange', expect.anything());

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    expect(callMethod).toHaveBeenCalledWith('crateItemsChange', {
      crateId: '9',
      adds: [{ name: 'Kiwis', count: 2 }],
      updates: [{ id: 1, name: 'Apples', count: 6 }],
      deletes: [2],
      restores: [3],
    });
    await waitFor(() => expect(screen.queryByText('Pears')).toBeNull());
    expect(notify).toHaveBeenCalledWith('crates.saved', {});
    expect(row('Apples').getAttribute('data-state')).toBe('kept');
  });

  it('says a refusal on the row and field it is about, keeps the changes, and shows nothing in a popup', async () => {
    const { callMethod } = crate();
    callMethod.mockImplementation(async (method: string, params: Record<string, unknown>) => {
      if (method === 'crateGet') return { crateId: params.crateId, items: [{ id: 1, name: 'Apples', count: 3, packed: false, dropped: false }] };
      throw new MethodCallError('TA1', 'Invalid params', { 'updates.0.count': 'Only 5 fit in this crate.', crateId: 'This crate is closed.' });
    });
    const onError = vi.fn();
    renderScreens(testOptions([spec], { callMethod, onError }), '/crates/9', i18n());
    fireEvent.click(await screen.findByRole('button', { name: 'Edit: Apples' }));
    fireEvent.change(await screen.findByLabelText(/Count/), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Keep these values' }));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Save changes' })));

    const errors = await screen.findByRole('alert', { name: 'Apples' });
    expect(errors.textContent).toBe('Count: Only 5 fit in this crate.');
    expect(screen.getByText('This crate is closed.')).toBeTruthy();
    expect(row('Apples').getAttribute('data-state')).toBe('updated');
    expect(onError).not.toHaveBeenCalled();
    // Opening the row shows the refusal on its field.
    fireEvent.click(screen.getByRole('button', { name: 'Edit: Apples' }));
    await screen.findByText('Only 5 fit in this crate.');
  });
});
