import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import en from '../locales/en.json';
import { EngineProvider } from '../provider/EngineProvider';
import type { JsonSchema } from '../spec/types';
import { createTestI18n, testOptions } from '../testing/harness';
import { formSchema } from './formSchemas';
import { loadCompilingValidator, SchemaForm } from './SchemaForm';

/** A dictionary service as the server answers it: countries, and the states of some of them. */
const dictionary = vi.fn(async (method: string, params: Record<string, unknown>) => {
  if (method === 'countryList')
    return {
      countries: [
        { code: 'US', name: 'United States', dial: '1' },
        { code: 'RO', name: 'Romania', dial: '40' },
        { code: 'DE', name: 'Germany', dial: '49' },
        { code: 'CA', name: 'Canada', dial: '1' },
      ],
    };
  if (method === 'stateList')
    return {
      states:
        params.countryCode === 'US'
          ? [
              { code: 'CA', name: 'California' },
              { code: 'NY', name: 'New York' },
            ]
          : [],
    };
  if (method === 'ruleOf') return { rule: { name: 'Social Security Number', shortName: 'SSN', needed: 'yes' } };
  throw new Error(`no method ${method}`);
});

function Form({
  schema,
  uiSchema,
  fields,
  onSubmit = () => undefined,
}: {
  schema: JsonSchema;
  uiSchema: Record<string, unknown>;
  fields: string[];
  onSubmit?: (data: Record<string, unknown>) => void;
}) {
  const [data, setData] = useState<Record<string, unknown>>({});
  const formSchemaShown = formSchema({ schema, fields, uiSchema });
  return (
    <SchemaForm idPrefix="t" schema={formSchemaShown} uiSchema={uiSchema} formData={data} onChange={setData} onSubmit={onSubmit}>
      <output data-testid="data">{JSON.stringify(data)}</output>
      <button type="submit">Save</button>
    </SchemaForm>
  );
}

function renderForm(
  props: Parameters<typeof Form>[0],
  i18n = createTestI18n({
    fields: {
      country: 'Country',
      state: 'State',
      amount: 'Amount',
      website: 'Website',
      kind: 'Kind',
      taxId: 'Tax number',
      scans: 'Scans',
      dial: 'Country code',
    },
    rules: { label: '{{name}} ({{shortName}})', help: 'Required: {{needed}}' },
  }),
) {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <EngineProvider options={testOptions([], { callMethod: dictionary, facts: { offers: { kinds: ['trust', 'person'] } } })}>
            <Form {...props} />
          </EngineProvider>
        </MemoryRouter>
      </I18nextProvider>
    </SWRConfig>,
  );
}

const shownData = () => JSON.parse(screen.getByTestId('data').textContent ?? '{}') as Record<string, unknown>;
/** Chooses the option worded `text`, whatever value the select gives it. */
function choose(select: HTMLElement, text: string) {
  const option = within(select)
    .getAllByRole('option')
    .find((one) => one.textContent === text);
  fireEvent.change(select, { target: { value: (option as HTMLOptionElement).value } });
}

