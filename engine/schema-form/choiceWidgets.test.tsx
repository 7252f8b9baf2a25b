import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { EngineProvider } from '../provider/EngineProvider';
import type { JsonSchema } from '../spec/types';
import { createTestI18n, testOptions } from '../testing/harness';
import { formSchema } from './formSchemas';
import { loadCompilingValidator, SchemaForm } from './SchemaForm';

/** A store's offer as a server answers it: its items of each kind, their delivery options and the scans they need. */
const offer = vi.fn(async (method: string, params: Record<string, unknown>) => {
  if (method !== 'storeOffer') throw new Error(`no method ${method}`);
  const items = [
    { itemId: 1, name: 'Gift code', digital: true, sizes: ['S'] },
    { itemId: 2, name: 'Mug', digital: false, sizes: ['S', 'L'] },
    { itemId: 3, name: 'Poster', digital: false, sizes: ['L'] },
  ];
  const deliveries = [
    { id: 'post', kind: 'post', price: '0', currency: 'EUR', days: 5, blockedBy: [] },
    { id: 'courier', kind: 'courier', price: '12.5', currency: 'EUR', days: 1, blockedBy: ['farAway', 'weekend'] },
  ];
  const scans = params.itemId === 2 ? [{ kind: 4, twoSided: true }] : params.itemId === 3 ? [{ kind: 9, twoSided: false }] : [];
  return { items: items.filter((item) => params.itemId === undefined || item.itemId === params.itemId), deliveries, scans };
});

const texts = {
  fields: { digital: 'Kind', itemId: 'Item', size: 'Size', deliveryId: 'Delivery', scans: 'Scans', front: 'Front', back: 'Back' },
  enums: { digital: { true: 'Digital', false: 'Posted' } },
  shop: {
    kindText: '$t(shop.kindHelp.{{value}})',
    kindHelp: { true: 'Sent by e-mail.', false: 'Sent to your door.' },
    itemText: 'Sizes: {{sizes}}',
    delivery: '$t(shop.deliveryKind.{{kind}}) · {{price}}',
    deliveryKind: { post: 'Post', courier: 'Courier' },
    days: 'In {{days}} days',
    blocked: { farAway: 'Too far away.', weekend: 'Closed at weekends.' },
    unavailable: 'Not available: {{reasons}}',
    none: 'Nothing of this kind.',
    scan: 'Scan: $t(shop.scanKinds.{{kind}})',
    scanKinds: { 4: 'Identity card', 9: 'Passport' },
  },
};

function Form({
  schema,
  uiSchema,
  fields,
  onSubmit,
}: {
  schema: JsonSchema;
  uiSchema: Record<string, unknown>;
  fields: string[];
  onSubmit: (data: Record<string, unknown>) => void;
}) {
  const [data, setData] = useState<Record<string, unknown>>({});
  return (
    <SchemaForm idPrefix="t" schema={formSchema({ schema, fields, uiSchema })} uiSchema={uiSchema} formData={data} onChange={setData} onSubmit={onSubmit}>
      <output data-testid="data">{JSON.stringify(data)}</output>
      <button type="submit">Save</button>
    </SchemaForm>
  );
}

function renderForm(props: Parameters<typeof Form>[0]) {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <I18nextProvider i18n={createTestI18n(texts)}>
        <MemoryRouter>
          <EngineProvider options={testOptions([], { callMethod: offer })}>
            <Form {...props} />
          </EngineProvider>
        </MemoryRouter>
      </I18nextProvider>
    </SWRConfig>,
  );
}

const shownData = () => JSON.parse(screen.getByTestId('data').textContent ?? '{}') as Record<string, unknown>;
const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

