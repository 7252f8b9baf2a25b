/**
 * A list of yes/no entries drawn as checkboxes (`ui:widget: flagList`), written as a spec: one box per
 * entry, worded by `labelKey`, checked where the flag is set; ticking one changes only its entry's flag,
 * and the list is sent whole, in its order.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ScreenSpec } from '../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../testing/harness';

const pizza: ScreenSpec = {
  id: 'pizza',
  route: '/pizza',
  layout: 'main',
  title: 'pizza.title',
  kind: 'form',
  form: {
    schema: {
      type: 'object',
      properties: {
        toppings: {
          type: 'array',
          items: { type: 'object', required: ['name', 'left'], properties: { name: { type: 'string' }, left: { type: 'boolean' } } },
          default: [
            { name: 'olives', left: false },
            { name: 'onions', left: true },
            { name: 'basil', left: false },
          ],
        },
      },
    },
    fields: ['toppings'],
    uiSchema: {
      toppings: {
        'ui:title': 'pizza.leaveOut',
        'ui:help': 'pizza.leaveOutHelp',
        'ui:widget': 'flagList',
        'ui:options': { key: 'name', flag: 'left', labelKey: 'enums.topping' },
      },
    },
    submit: { method: 'pizzaOrder', label: 'pizza.order', success: { notice: 'pizza.ordered' } },
  },
};

const words = () =>
  createTestI18n({
    pizza: { title: 'Pizza', leaveOut: 'Leave out', leaveOutHelp: 'Ticked toppings stay off.', order: 'Order', ordered: 'Ordered' },
    enums: { topping: { olives: 'Olives', onions: 'Onions' } },
  });

afterEach(() => vi.restoreAllMocks());

describe('a flag list', () => {
  it('draws a box per entry, worded and checked as the entry says, and sends the list with the one flag changed', async () => {
    const callMethod = vi.fn(async (): Promise<unknown> => ({}));
    renderScreens(testOptions([pizza], { callMethod }), '/pizza', words());
    const group = await screen.findByRole('group', { name: 'Leave out' });
    expect(group.textContent).toContain('Ticked toppings stay off.');
    const olives = screen.getByRole('checkbox', { name: 'Olives' }) as HTMLInputElement;
    const onions = screen.getByRole('checkbox', { name: 'Onions' }) as HTMLInputElement;
    expect([olives.checked, onions.checked]).toEqual([false, true]);
    // A value without wording shows as it is.
    expect(screen.getByRole('checkbox', { name: 'basil' })).toBeTruthy();

    fireEvent.click(olives);
    fireEvent.click(onions);
    expect([olives.checked, onions.checked]).toEqual([true, false]);
    fireEvent.click(screen.getByRole('button', { name: 'Order' }));
    await waitFor(() =>
      expect(callMethod).toHaveBeenCalledWith('pizzaOrder', {
        toppings: [
          { name: 'olives', left: true },
          { name: 'onions', left: false },
          { name: 'basil', left: false },
        ],
      }),
    );
  });
});
