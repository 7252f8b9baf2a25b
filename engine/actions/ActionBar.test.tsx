import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomScreenProps } from '../provider/types';
import type { ScreenSpec } from '../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../testing/harness';
import { actionParams } from './ActionBar';

function Body({ params }: CustomScreenProps) {
  return <p>{`Item ${params.itemId ?? ''}`}</p>;
}

const spec: ScreenSpec = {
  id: 'item',
  route: '/items/:itemId',
  layout: 'main',
  title: 'item.title',
  kind: 'custom',
  custom: { component: 'Body' },
  actions: [
    { id: 'edit', label: 'item.edit', navigate: '/items/:itemId/edit' },
    {
      id: 'remove',
      label: 'item.remove',
      method: 'itemRemove',
      params: { itemId: ':itemId', reason: 'user' },
      confirm: 'item.removeConfirm',
      variant: 'danger',
      success: { notice: 'item.removed', navigate: '/items' },
    },
    { id: 'signOut', label: 'item.signOut', action: 'signOut' },
  ],
};

const i18n = () => createTestI18n({ item: { title: 'Item', edit: 'Edit', remove: 'Remove', removeConfirm: 'Remove this item?', signOut: 'Sign out' } });

describe('ActionBar', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('resolves :name params from the route', () => {
    expect(actionParams({ itemId: ':itemId', kind: ':literal text' }, { itemId: '4' })).toEqual({ itemId: '4', kind: ':literal text' });
  });

  it('resolves :name params from the row or section first, then the route', () => {
    expect(actionParams({ itemId: ':itemId', storeId: ':storeId' }, { itemId: '4', storeId: '9' }, { itemId: 12 })).toEqual({ itemId: 12, storeId: '9' });
  });

  it('reads a dot path inside the row', () => {
    expect(actionParams({ code: ':store.code', name: ':store.name' }, {}, { store: { code: 'S-12' } })).toEqual({
      code: 'S-12',
      name: undefined,
    });
  });

  it('renders a plain navigation as a link', async () => {
    renderScreens(testOptions([spec], { components: { Body } }), '/items/4', i18n());
    expect((await screen.findByRole('link', { name: 'Edit' })).getAttribute('href')).toBe('/items/4/edit');
  });

  it('asks, calls the method, notifies and navigates', async () => {
    const callMethod = vi.fn(async () => ({}));
    const notify = vi.fn();
    const { router } = renderScreens(testOptions([spec], { components: { Body }, callMethod, notify }), '/items/4', i18n());
    const button = await screen.findByRole('button', { name: 'Remove' });
    await act(async () => {
      fireEvent.click(button);
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Remove this item?')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, continue' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/items'));
    expect(callMethod).toHaveBeenCalledWith('itemRemove', { itemId: '4', reason: 'user' });
    expect(notify).toHaveBeenCalledWith('item.removed', {});
  });

  it('runs application actions and reports their failures to onError', async () => {
    const failure = new Error('offline');
    const signOut = vi.fn(async () => {
      throw failure;
    });
    const onError = vi.fn();
    renderScreens(testOptions([spec], { components: { Body }, actions: { signOut }, onError }), '/items/4', i18n());
    const button = await screen.findByRole('button', { name: 'Sign out' });
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
    expect(signOut).toHaveBeenCalledWith({}, expect.objectContaining({ screenId: 'item', params: { itemId: '4' } }));
  });

  it('tells which spec names an action the application did not register', async () => {
    const onError = vi.fn();
    renderScreens(testOptions([{ ...spec, source: 'screens/item.yaml' }], { components: { Body }, onError }), '/items/4', i18n());
    const button = await screen.findByRole('button', { name: 'Sign out' });
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(String(onError.mock.calls[0]?.[0])).toMatch(/screens\/item\.yaml names the action "signOut".*EngineOptions\.actions/);
  });
});