const schema: JsonSchema = {
  type: 'object',
  required: ['itemId'],
  properties: {
    digital: { type: 'boolean', default: true },
    itemId: { type: 'integer' },
    size: { type: 'string' },
    deliveryId: { type: 'string' },
    scans: {
      type: 'array',
      items: { type: 'object', required: ['kind', 'front'], properties: { kind: { type: 'integer' }, front: { type: 'string' }, back: { type: 'string' } } },
    },
  },
};

const itemSource = { method: 'storeOffer', path: 'items', value: 'itemId', where: { field: 'digital', equals: ':digital' } };
const ofItem = (path: string) => ({ method: 'storeOffer', params: { itemId: ':itemId' }, path });

describe('options as radio buttons, disabled options, options that only filter, files per item', () => {
  beforeAll(() => loadCompilingValidator());

  it('draws radio groups named by their legend, filters items by another field, says why an option is disabled, and never sends a filter', async () => {
    const onSubmit = vi.fn();
    renderForm({
      schema,
      fields: ['digital', 'itemId', 'deliveryId'],
      uiSchema: {
        digital: { 'ui:widget': 'radios', 'ui:options': { optionText: 'shop.kindText', sent: false } },
        itemId: { 'ui:widget': 'radios', 'ui:options': { source: itemSource, optionText: 'shop.itemText', emptyText: 'shop.none' } },
        deliveryId: {
          'ui:widget': 'radios',
          'ui:options': {
            when: { field: 'digital', equals: false },
            source: {
              method: 'storeOffer',
              path: 'deliveries',
              value: 'id',
              disabled: { field: 'blockedBy', reasonKey: 'shop.blocked', text: 'shop.unavailable' },
            },
            optionLabel: 'shop.delivery',
            optionText: 'shop.days',
            optionValues: [{ field: 'price', format: 'money', currencyField: 'currency' }],
            chooseFirst: true,
          },
        },
      },
      onSubmit,
    });
    const kinds = await screen.findByRole('group', { name: 'Kind' });
    const digital = within(kinds).getByRole('radio', { name: 'Digital' }) as HTMLInputElement;
    expect(digital.checked).toBe(true); // the schema's default
    expect(describedText(digital)).toBe('Sent by e-mail.');
    const items = screen.getByRole('group', { name: /^Item/ });
    const gift = (await within(items).findByRole('radio', { name: 'Gift code' })) as HTMLInputElement;
    expect(within(items).getAllByRole('radio')).toHaveLength(1);
    expect(describedText(gift)).toBe('Sizes: S');
    fireEvent.click(gift);
    expect(shownData()).toMatchObject({ itemId: 1 });
    expect(screen.queryByRole('group', { name: 'Delivery' })).toBeNull();

    fireEvent.click(within(kinds).getByRole('radio', { name: 'Posted' }));
    // The gift code is no longer offered: the choice goes; the posted items show, sizes listed.
    await waitFor(() =>
      expect(
        within(items)
          .getAllByRole('radio')
          .map((radio) => radio.getAttribute('value')),
      ).toEqual(['2', '3']),
    );
    await waitFor(() => expect(shownData().itemId).toBeUndefined());
    expect(describedText(within(items).getByRole('radio', { name: 'Mug' }))).toBe('Sizes: S, L');
    const deliveries = await screen.findByRole('group', { name: 'Delivery' });
    const courier = (await within(deliveries).findByRole('radio', { name: 'Courier · €12.50' })) as HTMLInputElement;
    expect(courier.disabled).toBe(true);
    expect(describedText(courier)).toBe('Not available: Too far away. Closed at weekends.');
    const post = within(deliveries).getByRole('radio', { name: 'Post · €0.00' }) as HTMLInputElement;
    await waitFor(() => expect(post.checked).toBe(true)); // chooseFirst: the first that may be chosen
    expect(describedText(post)).toBe('In 5 days');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(describedText(items)).toBe('Fill in this field.'));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(within(items).getByRole('radio', { name: 'Poster' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ itemId: 3, deliveryId: 'post' }));
  });

  it('offers a list of plain values in a select, chooses the only one, and words a disabled option with its reason', async () => {
    renderForm({
      schema,
      fields: ['itemId', 'size', 'deliveryId'],
      uiSchema: {
        itemId: { 'ui:widget': 'select', 'ui:options': { source: { method: 'storeOffer', path: 'items', value: 'itemId' } } },
        size: { 'ui:widget': 'select', 'ui:options': { source: ofItem('items.0.sizes'), chooseOnly: true } },
        deliveryId: {
          'ui:widget': 'select',
          'ui:options': {
            source: { method: 'storeOffer', path: 'deliveries', value: 'id', label: 'kind', disabled: { field: 'blockedBy', reasonKey: 'shop.blocked' } },
          },
        },
      },
      onSubmit: () => undefined,
    });
    const item = await screen.findByLabelText(/^Item/);
    await waitFor(() => expect(within(item).getAllByRole('option')).toHaveLength(4));
    const size = screen.getByLabelText('Size') as HTMLSelectElement;
    fireEvent.change(item, { target: { value: '3' } });
    await waitFor(() => expect(size.value).toBe('L'));
    expect(shownData()).toEqual({ itemId: 3, size: 'L' });
    fireEvent.change(item, { target: { value: '2' } });
    // Both sizes offered and one of them chosen already: it stays.
    await waitFor(() =>
      expect(
        within(size)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose…', 'S', 'L']),
    );
    expect(size.value).toBe('L');
    const courier = within(screen.getByLabelText('Delivery')).getByRole('option', { name: /courier/ }) as HTMLOptionElement;
    expect(courier.disabled).toBe(true);
    expect(courier.textContent).toBe('courier (Too far away. Closed at weekends.)');
  });

  it('asks the files each item of a source needs, one group per item, and drops those of an item gone', async () => {
    const onSubmit = vi.fn();
    renderForm({
      schema,
      fields: ['itemId', 'scans'],
      uiSchema: {
        itemId: { 'ui:widget': 'select', 'ui:options': { source: { method: 'storeOffer', path: 'items', value: 'itemId' } } },
        scans: {
          'ui:widget': 'fileSet',
          'ui:options': {
            source: ofItem('scans'),
            key: 'kind',
            itemTitle: 'shop.scan',
            files: [{ field: 'front' }, { field: 'back', when: { field: 'twoSided', equals: true } }],
          },
        },
      },
      onSubmit,
    });
    const item = await screen.findByLabelText(/^Item/);
    await waitFor(() => expect(within(item).getAllByRole('option')).toHaveLength(4));
    fireEvent.change(item, { target: { value: '2' } });
    const group = await screen.findByRole('group', { name: 'Scan: Identity card' });
    expect(within(group).getByLabelText(/Front/)).toBeTruthy();
    expect(within(group).getByLabelText(/Back/)).toBeTruthy();
    await waitFor(() => expect(shownData()).toEqual({ itemId: 2, scans: [{ kind: 4 }] }));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const front = within(group).getByLabelText(/Front/);
    await waitFor(() => expect(front.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(front)).toBe('Fill in this field.');
    expect(onSubmit).not.toHaveBeenCalled();
    const file = new File(['%PDF-1.4'], 'card.pdf', { type: 'application/pdf' });
    fireEvent.change(front, { target: { files: [file] } });
    await waitFor(() => expect((shownData().scans as Record<string, unknown>[])[0]?.front).toMatch(/^data:application\/pdf;name=card\.pdf;base64,/));

    fireEvent.change(item, { target: { value: '3' } });
    const passport = await screen.findByRole('group', { name: 'Scan: Passport' });
    expect(within(passport).queryByLabelText(/Back/)).toBeNull();
    expect(screen.queryByRole('group', { name: 'Scan: Identity card' })).toBeNull();
    await waitFor(() => expect(shownData()).toEqual({ itemId: 3, scans: [{ kind: 9 }] }));
  });
});
