import { beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import { EngineProvider } from '../provider/EngineProvider';
import type { JsonSchema } from '../spec/types';
import { createTestI18n, testOptions } from '../testing/harness';
import { loadCompilingValidator, readsFormData, SchemaForm } from './SchemaForm';

describe('readsFormData', () => {
  it('is true when the uiSchema names an application widget, at any depth', () => {
    expect(readsFormData({ toAccount: { 'ui:widget': 'accountSelect' } }, ['accountSelect'])).toBe(true);
    expect(readsFormData({ address: { country: { 'ui:widget': 'country' } } }, ['country', 'accountSelect'])).toBe(true);
  });

  it('is false for a form of the engine widgets only, or without application widgets', () => {
    expect(readsFormData({ email: { 'ui:widget': 'email' }, note: { 'ui:title': 'accountSelect' } }, ['accountSelect'])).toBe(false);
    expect(readsFormData(undefined, ['accountSelect'])).toBe(false);
    expect(readsFormData({ toAccount: { 'ui:widget': 'accountSelect' } }, [])).toBe(false);
  });

  it('is true when the application replaces one of rjsf widgets, which any field may use', () => {
    expect(readsFormData({}, ['SelectWidget'])).toBe(true);
  });
});

/** An application widget that shows another field's value, read from formContext as AccountSelect does. */
function EchoWidget({ id, registry, options }: WidgetProps) {
  const formData = (registry.formContext as { formData?: Record<string, unknown> }).formData ?? {};
  return <output id={id}>{`other: ${String(formData[options.field as string] ?? '')}`}</output>;
}

const schema: JsonSchema = { type: 'object', properties: { name: { type: 'string' }, echo: { type: 'string' } } };

function Form() {
  const [data, setData] = useState<Record<string, unknown>>({});
  return (
    <SchemaForm
      idPrefix="t"
      schema={schema}
      uiSchema={{ echo: { 'ui:widget': 'echo', 'ui:options': { field: 'name' } } }}
      formData={data}
      onChange={setData}
      onSubmit={() => undefined}
    >
      <button type="submit">Save</button>
    </SchemaForm>
  );
}

describe('SchemaForm', () => {
  // The form has no precompiled validator: fetch ajv's compiler first, as the route does.
  beforeAll(() => loadCompilingValidator());

  it('redraws an application widget when another field changes, so it can read the form data', async () => {
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <EngineProvider options={testOptions([], { widgets: { echo: EchoWidget } })}>
          <Form />
        </EngineProvider>
      </I18nextProvider>,
    );
    const name = (await screen.findByRole('textbox')) as HTMLInputElement;
    expect(document.getElementById('t_echo')?.textContent).toBe('other: ');
    fireEvent.change(name, { target: { value: 'Anna' } });
    expect(document.getElementById('t_echo')?.textContent).toBe('other: Anna');
  });
});

const required: JsonSchema = {
  type: 'object',
  required: ['first', 'last', 'email'],
  properties: {
    first: { type: 'string', minLength: 1 },
    last: { type: 'string', minLength: 1, maxLength: 5 },
    email: { type: 'string', format: 'email' },
  },
};

function RequiredForm() {
  const [data, setData] = useState<Record<string, unknown>>({});
  return (
    <SchemaForm idPrefix="r" schema={required} formData={data} onChange={setData} onSubmit={() => undefined}>
      <button type="submit">Save</button>
    </SchemaForm>
  );
}

describe('SchemaForm errors', () => {
  beforeAll(() => loadCompilingValidator());

  it('shows each invalid field its own message once after a submit attempt, tied by aria-describedby', async () => {
    render(
      <I18nextProvider i18n={createTestI18n({ fields: { first: 'First', last: 'Last', email: 'E-mail' } })}>
        <EngineProvider options={testOptions([])}>
          <RequiredForm />
        </EngineProvider>
      </I18nextProvider>,
    );
    await screen.findByLabelText(/^First/);
    fireEvent.change(screen.getByLabelText(/^Last/), { target: { value: 'Longer than five' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.querySelectorAll('.eng-field-errors')).toHaveLength(3));
    for (const [label, message] of [
      ['First', 'Fill in this field.'],
      ['Last', 'Enter no more than 5 characters.'],
      ['E-mail', 'Fill in this field.'],
    ] as const) {
      const input = screen.getByLabelText(new RegExp(`^${label}`));
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(described).toEqual([message]);
    }
  });
});

describe('SchemaForm errors under the pointer', () => {
  beforeAll(() => loadCompilingValidator());

  it('shows a left field its error at once from the keyboard, but only after the release when a press left it', async () => {
    render(
      <I18nextProvider i18n={createTestI18n({ fields: { first: 'First', last: 'Last', email: 'E-mail' } })}>
        <EngineProvider options={testOptions([])}>
          <RequiredForm />
        </EngineProvider>
      </I18nextProvider>,
    );
    const last = await screen.findByLabelText(/^Last/);
    fireEvent.change(last, { target: { value: 'Longer than five' } });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Save' }));
    fireEvent.blur(last);
    // Everything the blur set off has run: the field is still quiet.
    await act(async () => undefined);
    expect(screen.queryByText('Enter no more than 5 characters.')).toBeNull();
    fireEvent.pointerUp(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Enter no more than 5 characters.');

    const email = screen.getByLabelText(/^E-mail/);
    fireEvent.change(email, { target: { value: 'not an e-mail' } });
    fireEvent.blur(email);
    await waitFor(() => expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/./));
  });

  it("keeps a fixed field's error until the release when a press left it, so the button below stays under the pointer", async () => {
    render(
      <I18nextProvider i18n={createTestI18n({ fields: { first: 'First', last: 'Last', email: 'E-mail' } })}>
        <EngineProvider options={testOptions([])}>
          <RequiredForm />
        </EngineProvider>
      </I18nextProvider>,
    );
    const last = await screen.findByLabelText(/^Last/);
    fireEvent.change(last, { target: { value: 'Longer than five' } });
    fireEvent.blur(last);
    await screen.findByText('Enter no more than 5 characters.');
    fireEvent.change(last, { target: { value: 'Short' } });
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.pointerDown(save);
    fireEvent.blur(last);
    await act(async () => undefined);
    // Fixed, but the press is not over: the message still holds its room.
    expect(screen.getByText('Enter no more than 5 characters.')).toBeTruthy();
    fireEvent.pointerUp(save);
    await waitFor(() => expect(screen.queryByText('Enter no more than 5 characters.')).toBeNull());
  });
});
