import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import type { ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

const order: ScreenSpec = {
  id: 'order',
  route: '/orders/:orderId',
  layout: 'main',
  title: 'orders.title',
  kind: 'dashboard',
  dashboard: {
    layout: 'stack',
    sections: [
      {
        id: 'order',
        kind: 'detail',
        title: 'orders.heading',
        data: { method: 'orderGet', routeParams: { id: 'orderId' }, path: 'order' },
        columns: [
          { field: 'price' },
          { field: 'fee', when: { field: 'free', equals: false } },
          { field: 'note', hideEmpty: true },
          { field: 'state', when: { field: 'state', notIn: ['open'] } },
        ],
      },
      {
        id: 'pay',
        kind: 'form',
        data: { method: 'orderGet', routeParams: { id: 'orderId' }, path: 'order' },
        when: { field: 'state', notIn: ['paid', 'closed'] },
        form: {
          schema: { type: 'object', required: ['storeId'], properties: { storeId: { type: 'string', minLength: 1, title: 'Store' } } },
          fields: ['storeId'],
          submit: { method: 'orderPay', label: 'orders.pay', routeParams: { orderId: 'orderId' } },
        },
      },
      {
        id: 'address',
        kind: 'form',
        title: 'orders.addressTitle',
        data: { method: 'orderGet', routeParams: { id: 'orderId' }, path: 'order' },
        form: {
          startFromData: true,
          schema: {
            type: 'object',
            required: ['street'],
            properties: { street: { type: 'string', minLength: 1, title: 'Street' }, city: { type: 'string', title: 'City' } },
          },
          fields: ['street', 'city'],
          submit: { method: 'orderAddressSet', label: 'orders.save', routeParams: { orderId: 'orderId' } },
        },
      },
    ],
  },
};

const i18n = () =>
  createTestI18n({
    orders: {
      title: 'Order',
      heading: 'Order {{id}}',
      pay: 'Pay {{total}} {{currencyCode}}',
      addressTitle: 'Delivery',
      save: 'Save address',
      session: 'Session',
    },
  });

describe('dashboard sections that read their data', () => {
  it('leaves out detail items by their when and hideEmpty, words a form button from its data, and hides the form once paid', async () => {
    let stored: Record<string, unknown> = {
      id: 7,
      price: '10.00',
      fee: '0.50',
      free: false,
      total: '10.50',
      currencyCode: 'EUR',
      state: 'open',
      street: 'Main St 1',
    };
    const callMethod = vi.fn(async (method: string) => {
      if (method === 'orderPay') {
        stored = { ...stored, state: 'paid' };
        return {};
      }
      return { order: stored };
    });
    renderScreens(testOptions([order], { callMethod }), '/orders/7', i18n());
    const heading = await screen.findByRole('heading', { level: 2, name: 'Order 7' });
    const detail = heading.closest('section')!;
    expect(within(detail).getByText('fee')).toBeTruthy();
    expect(within(detail).queryByText('note')).toBeNull();
    expect(within(detail).queryByText('state')).toBeNull();

    const pay = await screen.findByRole('button', { name: 'Pay 10.50 EUR' });
    fireEvent.change(screen.getAllByLabelText(/Store/)[0]!, { target: { value: 'S1' } });
    await act(async () => {
      fireEvent.click(pay);
    });
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('orderPay', { storeId: 'S1', orderId: '7' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull());
    expect(within(screen.getByRole('heading', { level: 2, name: 'Order 7' }).closest('section')!).getByText('paid')).toBeTruthy();
  });

  it('starts a form from its data (startFromData), its own fields only, and sends what was changed', async () => {
    const callMethod = vi.fn(async (method: string, _params: Record<string, unknown>) =>
      method === 'orderGet' ? { order: { id: 7, state: 'paid', street: 'Main St 1', price: '1.00' } } : {},
    );
    renderScreens(testOptions([order], { callMethod }), '/orders/7', i18n());
    const form = (await screen.findByRole('heading', { level: 2, name: 'Delivery' })).closest('section')!;
    // The section's heading shows while its data and form still load: wait for the field.
    const street = (await within(form).findByLabelText(/Street/)) as HTMLInputElement;
    await waitFor(() => expect(street.value).toBe('Main St 1'));
    fireEvent.change(within(form).getByLabelText(/City/), { target: { value: 'Lisbon' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    });
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('orderAddressSet', { street: 'Main St 1', city: 'Lisbon', orderId: '7' }));
  });

  it('shows a section by the query string, runs the application action a success names with the answer, and goes to the path the answer holds', async () => {
    const screenSpec: ScreenSpec = {
      id: 'join',
      route: '/join',
      layout: 'main',
      title: 'orders.title',
      kind: 'dashboard',
      dashboard: {
        sections: [
          {
            id: 'company',
            kind: 'detail',
            title: 'orders.addressTitle',
            queryWhen: { field: 'kind', equals: 'company' },
            actions: [{ id: 'start', label: 'orders.save', method: 'sessionStart', success: { action: 'storeReload', openPath: 'next' } }],
          },
        ],
      },
    };
    const next: ScreenSpec = { id: 'next', route: '/sessions/:id', layout: 'main', title: 'orders.session', kind: 'dashboard', dashboard: { sections: [] } };
    const callMethod = vi.fn(async () => ({ next: '/sessions/9' }));
    const storeReload = vi.fn(async () => undefined);
    const first = renderScreens(testOptions([screenSpec, next], { callMethod, actions: { storeReload } }), '/join?kind=person', i18n());
    await screen.findByRole('heading', { level: 1, name: 'Order' });
    expect(screen.queryByRole('heading', { level: 2, name: 'Delivery' })).toBeNull();
    first.unmount();

    renderScreens(testOptions([screenSpec, next], { callMethod, actions: { storeReload } }), '/join?kind=company', i18n());
    await screen.findByRole('heading', { level: 2, name: 'Delivery' });
    const save = await screen.findByRole('button', { name: 'Save address' });
    await act(async () => {
      fireEvent.click(save);
    });
    await waitFor(() =>
      expect(storeReload).toHaveBeenCalledWith(expect.objectContaining({ next: '/sessions/9' }), expect.objectContaining({ screenId: 'join' })),
    );
    await screen.findByRole('heading', { level: 1, name: 'Session' });
  });

  it('gives application widgets the data the form sits beside as formContext.data', async () => {
    function BesideWidget(props: WidgetProps) {
      const beside = (props.registry.formContext as { data?: Record<string, unknown> }).data;
      return <output id={props.id}>{`Pays in ${String(beside?.currencyCode)}`}</output>;
    }
    const withWidget: ScreenSpec = {
      ...order,
      dashboard: {
        sections: [{ ...order.dashboard!.sections[1]!, form: { ...order.dashboard!.sections[1]!.form!, uiSchema: { storeId: { 'ui:widget': 'beside' } } } }],
      },
    };
    const callMethod = vi.fn(async () => ({ order: { id: 7, state: 'open', total: '2.00', currencyCode: 'RON' } }));
    renderScreens(testOptions([withWidget], { callMethod, widgets: { beside: BesideWidget } }), '/orders/7', i18n());
    await screen.findByText('Pays in RON');
  });
});
