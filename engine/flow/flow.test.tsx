/**
 * Answer-driven flows and live values, written as specs only: an order form whose store is looked up as
 * its code is typed, whose price follows the amount, which a list's rows fill, and whose submit is
 * confirmed with a second factor the application registers, then shows its result. What a user sees and
 * what is sent are asserted.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MethodCallError } from '../errors/MethodCallError';
import type { ChallengeHandler } from './types';
import type { ScreenSpec } from '../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../testing/harness';

const orderSchema = {
  type: 'object',
  required: ['storeCode', 'amount'],
  properties: {
    storeCode: { type: 'string', title: 'Store code', pattern: '^[A-Z]{3}[0-9]$' },
    amount: { type: 'string', title: 'Amount', pattern: '^[0-9]+(\\.[0-9]{2})?$' },
    currency: { type: 'string' },
  },
};

const spec: ScreenSpec = {
  id: 'orders',
  route: '/orders',
  layout: 'main',
  title: 'orders.title',
  kind: 'dashboard',
  dashboard: {
    sections: [
      {
        id: 'recent',
        title: 'orders.recent',
        kind: 'table',
        data: { method: 'recentStores' },
        entity: { type: 'object', properties: { code: { type: 'string', title: 'Code' } } },
        rows: 'stores',
        columns: [{ field: 'code' }],
        rowActions: [{ id: 'use', label: 'orders.use', fill: 'order', params: { storeCode: ':code' } }],
      },
      {
        id: 'order',
        title: 'orders.new',
        kind: 'form',
        form: {
          schema: orderSchema,
          fields: ['storeCode', 'amount', 'currency'],
          uiSchema: { currency: { 'ui:widget': 'hidden' }, amount: { 'ui:title': 'orders.amountIn' } },
          live: [
            {
              id: 'store',
              method: 'storeLookup',
              params: { code: ':storeCode' },
              debounceMs: 10,
              fill: { currency: 'currencyCode' },
              message: {
                field: 'storeCode',
                invalid: 'orders.codeInvalid',
                pending: 'orders.looking',
                cases: [
                  { when: { field: 'closed', equals: true }, text: 'orders.closed', tone: 'bad', blocksSubmit: true },
                  { text: 'orders.open', tone: 'good' },
                ],
              },
            },
            {
              id: 'price',
              method: 'orderPrice',
              params: { amount: ':amount', code: ':storeCode' },
              debounceMs: 10,
              panel: {
                after: 'amount',
                items: [
                  { field: 'fee', label: 'orders.fee' },
                  { field: 'total', label: 'orders.total' },
                ],
              },
            },
          ],
          submit: {
            method: 'orderPlace',
            label: 'orders.place',
            idempotencyKey: 'idempotencyKey',
            challenge: 'code',
            result: { title: 'orders.{{status}}Title', text: 'orders.resultText', closeAfterMs: 600, closeWhen: { field: 'challenge.method', equals: 'sms' } },
            doneWhen: { field: 'status', equals: 'placed' },
          },
        },
      },
    ],
  },
};

const i18n = () =>
  createTestI18n({
    orders: {
      title: 'Orders',
      recent: 'Recent stores',
      use: 'Use',
      new: 'New order',
      amountIn: 'Amount ({{currency}})',
      codeInvalid: 'Not a store code yet.',
      looking: 'Looking the store up…',
      closed: 'This store is closed.',
      open: 'Store {{name}} is open.',
      fee: 'Fee',
      total: 'Total',
      place: 'Place',
      placedTitle: 'Order placed',
      cancelledTitle: 'Order cancelled',
      resultText: 'Order {{orderId}}.',
      code: {
        title: 'Confirm the order',
        label: 'Code',
        invalid: 'Six digits, please.',
        sent: { sms: 'Code sent to {{to}}.' },
        ask: { sms: 'Type the code.', phone: 'Approve on your phone.' },
      },
      code2: {
        confirm: 'Confirm',
        cancel: 'Cancel',
        resend: 'Send a new code',
        resent: 'A new code is on its way.',
        use: { phone: 'Approve on my phone instead', sms: 'Get a code instead' },
        wait: 'Approve on your phone',
      },
    },
  });

/** The second factor of the test application: a code sent back with the same call, or a wait polled. */
const codeChallenge: ChallengeHandler = {
  detect: (answer) => {
    if (answer.status === 'pending') return { step: 'code', method: 'sms', methods: ['sms', 'phone'], ...(answer.to ? { sentTo: String(answer.to) } : {}) };
    if (answer.status === 'waiting') return { step: 'wait', method: 'phone', methods: ['sms', 'phone'] };
    return null;
  },
  confirm: (code, { answer, callAgain }) => callAgain({ confirmation: { id: answer.challengeId, code } }),
  resend: (method, { callMethod, answer }) => callMethod('orderResend', { id: answer.challengeId, ...(method ? { method } : {}) }),
  poll: ({ callMethod, answer }) => callMethod('orderStatus', { id: answer.challengeId }),
  pollEveryMs: 30,
  codeFields: ['confirmation.code'],
  codeSchema: { type: 'string', pattern: '^[0-9]{6}$' },
  texts: {
    title: 'orders.code.title',
    waitTitle: 'orders.code2.wait',
    codeLabel: 'orders.code.label',
    codeInvalid: 'orders.code.invalid',
    sent: 'orders.code.sent',
    ask: 'orders.code.ask',
    confirm: 'orders.code2.confirm',
    cancel: 'orders.code2.cancel',
    resend: 'orders.code2.resend',
    resent: 'orders.code2.resent',
    useMethod: 'orders.code2.use',
  },
};

