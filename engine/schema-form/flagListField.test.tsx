/**
 * A list of yes/no entries drawn as checkboxes (`ui:widget: flagList`), written as a spec: one box per
 * entry, worded by `labelKey`, checked where the flag is set; ticking one changes only its entry's flag,
 * and the list is sent whole, in its order.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ScreenSpec } from '../spec/types';
import { flagListEntries } from './flagListField';
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

  it('follows its source: no boxes before the field it reads is chosen, the chosen kind’s entries as soon as it is, a flag kept by name', async () => {
    const sizes = {
      sizes: [
        { code: 'small', extras: [{ name: 'olives' }, { name: 'onions' }] },
        { code: 'large', extras: [{ name: 'onions' }, { name: 'basil' }] },
      ],
    };
    const callMethod = vi.fn(async (method: string): Promise<unknown> => (method === 'pizzaSizes' ? sizes : {}));
    const bySize: ScreenSpec = {
      ...pizza,
      form: {
        ...pizza.form!,
        schema: {
          type: 'object',
          properties: {
            size: { type: 'string' },
            toppings: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, left: { type: 'boolean' } } } },
          },
        },
        fields: ['size', 'toppings'],
        uiSchema: {
          size: { 'ui:title': 'pizza.size' },
          toppings: {
            'ui:title': 'pizza.leaveOut',
            'ui:widget': 'flagList',
            'ui:options': {
              key: 'name',
              flag: 'left',
              labelKey: 'enums.topping',
              emptyText: 'pizza.sizeFirst',
              source: { method: 'pizzaSizes', path: 'sizes', where: { field: 'code', equals: ':size' }, within: 'extras' },
            },
          },
        },
      },
    };
    const i18n = createTestI18n({
      pizza: { title: 'Pizza', leaveOut: 'Leave out', order: 'Order', ordered: 'Ordered', size: 'Size', sizeFirst: 'Choose a size first.' },
      enums: { topping: { olives: 'Olives', onions: 'Onions', basil: 'Basil' } },
    });
    renderScreens(testOptions([bySize], { callMethod }), '/pizza', i18n);
    const group = await screen.findByRole('group', { name: 'Leave out' });
    await waitFor(() => expect(group.textContent).toContain('Choose a size first.'));
    expect(screen.queryAllByRole('checkbox')).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^Size/), { target: { value: 'small' } });
    const onions = (await screen.findByRole('checkbox', { name: 'Onions' })) as HTMLInputElement;
    expect(screen.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['Olives', 'Onions']);
    fireEvent.click(onions);

    fireEvent.change(screen.getByLabelText(/^Size/), { target: { value: 'large' } });
    await screen.findByRole('checkbox', { name: 'Basil' });
    expect(screen.queryByRole('checkbox', { name: 'Olives' })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Onions' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Order' }));
    await waitFor(() =>
      expect(callMethod).toHaveBeenCalledWith('pizzaOrder', {
        size: 'large',
        toppings: [
          { name: 'onions', left: true },
          { name: 'basil', left: false },
        ],
      }),
    );
  });

  it('keeps a flag by name and turns a new entry off', () => {
    expect(
      flagListEntries(
        [{ name: 'olives' }, { name: 'basil' }],
        [
          { name: 'onions', left: true },
          { name: 'basil', left: true },
        ],
        'name',
        'left',
      ),
    ).toEqual([
      { name: 'olives', left: false },
      { name: 'basil', left: true },
    ]);
  });
});
