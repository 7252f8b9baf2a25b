import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n, renderScreens, testOptions } from '../testing/harness';
import type { CustomScreenProps } from '../provider/types';
import type { ScreenSpec } from '../spec/types';
import { Button, ButtonRow, Checkbox, customForm, FieldGroup, MoneyInput, SchemaForm, SubmitButton, useCodeField } from '../index';

/** A custom screen assembled from the public parts: a form of its spec's `custom.forms`, submitted by hand. */
function Verify({ spec }: CustomScreenProps) {
  const form = customForm(spec, 'confirm');
  const [data, setData] = useState<Record<string, unknown>>({});
  const [sent, setSent] = useState<string>();
  return (
    <>
      <SchemaForm
        idPrefix="verify"
        schema={form.schema}
        uiSchema={form.uiSchema}
        formData={data}
        onChange={setData}
        onSubmit={(valid) => setSent(String(valid.code))}
      >
        <ButtonRow>
          <SubmitButton pending={false}>Confirm</SubmitButton>
          <Button variant="secondary" onClick={() => setSent('again')}>
            Send again
          </Button>
        </ButtonRow>
      </SchemaForm>
      {sent && <p role="status">sent {sent}</p>}
    </>
  );
}

const verifySpec: ScreenSpec = {
  id: 'verify',
  route: '/verify',
  layout: 'main',
  title: 'verify.title',
  kind: 'custom',
  source: 'screens/verify.yaml',
  custom: {
    component: 'Verify',
    // As codegen writes it: the schema resolved and narrowed to the fields.
    forms: {
      confirm: {
        schema: { type: 'object', required: ['code'], properties: { code: { type: 'string', title: 'Code', pattern: '^[0-9]{6}$' } } },
        fields: ['code'],
      },
    },
  },
};

describe('a custom screen from the public parts', () => {
  it("validates with its spec's form schema, and a plain Button inside the form does not submit it", async () => {
    const i18n = createTestI18n({ fieldErrors: { code: { pattern: 'Six digits, please.' } } });
    renderScreens(testOptions([verifySpec], { components: { Verify } }), '/verify', i18n);
    const code = await screen.findByLabelText(/Code/);
    fireEvent.change(code, { target: { value: '12ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Six digits, please.');
    expect(screen.queryByText(/^sent/)).toBeNull();

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('sent 123456');
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await screen.findByText('sent again');
  });

  it('names the spec file and the missing form when the component asks for a form the spec lacks', () => {
    expect(() => customForm(verifySpec, 'resend')).toThrow(/screens\/verify\.yaml has no form 'resend' under custom\.forms/);
  });
});

function CodeHarness({ onCode }: { onCode: (code: string | undefined) => void }) {
  const code = useCodeField({ label: 'Code', invalidMessage: 'Enter the 6 digits.', schema: { type: 'string', pattern: '^[0-9]{6}$', maxLength: 6 } });
  return (
    <>
      {code.field}
      <Button onClick={() => onCode(code.take())}>Take</Button>
      <Button onClick={() => code.refuse('That code is wrong.')}>Refuse</Button>
    </>
  );
}

describe('useCodeField', () => {
  it("checks the code with the schema's rules, shows the error on the field and focuses it; a refusal empties it", async () => {
    const taken: Array<string | undefined> = [];
    render(<CodeHarness onCode={(code) => taken.push(code)} />);
    const input = screen.getByLabelText('Code');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('maxlength')).toBe('6');
    fireEvent.change(input, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Take' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the 6 digits.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);

    fireEvent.change(input, { target: { value: ' 123456 ' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Take' }));
    expect(taken).toEqual([undefined, '123456']);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refuse' })));
    expect(screen.getByRole('alert').textContent).toBe('That code is wrong.');
    expect((input as HTMLInputElement).value).toBe('');
  });
});

describe('MoneyInput', () => {
  it('reports the canonical decimal string of what is typed in Spanish, keeps the text, and names its currency', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'es', resources: { es: { translation: {} } } });
    const changes: string[] = [];
    function Amount() {
      const [value, setValue] = useState('');
      return (
        <MoneyInput
          label="Importe"
          currency="EUR"
          value={value}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
        />
      );
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Amount />
      </I18nextProvider>,
    );
    const input = screen.getByLabelText('Importe (EUR)');
    expect(input.getAttribute('inputmode')).toBe('decimal');
    fireEvent.change(input, { target: { value: '1.234,5' } });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('1.234,5'));
    fireEvent.change(input, { target: { value: '12,50' } });
    expect(changes).toEqual(['1234.5', '12.50']);
  });
});

describe('Button', () => {
  it('is disabled and busy while pending', () => {
    const click = vi.fn();
    render(
      <Button pending onClick={click}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(click).not.toHaveBeenCalled();
  });
});

describe('FieldGroup and Checkbox', () => {
  it('ties the group to its errors, and each box to its label, so a box is ticked by its label', () => {
    const changed = vi.fn();
    render(
      <FieldGroup legend="Terms" required errors={['Accept the terms', 'Accept the terms']}>
        <Checkbox label="I accept the terms" checked={false} onChange={changed} required invalid />
      </FieldGroup>,
    );
    const group = screen.getByRole('group', { name: /Terms/ });
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(group.getAttribute('aria-describedby')!)?.textContent).toBe('Accept the terms');
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByText('I accept the terms'));
    expect(changed).toHaveBeenCalledWith(true);
  });
});