interface ServerOptions {
  /** What orderPlace answers without a confirmation. */
  first?: Record<string, unknown>;
  failFirst?: boolean;
  /** How the first call fails: the transport's unanswered MethodCallError (default), or fetch's own TypeError. */
  lostAs?: 'unanswered' | 'typeError';
  lookupDelay?: (code: string) => number;
}

function server({
  first = { status: 'pending', challengeId: 'c1', to: '+44 ••• 123' },
  failFirst = false,
  lostAs = 'unanswered',
  lookupDelay = () => 0,
}: ServerOptions = {}) {
  let failed = false;
  const callMethod = vi.fn(async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    switch (method) {
      case 'recentStores':
        return { stores: [{ code: 'ABC1' }] };
      case 'storeLookup': {
        const code = String(params.code);
        await new Promise((resolve) => setTimeout(resolve, lookupDelay(code)));
        return { name: code, closed: code === 'SHU1', currencyCode: code === 'ABC1' ? 'EUR' : 'USD' };
      }
      case 'orderPrice':
        return { fee: '0.50', total: (Number(params.amount) + 0.5).toFixed(2) };
      case 'orderPlace': {
        if (failFirst && !failed) {
          failed = true;
          if (lostAs === 'typeError') throw new TypeError('Failed to fetch');
          throw new MethodCallError('AE', 'Failed to fetch', {}, { unanswered: true });
        }
        const confirmation = params.confirmation as { code?: string } | undefined;
        if (!confirmation) return first;
        if (confirmation.code !== '123456') throw new MethodCallError('TA1', 'Wrong code', { 'confirmation.code': 'That code is not right.' });
        return { status: 'placed', orderId: 77 };
      }
      case 'orderResend':
        return { status: params.method === 'phone' ? 'waiting' : 'pending', challengeId: 'c2' };
      case 'orderStatus':
        return { status: 'placed', orderId: 78 };
    }
    throw new Error(`unexpected ${method}`);
  });
  return callMethod;
}

const calls = (callMethod: ReturnType<typeof server>, method: string) => callMethod.mock.calls.filter(([name]) => name === method).map(([, params]) => params);

async function orderForm() {
  // The first screen of the run waits for the lazily loaded screen and the schema compiler.
  const heading = await screen.findByRole('heading', { level: 2, name: 'New order' }, { timeout: 5000 });
  return heading.closest('section') as HTMLElement;
}

function show(callMethod: ReturnType<typeof server>, onError = vi.fn()) {
  renderScreens(testOptions([spec], { callMethod, onError, challenges: { code: codeChallenge } }), '/orders', i18n());
  return { onError };
}

