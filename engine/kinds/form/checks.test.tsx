/**
 * A form field's own checks (`ui:options.checks`), written as a spec: an amount over the most a live
 * answer allows is said on its field in the reader's money format, before any call, and refuses the
 * submit; the quote that would send it is not asked meanwhile. Also the submit's `labels` (worded by the
 * form's values) and `either` on submit (only the amount typed last is sent).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';
import { fieldCheckMessages } from './checks';

const exchange: ScreenSpec = {
  id: 'exchange',
  route: '/exchange',
  layout: 'main',
  title: 'orders.title',
  kind: 'form',
  form: {
    schema: {
      type: 'object',
      required: ['store'],
      properties: {
        store: { type: 'string', title: 'Store' },
        give: { type: 'string', title: 'Give', pattern: '^[0-9]+(\\.[0-9]{2})?$' },
        get: { type: 'string', title: 'Get', pattern: '^[0-9]+(\\.[0-9]{2})?$' },
        repeat: { enum: ['weekly', 'monthly'], title: 'Repeat' },
      },
    },
    fields: ['store', 'give', 'get', 'repeat'],
    uiSchema: {
      give: {
        'ui:options': {
          checks: [
            {
              when: { field: 'give', gt: ':live.most.most' },
              message: 'orders.overMost',
              values: { most: { field: 'live.most.most', format: 'money', currencyField: 'live.most.currencyCode' } },
            },
          ],
        },
      },
      repeat: { 'ui:placeholder': 'orders.once' },
    },
    live: [
      { id: 'most', method: 'storeMost', params: { store: ':store' }, debounceMs: 0 },
      {
        id: 'quote',
        method: 'storeQuote',
        params: { store: ':store', give: ':give', get: ':get' },
        either: ['give', 'get'],
        debounceMs: 0,
        fill: { give: 'give', get: 'get' },
      },
    ],
    submit: {
      method: 'storeSwap',
      label: 'orders.place',
      labels: [{ when: { field: 'repeat', present: true }, label: 'orders.placeAndRepeat' }],
      success: { notice: 'orders.placed' },
    },
  },
};

const words = () =>
  createTestI18n({
    orders: {
      title: 'Orders',
      place: 'Place',
      placeAndRepeat: 'Place and repeat',
      placed: 'Placed',
      once: 'Just once',
      overMost: 'The most you can give is {{most}}.',
      badCode: 'This code is not right.',
    },
  });

function shop() {
  return vi.fn(async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    if (method === 'storeMost') return { most: '12345.60', currencyCode: 'EUR' };
    if (method === 'storeSwap') return { swapId: 1 };
    if (params.give !== undefined) return { give: String(params.give), get: (Number(params.give) * 2).toFixed(2) };
    return { give: (Number(params.get) / 2).toFixed(2), get: String(params.get) };
  });
}

afterEach(() => vi.restoreAllMocks());

describe('fieldCheckMessages', () => {
  const ui = exchange.form!.uiSchema;
  const values = (give: string) => ({ give, live: { most: { most: '12345.60', currencyCode: 'EUR' } } });

  it('says the first check that holds, its values formatted as money in the reader’s locale', () => {
    const t = words().t;
    expect(fieldCheckMessages(ui, values('12345.61'), { t, locale: 'en' })).toEqual({ give: 'The most you can give is €12,345.60.' });
    expect(fieldCheckMessages(ui, values('12345.61'), { t, locale: 'es' })).toEqual({ give: 'The most you can give is 12.345,60\u00a0€.' });
  });

  it('says nothing at or under the bound, nor while the bound is not known', () => {
    const t = words().t;
    expect(fieldCheckMessages(ui, values('12345.60'), { t, locale: 'en' })).toEqual({});
    expect(fieldCheckMessages(ui, { give: '99999', live: {} }, { t, locale: 'en' })).toEqual({});
  });
});

describe('a field check naming an application value check (`fails`)', () => {
  /** A value check of the application: an even count of digits (a stand-in for a check digit). */
  const evenDigits = (value: unknown) => typeof value === 'string' && /^([0-9]{2})+$/.test(value);
  const ui = { code: { 'ui:options': { checks: [{ fails: 'evenDigits', message: 'orders.badCode' }] } } };
  const t = createTestI18n({ orders: { badCode: 'This code is not right.' } }).t;

  it('speaks where the value check refuses the value, and not on an empty field', () => {
    expect(fieldCheckMessages(ui, { code: '123' }, { t, locale: 'en' }, { evenDigits })).toEqual({ code: 'This code is not right.' });
    expect(fieldCheckMessages(ui, { code: '1234' }, { t, locale: 'en' }, { evenDigits })).toEqual({});
    expect(fieldCheckMessages(ui, { code: '' }, { t, locale: 'en' }, { evenDigits })).toEqual({});
  });

  it('says which value check is missing when the application does not register it', () => {
    expect(() => fieldCheckMessages(ui, { code: '123' }, { t, locale: 'en' }, {})).toThrow(/'evenDigits'/);
  });

  it('refuses the submit on a form while it speaks, and sends once the value passes', async () => {
    const callMethod = vi.fn(async () => ({ ok: true }));
    const form: ScreenSpec = {
      id: 'codes',
      route: '/codes',
      layout: 'main',
      title: 'orders.title',
      kind: 'form',
      form: {
        schema: { type: 'object', required: ['code'], properties: { code: { type: 'string', title: 'Code' } } },
        fields: ['code'],
        uiSchema: ui,
        submit: { method: 'codeSend', label: 'orders.place' },
      },
    };
    renderScreens(testOptions([form], { callMethod, valueChecks: { evenDigits } }), '/codes', words());
    const code = (await screen.findByLabelText(/Code/)) as HTMLInputElement;
    fireEvent.change(code, { target: { value: '123' } });
    fireEvent.blur(code);
    await screen.findByText('This code is not right.', undefined, { timeout: 3000 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Place' })));
    expect(callMethod).not.toHaveBeenCalled();
    fireEvent.change(code, { target: { value: '1234' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Place' })));
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('codeSend', { code: '1234' }));
  });
});

describe('a form with field checks', () => {
  it('says an amount over the most on its field, refuses the submit, and asks no quote for it', async () => {
    const callMethod = shop();
    renderScreens(testOptions([exchange], { callMethod }), '/exchange', words());
    fireEvent.change(await screen.findByLabelText(/Store/), { target: { value: 'north' } });
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('storeMost', { store: 'north' }));
    const give = screen.getByLabelText('Give') as HTMLInputElement;

    fireEvent.change(give, { target: { value: '20000' } });
    fireEvent.blur(give);
    // The first form of the run waits for the schema compiler (no precompiled validators here).
    await screen.findByText('The most you can give is €12,345.60.', undefined, { timeout: 3000 });
    expect(give.getAttribute('aria-invalid')).toBe('true');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Place' })));
    expect(callMethod.mock.calls.filter(([method]) => method === 'storeSwap')).toEqual([]);
    expect(callMethod.mock.calls.filter(([method, params]) => method === 'storeQuote' && params.give === '20000')).toEqual([]);

    fireEvent.change(give, { target: { value: '50' } });
    await waitFor(() => expect((screen.getByLabelText('Get') as HTMLInputElement).value).toBe('100.00'));
    expect(screen.queryByText(/The most you can give/)).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Place' })));
    // Only the amount typed is sent; the server computes the other again.
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('storeSwap', { store: 'north', give: '50' }));
  });

  it('words its button by the form’s values, and sends the amount to get alone when that was typed last', async () => {
    const callMethod = shop();
    renderScreens(testOptions([exchange], { callMethod }), '/exchange', words());
    fireEvent.change(await screen.findByLabelText(/Store/), { target: { value: 'north' } });

    fireEvent.change(screen.getByLabelText('Get'), { target: { value: '30' } });
    await waitFor(() => expect((screen.getByLabelText('Give') as HTMLInputElement).value).toBe('15.00'));
    // A field changed after the amount leaves the amount typed last the one sent.
    const repeat = screen.getByLabelText('Repeat') as HTMLSelectElement;
    expect(repeat.options[0]!.textContent).toBe('Just once');
    const monthly = [...repeat.options].find((option) => option.textContent === 'monthly')!;
    fireEvent.change(repeat, { target: { value: monthly.value } });
    await screen.findByRole('button', { name: 'Place and repeat' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Place and repeat' })));
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('storeSwap', { store: 'north', get: '30', repeat: 'monthly' }));
  });
});

describe('a form section that starts again after a success', () => {
  it('keeps the values of keepOnDone, empties the others, and asks its live values again', async () => {
    const callMethod = shop();
    const section: ScreenSpec = {
      ...exchange,
      kind: 'dashboard',
      form: undefined,
      dashboard: { sections: [{ id: 'swap', kind: 'form', form: { ...exchange.form!, keepOnDone: ['store'] } }] },
    };
    renderScreens(testOptions([section], { callMethod }), '/exchange', words());
    fireEvent.change(await screen.findByLabelText(/Store/), { target: { value: 'north' } });
    fireEvent.change(screen.getByLabelText('Give'), { target: { value: '50' } });
    await waitFor(() => expect((screen.getByLabelText('Get') as HTMLInputElement).value).toBe('100.00'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Place' })));

    await waitFor(() => expect((screen.getByLabelText('Give') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText(/Store/) as HTMLInputElement).value).toBe('north');
    expect((screen.getByLabelText('Get') as HTMLInputElement).value).toBe('');
    // The most may have changed with the swap: it is asked again for the same store.
    await waitFor(() => expect(callMethod.mock.calls.filter(([method]) => method === 'storeMost')).toHaveLength(2));
  });
});
