/**
 * A form field whose fields a call answers (`ui:options.fieldsFrom`), written as a spec: the fields follow
 * the value the call's params read, are labelled and worded like any other field, refuse the submit when
 * one is missing or does not match its pattern (each on its own field), and only the fields asked now are
 * sent; a kind with no fields draws and sends none.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ScreenSpec } from '../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../testing/harness';

const shipment: ScreenSpec = {
  id: 'shipment',
  route: '/ship',
  layout: 'main',
  title: 'ship.title',
  kind: 'form',
  form: {
    schema: {
      type: 'object',
      required: ['kind'],
      properties: {
        kind: { enum: ['parcel', 'letter'], title: 'Kind' },
        extras: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
    fields: ['kind', 'extras'],
    uiSchema: {
      extras: { 'ui:title': 'ship.extras', 'ui:options': { fieldsFrom: { method: 'parcelFields', params: { kind: ':kind' }, path: 'fields' } } },
    },
    submit: { method: 'shipmentCreate', label: 'ship.send', success: { notice: 'ship.sent' } },
  },
};

const words = () =>
  createTestI18n({
    ship: { title: 'Ship', extras: 'What this kind needs', send: 'Send', sent: 'Sent' },
    fields: { customsCode: 'Customs code', handling: 'Handling' },
    enums: { kind: { parcel: 'Parcel', letter: 'Letter' }, handling: { fragile: 'Fragile', upright: 'This way up' } },
  });

function post() {
  return vi.fn(async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    if (method === 'parcelFields') {
      return {
        fields:
          params.kind === 'parcel'
            ? [
                { name: 'customsCode', required: true, schema: { type: 'string', pattern: '^[0-9]{6}$' } },
                { name: 'handling', required: false, schema: { type: 'string', enum: ['fragile', 'upright'] } },
              ]
            : [],
      };
    }
    return { shipmentId: 1 };
  });
}

afterEach(() => vi.restoreAllMocks());

/** Chooses the option worded `label` of a select, as a person does. */
function choose(select: HTMLElement, label: string) {
  const option = screen.getAllByRole('option', { name: label }).find((candidate) => select.contains(candidate)) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: option.value } });
}

describe('a form with fields a call answers', () => {
  it('draws the answered fields, checks them on their own fields, and sends only those asked', async () => {
    const callMethod = post();
    renderScreens(testOptions([shipment], { callMethod }), '/ship', words());
    const kind = await screen.findByLabelText(/^Kind/);
    expect(screen.queryByLabelText(/^Customs code/)).toBeNull();

    choose(kind, 'Parcel');
    const code = await screen.findByLabelText(/^Customs code/);
    expect(screen.getByRole('group', { name: 'What this kind needs' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'This way up' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Fill in this field.');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(code, { target: { value: '12ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Enter the value in the expected format.');
    expect(callMethod.mock.calls.filter(([method]) => method === 'shipmentCreate')).toEqual([]);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('shipmentCreate', { kind: 'parcel', extras: { customsCode: '123456' } }));
  });

  it('neither draws nor sends the field where the answer lists no fields', async () => {
    const callMethod = post();
    renderScreens(testOptions([shipment], { callMethod }), '/ship', words());
    choose(await screen.findByLabelText(/^Kind/), 'Parcel');
    fireEvent.change(await screen.findByLabelText(/^Customs code/), { target: { value: '123456' } });
    choose(screen.getByLabelText(/^Kind/), 'Letter');
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('parcelFields', { kind: 'letter' }));
    await waitFor(() => expect(screen.queryByLabelText(/^Customs code/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('shipmentCreate', { kind: 'letter' }));
  });
});