async function fillOrder(form: HTMLElement, code = 'ABC1', amount = '10.00') {
  fireEvent.change(within(form).getByLabelText(/Store code/), { target: { value: code } });
  await within(form).findByText(`Store ${code} is open.`);
  fireEvent.change(within(form).getByLabelText(/Amount/), { target: { value: amount } });
}

describe('live values', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks nothing while a field fails the schema, then words the answer under the field and fills others from it', async () => {
    const callMethod = server();
    show(callMethod);
    const form = await orderForm();
    const code = within(form).getByLabelText(/Store code/);
    fireEvent.change(code, { target: { value: 'AB' } });
    // The first form of the run waits for the schema compiler (no precompiled validators here).
    expect(await within(form).findByText('Not a store code yet.', undefined, { timeout: 15_000 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls(callMethod, 'storeLookup')).toEqual([]);

    fireEvent.change(code, { target: { value: 'ABC1' } });
    expect(await within(form).findByText('Store ABC1 is open.')).toBeTruthy();
    expect(calls(callMethod, 'storeLookup')).toEqual([{ code: 'ABC1' }]);
    // The answer's currency is copied into the hidden field, which the amount's label names.
    expect(await within(form).findByLabelText(/Amount \(EUR\)/, undefined, { timeout: 15_000 })).toBeTruthy();
  });

  it('shows a panel of the answer after its field, following the latest input', async () => {
    const callMethod = server();
    show(callMethod);
    const form = await orderForm();
    await fillOrder(form);
    await waitFor(() => expect(form.querySelector('[data-field="total"]')?.textContent).toBe('10.50'));
    fireEvent.change(within(form).getByLabelText(/Amount/), { target: { value: '20.00' } });
    await waitFor(() => expect(form.querySelector('[data-field="total"]')?.textContent).toBe('20.50'));
    expect(form.querySelector('[data-field="fee"]')?.textContent).toBe('0.50');
  });

  it('drops an answer that arrives after a newer request was made', async () => {
    // The first code's answer is slow and arrives last: it must not replace the second's.
    const callMethod = server({ lookupDelay: (code) => (code === 'ABC1' ? 150 : 0) });
    show(callMethod);
    const form = await orderForm();
    const code = within(form).getByLabelText(/Store code/);
    fireEvent.change(code, { target: { value: 'ABC1' } });
    await waitFor(() => expect(calls(callMethod, 'storeLookup')).toHaveLength(1));
    fireEvent.change(code, { target: { value: 'XYZ2' } });
    expect(await within(form).findByText('Store XYZ2 is open.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(within(form).queryByText('Store ABC1 is open.')).toBeNull();
    expect(within(form).getByText('Store XYZ2 is open.')).toBeTruthy();
  });

  it('refuses to submit while a message that blocks is shown, saying it on the field', async () => {
    const callMethod = server();
    show(callMethod);
    const form = await orderForm();
    fireEvent.change(within(form).getByLabelText(/Store code/), { target: { value: 'SHU1' } });
    expect(await within(form).findByText('This store is closed.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Amount/), { target: { value: '10.00' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Place' })));
    await waitFor(() =>
      expect(
        within(form)
          .getByLabelText(/Store code/)
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(calls(callMethod, 'orderPlace')).toEqual([]);
  });

  it('is filled by a row button naming the form', async () => {
    const callMethod = server();
    show(callMethod);
    const form = await orderForm();
    const recent = (await screen.findByRole('heading', { level: 2, name: 'Recent stores' })).closest('section') as HTMLElement;
    fireEvent.click(await within(recent).findByRole('button', { name: /Use/ }));
    await waitFor(() => expect((within(form).getByLabelText(/Store code/) as HTMLInputElement).value).toBe('ABC1'));
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText(/Store code/)));
    expect(await within(form).findByText('Store ABC1 is open.')).toBeTruthy();
  });
});

