import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ValueStore } from '../../provider/types';
import type { ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

/** A store as an application keeps one: the same object until it changes, then every listener told. */
function valueStore(initial: Record<string, unknown>) {
  let value = initial;
  const listeners = new Set<() => void>();
  const store: ValueStore = {
    current: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const set = (next: Record<string, unknown>) => {
    value = next;
    listeners.forEach((listener) => listener());
  };
  return { store, set, get: () => value };
}

const waiting: ScreenSpec = {
  id: 'order-wait',
  route: '/orders/wait',
  layout: 'external',
  title: 'orders.title',
  kind: 'dashboard',
  dashboard: {
    layout: 'stack',
    sections: [
      {
        id: 'wait',
        kind: 'detail',
        title: 'orders.waitTitle',
        description: 'orders.waitText',
        data: { store: 'pendingOrder', path: 'order' },
        when: { field: 'state', equals: 'waiting' },
        onShow: { action: 'orderWait', params: { orderId: ':orderId', attempt: ':attempt' } },
        actions: [{ id: 'again', label: 'orders.again', action: 'orderAgain' }],
      },
      {
        id: 'refused',
        kind: 'detail',
        title: 'orders.refusedTitle',
        data: { store: 'pendingOrder', path: 'order' },
        when: { field: 'state', equals: 'refused' },
      },
    ],
  },
};

const i18n = () =>
  createTestI18n({
    orders: {
      title: 'Order',
      waitTitle: 'Waiting for {{store}}',
      waitText: 'Order {{orderId}}, try {{attempt}}',
      again: 'Ask again',
      refusedTitle: 'Refused',
    },
  });

describe('sections reading a store the application keeps', () => {
  it('reads the store as an answer, follows its changes, and runs an onShow action once per item, following its navigate', async () => {
    const pending = valueStore({ order: { orderId: 7, store: 'Corner', state: 'waiting', attempt: 1 } });
    let approve: (path: string) => void = () => undefined;
    const orderWait = vi.fn(
      (_params: Record<string, unknown>) => new Promise<{ navigate: string }>((resolve) => (approve = (path) => resolve({ navigate: path }))),
    );
    const orderAgain = vi.fn(async () => {
      const order = pending.get().order as Record<string, unknown>;
      pending.set({ order: { ...order, attempt: Number(order.attempt) + 1 } });
    });
    const callMethod = vi.fn(async () => ({}));
    const { router } = renderScreens(
      testOptions([waiting, { ...waiting, id: 'done', route: '/done', dashboard: { sections: [] } }], {
        callMethod,
        stores: { pendingOrder: pending.store },
        actions: { orderWait, orderAgain },
      }),
      '/orders/wait',
      i18n(),
    );

    expect(await screen.findByRole('heading', { level: 2, name: 'Waiting for Corner' })).toBeTruthy();
    expect(screen.getByText('Order 7, try 1')).toBeTruthy();
    expect(callMethod).not.toHaveBeenCalled();
    await waitFor(() => expect(orderWait).toHaveBeenCalledTimes(1));
    expect(orderWait.mock.calls[0]![0]).toEqual({ orderId: 7, attempt: 1 });

    // Another attempt is another item: the action runs again; the same one never twice.
    const again = screen.getByRole('button', { name: 'Ask again' });
    expect(again.dataset.action).toBe('again');
    await act(async () => {
      fireEvent.click(again);
    });
    expect(await screen.findByText('Order 7, try 2')).toBeTruthy();
    await waitFor(() => expect(orderWait).toHaveBeenCalledTimes(2));
    expect(orderWait.mock.calls[1]![0]).toEqual({ orderId: 7, attempt: 2 });

    // The store changes elsewhere: the sections follow at once.
    act(() => pending.set({ order: { orderId: 7, state: 'refused' } }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Refused' })).toBeTruthy();
    expect(screen.queryByText(/Waiting for/)).toBeNull();

    await act(async () => approve('/done'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/done'));
    expect(orderWait).toHaveBeenCalledTimes(2);
  });

  it('says which store is missing when the application did not register it', async () => {
    const onError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreens(testOptions([waiting]), '/orders/wait', i18n());
    expect(await screen.findByText(/pendingOrder/)).toBeTruthy();
    onError.mockRestore();
  });
});
