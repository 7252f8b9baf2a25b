import { beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { EngineProvider } from '../provider/EngineProvider';
import type { JsonSchema } from '../spec/types';
import { createTestI18n, testOptions } from '../testing/harness';
import { withHiddenConsts } from './hiddenConsts';
import { loadCompilingValidator, SchemaForm } from './SchemaForm';

const schema: JsonSchema = {
  type: 'object',
  required: ['fixed', 'rules'],
  properties: {
    fixed: { const: true },
    rules: {
      type: 'object',
      required: ['accepted'],
      properties: { accepted: { title: 'I accept the rules', const: true }, kind: { const: 'plain' } },
    },
  },
};
const uiSchema = { fixed: { 'ui:widget': 'hidden' }, rules: { accepted: { 'ui:widget': 'checkbox' }, kind: { 'ui:widget': 'hidden' } } };

describe('withHiddenConsts', () => {
  it('fills the const of a hidden field, at any depth, and leaves a const to tick alone', () => {
    expect(withHiddenConsts(schema, uiSchema, {})).toEqual({ fixed: true, rules: { kind: 'plain' } });
    expect(withHiddenConsts(schema, {}, {})).toEqual({});
  });

  it('answers the same object when nothing is to fill', () => {
    const data = { fixed: true, rules: { kind: 'plain' } };
    expect(withHiddenConsts(schema, uiSchema, data)).toBe(data);
  });
});

function Form({ onSubmit }: { onSubmit: (data: Record<string, unknown>) => void }) {
  const [data, setData] = useState<Record<string, unknown>>({});
  return (
    <SchemaForm idPrefix="c" schema={schema} uiSchema={uiSchema} formData={data} onChange={setData} onSubmit={onSubmit}>
      <button type="submit">Send</button>
    </SchemaForm>
  );
}

describe('a box whose schema is a const', () => {
  beforeAll(() => loadCompilingValidator());

  it('starts unticked and is refused on its field until ticked; a hidden const is sent with the rest', async () => {
    const sent: Record<string, unknown>[] = [];
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <EngineProvider options={testOptions([])}>
          <Form onSubmit={(data) => sent.push(data)} />
        </EngineProvider>
      </I18nextProvider>,
    );
    const box = (await screen.findByRole('checkbox', { name: /I accept the rules/ })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(sent).toEqual([]);
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual([{ fixed: true, rules: { accepted: true, kind: 'plain' } }]));
  });
});
