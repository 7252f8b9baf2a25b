import { beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
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
