import { beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { EngineProvider } from '../provider/EngineProvider';
import type { JsonSchema } from '../spec/types';
import { createTestI18n, testOptions } from '../testing/harness';
import { withoutEmptyOptionalObjects } from './optionalObjects';
import { loadCompilingValidator, SchemaForm } from './SchemaForm';
import { loadArrayField } from './standIns/deferredFields';

/** A person with an optional phone (both parts required once it is given) and an optional list of pets. */
const schema: JsonSchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', title: 'Name' },
    phone: {
      type: 'object',
      title: 'Phone',
      required: ['code', 'number'],
      properties: { code: { type: 'string', title: 'Code' }, number: { type: 'string', title: 'Number' } },
    },
    pets: { type: 'array', title: 'Pets', minItems: 1, items: { type: 'object', required: ['kind'], properties: { kind: { type: 'string', title: 'Kind' } } } },
  },
};

describe('withoutEmptyOptionalObjects', () => {
  it('drops an optional object holding nothing, at any depth, and keeps one with a value or a required one', () => {
    expect(withoutEmptyOptionalObjects(schema, { name: 'Ada', phone: { code: '', number: undefined } })).toEqual({ name: 'Ada' });
    expect(withoutEmptyOptionalObjects(schema, { name: 'Ada', phone: { number: '1' } })).toEqual({ name: 'Ada', phone: { number: '1' } });
    const required: JsonSchema = { type: 'object', required: ['phone'], properties: { phone: schema.properties!.phone! } };
    expect(withoutEmptyOptionalObjects(required, { phone: {} })).toEqual({ phone: {} });
  });
});

function Form({ onSubmit }: { onSubmit: (data: Record<string, unknown>) => void }) {
  const [data, setData] = useState<Record<string, unknown>>({});
  return (
    <SchemaForm idPrefix="o" schema={schema} formData={data} onChange={setData} onSubmit={onSubmit}>
      <button type="submit">Send</button>
    </SchemaForm>
  );
}

describe('optional parts of a form', () => {
  beforeAll(async () => {
    await loadCompilingValidator();
    await loadArrayField();
  });

  it('asks nothing of an optional object or list left empty (or emptied), and all of one begun', async () => {
    const sent: Record<string, unknown>[] = [];
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <EngineProvider options={testOptions([])}>
          <Form onSubmit={(data) => sent.push(data)} />
        </EngineProvider>
      </I18nextProvider>,
    );
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Ada' } });
    expect(screen.queryByLabelText(/^Kind/)).toBeNull();
    const number = screen.getByLabelText(/^Number/);
    fireEvent.change(number, { target: { value: '5' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    await waitFor(() => expect(screen.getByLabelText(/^Code/).getAttribute('aria-invalid')).toBe('true'));
    expect(sent).toEqual([]);
    fireEvent.change(number, { target: { value: '' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    await waitFor(() => expect(sent).toEqual([{ name: 'Ada' }]));
  });
});