/** The text of the option a select shows (jsdom's `selectedOptions` can lag behind a React update). */
const shownOption = (select: HTMLElement) => {
  const element = select as HTMLSelectElement;
  return element.options[element.selectedIndex]?.textContent;
};

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('engine form widgets', () => {
  beforeAll(() => loadCompilingValidator());

  it('loads the options of a field from a dictionary, again whenever the field they depend on changes', async () => {
    renderForm({
      schema: { type: 'object', properties: { country: { type: 'string' }, state: { type: 'string' } } },
      fields: ['country', 'state'],
      uiSchema: {
        country: { 'ui:widget': 'country', 'ui:options': { source: { method: 'countryList', path: 'countries' } } },
        state: { 'ui:widget': 'select', 'ui:options': { source: { method: 'stateList', params: { countryCode: ':country' }, path: 'states' } } },
      },
    });
    const country = await screen.findByLabelText('Country');
    await waitFor(() => expect(optionTexts(country)).toEqual(['Choose…', 'Canada', 'Germany', 'Romania', 'United States']));
    const state = screen.getByLabelText('State');
    expect(optionTexts(state)).toEqual(['Choose…']);
    expect(dictionary).not.toHaveBeenCalledWith('stateList', expect.anything());
    fireEvent.change(country, { target: { value: 'US' } });
    await waitFor(() => expect(optionTexts(state)).toEqual(['Choose…', 'California', 'New York']));
    expect(dictionary).toHaveBeenCalledWith('stateList', { countryCode: 'US' });
    fireEvent.change(state, { target: { value: 'NY' } });
    expect(shownData()).toEqual({ country: 'US', state: 'NY' });
    fireEvent.change(country, { target: { value: 'RO' } });
    await waitFor(() => expect(optionTexts(state)).toEqual(['Choose…']));
  });

  it('names countries in the reading language, from the schema enum too, never as a bare code', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'es',
      resources: { es: { translation: { ...en, fields: { country: 'País', dial: 'Prefijo' } } } },
      interpolation: { escapeValue: false },
    });
    renderForm(
      {
        schema: { type: 'object', properties: { country: { type: 'string', enum: ['DE', 'RO', 'US'] }, dial: { type: 'string' } } },
        fields: ['country', 'dial'],
        uiSchema: {
          country: { 'ui:widget': 'country' },
          dial: { 'ui:widget': 'phoneCode', 'ui:options': { source: { method: 'countryList', path: 'countries', value: 'dial' } } },
        },
      },
      i18n,
    );
    expect(optionTexts(await screen.findByLabelText('País'))).toEqual(['Choose…', 'Alemania', 'Estados Unidos', 'Rumanía']);
    await waitFor(() =>
      expect(optionTexts(screen.getByLabelText('Prefijo'))).toEqual(['Choose…', 'Alemania (+49)', 'Canadá (+1)', 'Estados Unidos (+1)', 'Rumanía (+40)']),
    );
  });

  it('gives the form the calling code of the country picked, and keeps showing that country when another shares the code', async () => {
    renderForm({
      schema: { type: 'object', properties: { dial: { type: 'string' } } },
      fields: ['dial'],
      uiSchema: {
        dial: { 'ui:title': 'fields.country', 'ui:widget': 'phoneCode', 'ui:options': { source: { method: 'countryList', path: 'countries', value: 'dial' } } },
      },
    });
    const dial = await screen.findByLabelText('Country');
    await waitFor(() => expect(optionTexts(dial)).toEqual(['Choose…', 'Canada (+1)', 'Germany (+49)', 'Romania (+40)', 'United States (+1)']));
    choose(dial, 'United States (+1)');
    expect(shownData()).toEqual({ dial: '1' });
    expect(shownOption(dial)).toBe('United States (+1)');
    choose(dial, 'Canada (+1)');
    expect(shownData()).toEqual({ dial: '1' });
    expect(shownOption(dial)).toBe('Canada (+1)');
    choose(dial, 'Romania (+40)');
    expect(shownData()).toEqual({ dial: '40' });
  });

  it('offers only the enum values the application facts list, with their own values', async () => {
    renderForm({
      schema: { type: 'object', properties: { kind: { type: 'string', enum: ['person', 'company', 'trust'] } } },
      fields: ['kind'],
      uiSchema: { kind: { 'ui:widget': 'select', 'ui:options': { offeredIn: 'offers.kinds' } } },
    });
    const kind = await screen.findByLabelText('Kind');
    expect(optionTexts(kind)).toEqual(['Choose…', 'person', 'trust']);
    fireEvent.change(kind, { target: { value: 'trust' } });
    expect(shownData()).toEqual({ kind: 'trust' });
  });

  it('takes an amount with the locale decimal comma and sends the canonical decimal, with its currency shown', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'pt',
      resources: { pt: { translation: { ...en, fields: { amount: 'Valor', currency: 'Moeda' } } } },
      interpolation: { escapeValue: false },
    });
    renderForm(
      {
        schema: {
          type: 'object',
          properties: { currency: { type: 'string', enum: ['EUR', 'USD'] }, amount: { type: 'string', pattern: '^(0|[1-9][0-9]*)(\\.[0-9]{1,2})?$' } },
        },
        fields: ['currency', 'amount'],
        uiSchema: { amount: { 'ui:widget': 'money', 'ui:options': { currencyField: 'currency' } } },
      },
      i18n,
    );
    const amount = (await screen.findByLabelText('Valor')) as HTMLInputElement;
    expect(amount.inputMode).toBe('decimal');
    choose(screen.getByLabelText('Moeda'), 'EUR');
    fireEvent.change(amount, { target: { value: '1.234,5' } });
    expect(shownData()).toEqual({ currency: 'EUR', amount: '1234.5' });
    expect(amount.value).toBe('1.234,5');
    expect(document.getElementById(amount.getAttribute('aria-describedby') ?? '')?.textContent).toBe('EUR');
    fireEvent.change(amount, { target: { value: '12,345' } });
    fireEvent.blur(amount);
    await waitFor(() => expect(screen.getByText('Enter the value in the expected format.')).toBeTruthy());
  });

  it('takes the locale decimal comma in every decimal field without a widget named, and shows the amount as the locale writes it once left', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'es',
      resources: { es: { translation: { ...en, fields: { amount: 'Importe', rate: 'Tipo', code: 'Código' } } } },
      interpolation: { escapeValue: false },
    });
    const onSubmit = vi.fn();
    renderForm(
      {
        schema: {
          type: 'object',
          properties: {
            amount: { type: 'string', pattern: '^-?(0|[1-9][0-9]{0,9})(\\.[0-9]{1,8})?$' },
            rate: { type: 'number' },
            code: { type: 'string', pattern: '^[0-9]{4,6}$' },
          },
        },
        fields: ['amount', 'rate', 'code'],
        uiSchema: {},
        onSubmit,
      },
      i18n,
    );
    const amount = (await screen.findByLabelText('Importe')) as HTMLInputElement;
    const rate = screen.getByLabelText('Tipo') as HTMLInputElement;
    expect(amount.inputMode).toBe('decimal');
    expect(rate.inputMode).toBe('decimal');
    expect((screen.getByLabelText('Código') as HTMLInputElement).inputMode).toBe('');
    fireEvent.focus(amount);
    fireEvent.change(amount, { target: { value: '12345,5' } });
    expect(amount.value).toBe('12345,5');
    fireEvent.blur(amount);
    expect(amount.value).toBe('12.345,5');
    fireEvent.focus(rate);
    fireEvent.change(rate, { target: { value: '0,75' } });
    fireEvent.blur(rate);
    expect(shownData()).toEqual({ amount: '12345.5', rate: 0.75 });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ amount: '12345.5', rate: 0.75 }));
  });

  it('shows and requires a field only while its when holds, and drops its value when it hides', async () => {
    const onSubmit = vi.fn();
    renderForm({
      schema: {
        type: 'object',
        required: ['kind', 'website'],
        properties: { kind: { type: 'string', enum: ['person', 'company'] }, website: { type: 'string', minLength: 3 } },
        additionalProperties: false,
      },
      fields: ['kind', 'website'],
      uiSchema: { website: { 'ui:options': { when: { field: 'kind', equals: 'company' } } } },
      onSubmit,
    });
    const kind = await screen.findByLabelText(/Kind/);
    expect(screen.queryByLabelText(/Website/)).toBeNull();
    choose(kind, 'company');
    const website = await screen.findByLabelText(/Website/);
    expect(website.closest('.eng-field')?.querySelector('label')?.textContent).toBe('Website *');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Fill in this field.')).toBeTruthy();
    fireEvent.change(website, { target: { value: 'ex' } });
    choose(kind, 'person');
    await waitFor(() => expect(screen.queryByLabelText(/Website/)).toBeNull());
    expect(shownData()).toEqual({ kind: 'person' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(onSubmit).toHaveBeenCalledWith({ kind: 'person' });
  });

  it('shows the fields dependentSchemas brings once the value they depend on is there', async () => {
    renderForm({
      schema: {
        type: 'object',
        properties: { country: { type: 'string' } },
        dependentSchemas: { country: { properties: { state: { type: 'string', title: 'State' } }, required: ['state'] } },
      },
      fields: ['country'],
      uiSchema: {},
    });
    const country = await screen.findByLabelText('Country');
    expect(screen.queryByLabelText(/State/)).toBeNull();
    fireEvent.change(country, { target: { value: 'US' } });
    expect((await screen.findByLabelText(/State/)).closest('.eng-field')?.querySelector('label')?.textContent).toBe('State *');
  });

  it('words a label and its help from dictionary data', async () => {
    renderForm({
      schema: { type: 'object', properties: { taxId: { type: 'string' } } },
      fields: ['taxId'],
      uiSchema: { taxId: { 'ui:options': { labelFrom: { method: 'ruleOf', path: 'rule', label: 'rules.label', help: 'rules.help' } } } },
    });
    const input = await screen.findByLabelText('Social Security Number (SSN)');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Required: yes');
  });

  it('takes several files, refusing a type the field does not take and a file larger than the schema allows', async () => {
    renderForm({
      schema: { type: 'object', properties: { scans: { type: 'array', items: { type: 'string', maxLength: 400 } } } },
      fields: ['scans'],
      uiSchema: { scans: { 'ui:widget': 'files', 'ui:options': { accept: '.png,.pdf' } } },
    });
    const picker = (await screen.findByLabelText('Scans')) as HTMLInputElement;
    expect(picker.multiple).toBe(true);
    fireEvent.change(picker, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe('notes.txt is not of a type this field takes (.png,.pdf); choose another file.');
    fireEvent.change(picker, { target: { files: [new File(['x'.repeat(301)], 'big.png', { type: 'image/png' })] } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^big\.png is larger than 0\.3 kB/);
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(picker, { target: { files: [new File(['a'], 'a.png', { type: 'image/png' }), new File(['bc'], 'b.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect((shownData().scans as string[] | undefined)?.length).toBe(2));
    expect(shownData().scans).toEqual(['data:image/png;name=a.png;base64,YQ==', 'data:application/pdf;name=b.pdf;base64,YmM=']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Chosen: b.pdf (0.1 kB)')).toBeTruthy();
  });

  it('asks the phone for the keyboard ui:inputMode names, and for none otherwise', async () => {
    renderForm({
      schema: { type: 'object', properties: { taxId: { type: 'string' }, website: { type: 'string' } } },
      fields: ['taxId', 'website'],
      uiSchema: { taxId: { 'ui:inputMode': 'numeric' } },
    });
    expect((await screen.findByLabelText('Tax number')).getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByLabelText('Website').getAttribute('inputmode')).toBeNull();
  });
});
