import { beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { EngineProvider } from '../provider/EngineProvider';
import type { JsonSchema } from '../spec/types';
import { createTestI18n, testOptions } from '../testing/harness';
import { loadCompilingValidator, SchemaForm } from './SchemaForm';
import { loadArrayField } from './standIns/deferredFields';

/** A boat's holders, each a person or another boat of the fleet the form sits beside. */
const schema: JsonSchema = {
  type: 'object',
  properties: {
    holders: {
      type: 'array',
      title: 'Holders',
      items: {
        type: 'object',
        title: 'Holder',
        required: ['kind', 'id'],
        properties: { kind: { enum: ['person', 'boat'], title: 'Kind' }, id: { type: 'string', title: 'Who' } },
      },
    },
  },
};
const uiSchema = {
  holders: {
    items: {
      kind: { 'ui:widget': 'radios' },
      id: {
        'ui:widget': 'select',
        'ui:options': {
          fromContext: [
            { path: 'people', label: 'fleet.name', when: { field: 'kind', equals: 'person' } },
            { path: 'boats', label: 'fleet.name', when: { field: 'kind', equals: 'boat' } },
          ],
        },
      },
    },
  },
};
const context = { people: [{ id: 'p1', name: 'Ada' }], boats: [{ id: 'b1', name: 'Swift' }] };

function Form() {
  const [data, setData] = useState<Record<string, unknown>>({ holders: [{ kind: 'person' }, { kind: 'boat' }] });
  return (
    <SchemaForm idPrefix="f" schema={schema} uiSchema={uiSchema} formData={data} context={context} onChange={setData} onSubmit={() => undefined}>
      <button type="submit">Save</button>
    </SchemaForm>
  );
}

describe('a list of rows in a form', () => {
  beforeAll(async () => {
    await loadCompilingValidator();
    await loadArrayField();
  });

  it("offers in each row the choices its own row's values select, and words its buttons", async () => {
    render(
      <I18nextProvider i18n={createTestI18n({ fleet: { name: '{{name}}' } })}>
        <EngineProvider options={testOptions([])}>
          <Form />
        </EngineProvider>
      </I18nextProvider>,
    );
    await screen.findAllByRole('combobox');
    const selects = screen.getAllByRole('combobox');
    const options = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options(selects[0]!)).toContain('Ada');
    expect(options(selects[0]!)).not.toContain('Swift');
    expect(options(selects[1]!)).toContain('Swift');
    expect(options(selects[1]!)).not.toContain('Ada');
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(2);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    });
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(3));
  });
});