describe('live values that drive each other', () => {
  afterEach(() => vi.restoreAllMocks());

  const exchange: ScreenSpec = {
    id: 'exchange',
    route: '/exchange',
    layout: 'main',
    title: 'orders.title',
    kind: 'form',
    form: {
      schema: {
        type: 'object',
        properties: {
          store: { type: 'string', title: 'Store' },
          give: { type: 'string', title: 'Give', pattern: '^[0-9]+(\\.[0-9]{2})?$' },
          get: { type: 'string', title: 'Get', pattern: '^[0-9]+(\\.[0-9]{2})?$' },
        },
      },
      fields: ['store', 'give', 'get'],
      uiSchema: { give: { 'ui:title': 'orders.giveIn' }, get: { 'ui:title': 'orders.getIn' } },
      live: [
        {
          id: 'most',
          method: 'storeMost',
          params: { store: ':store' },
          debounceMs: 0,
          panel: { items: [{ field: 'most', label: 'orders.most' }], button: { label: 'orders.giveMost', fill: { give: 'most' } } },
        },
        {
          id: 'quote',
          method: 'storeQuote',
          params: { store: ':store', give: ':give', get: ':get' },
          either: ['give', 'get'],
          debounceMs: 0,
          fill: { give: 'give', get: 'get' },
        },
      ],
      submit: { method: 'storeSwap', label: 'orders.place' },
    },
  };
  const words = () =>
    createTestI18n({
      orders: { title: 'Orders', place: 'Place', most: 'At most', giveMost: 'Give the most', giveIn: 'Give ({{giveUnit}})', getIn: 'Get ({{getUnit}})' },
    });

  it('sends only the amount the person typed last, fills the other, and never writes into the one being typed', async () => {
    const callMethod = vi.fn(async (method: string, params: Record<string, unknown>): Promise<unknown> => {
      if (method === 'storeMost') return { most: '40.00', giveUnit: 'kg', getUnit: 'lb' };
      if (params.give !== undefined) return { give: `${Number(params.give).toFixed(2)}`, get: (Number(params.give) * 2).toFixed(2) };
      return { give: (Number(params.get) / 2).toFixed(2), get: `${Number(params.get).toFixed(2)}` };
    });
    renderScreens(testOptions([exchange], { callMethod }), '/exchange', words());
    // Until the answers name the units, the labels are the fields' own.
    expect(await screen.findByLabelText('Give')).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Store'), { target: { value: 'north' } });
    // Labels name values of the live answers once they are known.
    const give = (await screen.findByLabelText('Give (kg)')) as HTMLInputElement;
    const get = screen.getByLabelText('Get (lb)') as HTMLInputElement;

    fireEvent.change(give, { target: { value: '5' } });
    await waitFor(() => expect(get.value).toBe('10.00'));
    expect(give.value).toBe('5');
    expect(callMethod).toHaveBeenCalledWith('storeQuote', { store: 'north', give: '5' });

    fireEvent.change(get, { target: { value: '30' } });
    await waitFor(() => expect(give.value).toBe('15.00'));
    expect(get.value).toBe('30');
    expect(callMethod).toHaveBeenLastCalledWith('storeQuote', { store: 'north', get: '30' });
    // The filled amount did not ask again with itself.
    expect(callMethod.mock.calls.filter(([, params]) => params.give === '15.00')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Give the most' }));
    await waitFor(() => expect(get.value).toBe('80.00'));
    expect(give.value).toBe('40.00');
  });
});

describe('answer-driven flows', () => {
  afterEach(() => vi.restoreAllMocks());

  it('retries a lost answer with the same idempotency key, confirms the code the server asks for, and shows the result until it closes', async () => {
    const callMethod = server({ failFirst: true });
    const { onError } = show(callMethod);
    const form = await orderForm();
    await fillOrder(form);
    const place = within(form).getByRole('button', { name: 'Place' });
    await act(async () => fireEvent.click(place));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    await act(async () => fireEvent.click(place));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm the order' });
    expect(within(dialog).getByText('Code sent to +44 ••• 123.')).toBeTruthy();
    const [lost, retried] = calls(callMethod, 'orderPlace');
    expect(retried!.idempotencyKey).toBe(lost!.idempotencyKey);
    expect(retried).toMatchObject({ storeCode: 'ABC1', amount: '10.00', currency: 'EUR' });

    // A code that cannot be right is said at once; a wrong one is refused by the server on the code field.
    const code = within(dialog).getByLabelText('Code');
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Six digits, please.')).toBeTruthy();
    fireEvent.change(code, { target: { value: '000000' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    expect(await within(dialog).findByText('That code is not right.')).toBeTruthy();
    expect((code as HTMLInputElement).value).toBe('');

    fireEvent.change(code, { target: { value: '123456' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    // The code went back with the same call and key.
    const confirmed = calls(callMethod, 'orderPlace').at(-1)!;
    expect(confirmed).toMatchObject({ idempotencyKey: lost!.idempotencyKey, storeCode: 'ABC1', confirmation: { id: 'c1', code: '123456' } });

    const result = await screen.findByRole('alertdialog', { name: 'Order placed' });
    expect(within(result).getByText('Order 77.')).toBeTruthy();
    expect(within(result).getByText('This message closes by itself.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 2000 });
    // Done: the form starts again, and the next order is a new intent.
    await waitFor(() => expect((within(form).getByLabelText(/Store code/) as HTMLInputElement).value).toBe(''));
    await fillOrder(form, 'XYZ2');
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Place' })));
    await screen.findByRole('dialog', { name: 'Confirm the order' });
    expect(calls(callMethod, 'orderPlace').at(-1)!.idempotencyKey).not.toBe(lost!.idempotencyKey);
  });

  it('switches to approval on the phone, polls until it is answered, and keeps the result until it is closed', async () => {
    const callMethod = server();
    show(callMethod);
    const form = await orderForm();
    await fillOrder(form);
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Place' })));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the order' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Approve on my phone instead' })));
    expect(calls(callMethod, 'orderResend')).toEqual([{ id: 'c1', method: 'phone' }]);
    const waiting = await screen.findByRole('dialog', { name: 'Approve on your phone' });
    expect(within(waiting).getByText('A new code is on its way.')).toBeTruthy();

    const result = await screen.findByRole('alertdialog', { name: 'Order placed' });
    expect(calls(callMethod, 'orderStatus').length).toBeGreaterThan(0);
    expect(within(result).queryByText('This message closes by itself.')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 700));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Order placed' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('keeps the form when the answer is not done, and closes a step cancelled without a cancel call', async () => {
    const callMethod = server({ first: { status: 'cancelled' } });
    show(callMethod);
    const form = await orderForm();
    await fillOrder(form);
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Place' })));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Order cancelled' })).getByRole('button', { name: 'Close' }));
    expect((within(form).getByLabelText(/Store code/) as HTMLInputElement).value).toBe('ABC1');

    callMethod.mockClear();
    const pending = server();
    callMethod.mockImplementation(pending);
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Place' })));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the order' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((within(form).getByLabelText(/Store code/) as HTMLInputElement).value).toBe('ABC1');
  });

  it('says what will happen before the call, and makes it only on Confirm', async () => {
    const callMethod = vi.fn(async () => ({ status: 'placed', orderId: 5 }));
    const reviewed: ScreenSpec = {
      id: 'quick',
      route: '/quick',
      layout: 'main',
      title: 'orders.title',
      kind: 'form',
      form: {
        schema: orderSchema,
        fields: ['storeCode', 'amount'],
        submit: {
          method: 'orderPlace',
          label: 'orders.place',
          review: { title: 'orders.new', items: [{ field: 'storeCode' }, { field: 'amount' }], confirm: 'orders.place' },
          success: { notice: 'orders.placedTitle' },
        },
      },
    };
    const notify = vi.fn();
    renderScreens(testOptions([reviewed], { callMethod, notify }), '/quick', i18n());
    fireEvent.change(await screen.findByLabelText(/Store code/), { target: { value: 'ABC1' } });
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '3.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place' }));
    let review = await screen.findByRole('dialog', { name: 'New order' });
    expect(within(review).getByText('ABC1')).toBeTruthy();
    expect(within(review).getByText('3.00')).toBeTruthy();
    fireEvent.click(within(review).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callMethod).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Place' }));
    review = await screen.findByRole('dialog', { name: 'New order' });
    await act(async () => fireEvent.click(within(review).getByRole('button', { name: 'Place' })));
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('orderPlace', { storeCode: 'ABC1', amount: '3.00' }));
    expect(notify).toHaveBeenCalledWith('orders.placedTitle', { status: 'placed', orderId: 5 });
  });

  it('looks a lost answer up by its key: a call the server took goes on to its second factor, never showing the browser error', async () => {
    const callMethod = server({ failFirst: true });
    const lookUpCall = vi.fn(async () => ({ outcome: 'answered' as const, answer: { status: 'pending', challengeId: 'c1', to: '+44 ••• 123' } }));
    const onError = vi.fn();
    renderScreens(testOptions([spec], { callMethod, onError, lookUpCall, challenges: { code: codeChallenge } }), '/orders', i18n());
    const form = await orderForm();
    await fillOrder(form);
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Place' })));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm the order' });
    const [lost] = calls(callMethod, 'orderPlace');
    expect(lookUpCall).toHaveBeenCalledWith(lost!.idempotencyKey, 'orderPlace');
    // The call was not sent again: the server's kept answer stood for it.
    expect(calls(callMethod, 'orderPlace')).toHaveLength(1);
    expect(onError).not.toHaveBeenCalled();
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: '123456' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    expect(await screen.findByRole('alertdialog', { name: 'Order placed' })).toBeTruthy();
    expect(calls(callMethod, 'orderPlace').at(-1)).toMatchObject({ idempotencyKey: lost!.idempotencyKey, confirmation: { code: '123456' } });
  });

  it('says a lost call the server never took was not sent, and sends it again with the same key on Try again', async () => {
    const callMethod = server({ failFirst: true, lostAs: 'typeError' });
    const lookUpCall = vi.fn(async () => ({ outcome: 'none' as const }));
    const onError = vi.fn();
    renderScreens(testOptions([spec], { callMethod, onError, lookUpCall, challenges: { code: codeChallenge } }), '/orders', i18n());
    const form = await orderForm();
    await fillOrder(form);
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Place' })));

    const lostStep = await screen.findByRole('alertdialog', { name: 'Connection lost' });
    expect(await within(lostStep).findByText(/did not reach us, so nothing was done/)).toBeTruthy();
    expect(calls(callMethod, 'orderPlace')).toHaveLength(1);
    await act(async () => fireEvent.click(within(lostStep).getByRole('button', { name: 'Try again' })));
    await screen.findByRole('dialog', { name: 'Confirm the order' });
    const [lost, retried] = calls(callMethod, 'orderPlace');
    expect(retried!.idempotencyKey).toBe(lost!.idempotencyKey);
    expect(calls(callMethod, 'orderPlace')).toHaveLength(2);
    expect(onError).not.toHaveBeenCalled();
  });

  it('offers to check again while the lookup cannot be answered, and Close keeps the key for the next send', async () => {
    const callMethod = server({ failFirst: true });
    const lookUpCall = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({ outcome: 'pending' });
    renderScreens(testOptions([spec], { callMethod, lookUpCall, challenges: { code: codeChallenge } }), '/orders', i18n());
    const form = await orderForm();
    await fillOrder(form);
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Place' })));
    let lostStep = await screen.findByRole('alertdialog', { name: 'Connection lost' });
    expect(await within(lostStep).findByText(/cannot reach the server to check yet/)).toBeTruthy();
    await act(async () => fireEvent.click(within(lostStep).getByRole('button', { name: 'Check again' })));
    lostStep = await screen.findByRole('alertdialog', { name: 'Connection lost' });
    expect(await within(lostStep).findByText(/still being processed/)).toBeTruthy();
    expect(lookUpCall).toHaveBeenCalledTimes(2);
    await act(async () => fireEvent.click(within(lostStep).getByRole('button', { name: 'Close' })));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The same values sent again are the same intent: the same key.
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Place' })));
    await screen.findByRole('dialog', { name: 'Confirm the order' });
    const [lost, again] = calls(callMethod, 'orderPlace');
    expect(again!.idempotencyKey).toBe(lost!.idempotencyKey);
  });

  it('words looked-up ids in the review, and keeps a receipt with what was sent, a details link, its file and Repeat', async () => {
    const callMethod = vi.fn(async (method: string, params: Record<string, unknown>): Promise<unknown> => {
      if (method === 'storeList')
        return {
          stores: [
            { code: 'XYZ2', name: 'Docks' },
            { code: 'ABC1', name: 'Harbour', balance: '7.50', currencyCode: 'EUR' },
          ],
        };
      if (method === 'orderPlace') return { status: 'placed', orderId: 9, echo: params.storeCode };
      if (method === 'orderReceipt') return { fileName: `order-${String(params.orderId)}.pdf`, mediaType: 'application/pdf', content: 'JVBERi0=' };
      throw new Error(`unexpected ${method}`);
    });
    const receipt: ScreenSpec = {
      id: 'receipt',
      route: '/receipt',
      layout: 'main',
      title: 'orders.title',
      kind: 'form',
      form: {
        schema: orderSchema,
        fields: ['storeCode', 'amount'],
        submit: {
          method: 'orderPlace',
          label: 'orders.place',
          review: {
            title: 'orders.new',
            lookups: [{ id: 'store', method: 'storeList', path: 'stores', where: { field: 'code', equals: ':storeCode' } }],
            items: [
              { field: 'store', label: 'orders.storeLabel', template: 'orders.storeValue' },
              { field: 'store.balance', label: 'orders.balance', format: 'money', currencyField: 'store.currencyCode' },
              { field: 'amount' },
            ],
            confirm: 'orders.place',
          },
          result: {
            title: 'orders.{{status}}Title',
            items: [{ field: 'store', label: 'orders.storeLabel', template: 'orders.storeValue' }, { field: 'amount' }],
            details: { label: 'orders.view', path: '/orders/:orderId' },
            file: { label: 'orders.receiptPdf', method: 'orderReceipt', params: { orderId: ':orderId' } },
            repeat: 'orders.repeat',
            close: 'orders.done',
          },
          doneWhen: { field: 'status', equals: 'placed' },
        },
      },
    };
    const texts = i18n();
    texts.addResources('en', 'translation', {
      'orders.storeLabel': 'Store',
      'orders.storeValue': '{{store.name}} ({{store.code}})',
      'orders.balance': 'Store balance',
      'orders.view': 'View the order',
      'orders.receiptPdf': 'Receipt (PDF)',
      'orders.repeat': 'Order again',
      'orders.done': 'Done',
    });
    renderScreens(testOptions([receipt], { callMethod }), '/receipt', texts);
    fireEvent.change(await screen.findByLabelText(/Store code/), { target: { value: 'ABC1' } });
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '3.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place' }));
    const review = await screen.findByRole('dialog', { name: 'New order' });
    expect(within(review).getByText('Harbour (ABC1)')).toBeTruthy();
    expect(within(review).getByText('€7.50')).toBeTruthy();
    expect(calls(callMethod as never, 'storeList')).toEqual([{}]);
    await act(async () => fireEvent.click(within(review).getByRole('button', { name: 'Place' })));

    const result = await screen.findByRole('alertdialog', { name: 'Order placed' });
    expect(within(result).getByText('Harbour (ABC1)')).toBeTruthy();
    expect(within(result).getByText('3.00')).toBeTruthy();
    expect(within(result).getByRole('link', { name: 'View the order' }).getAttribute('href')).toBe('/orders/9');
    // Its file: the method asked with the answer's values, the answer handed to the browser as a PDF.
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:receipt');
    // happy-dom follows a download link's href: left alone, the page would move to blob:receipt.
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await act(async () => fireEvent.click(within(result).getByRole('button', { name: 'Receipt (PDF)' })));
    expect(calls(callMethod as never, 'orderReceipt')).toEqual([{ orderId: 9 }]);
    expect(saved).toHaveBeenCalledTimes(1);
    expect((saved.mock.calls[0]![0] as Blob).type).toBe('application/pdf');
    expect(clicked).toHaveBeenCalledTimes(1);
    // The receipt stays until the person leaves it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('alertdialog', { name: 'Order placed' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Store code/), { target: { value: 'XYZ2' } });
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '' } });
    fireEvent.click(within(result).getByRole('button', { name: 'Order again' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect((screen.getByLabelText(/Store code/) as HTMLInputElement).value).toBe('ABC1'));
    expect((screen.getByLabelText(/Amount/) as HTMLInputElement).value).toBe('3.00');
  });
});
