import { describe, expect, it } from 'vitest';
import type { ScreenSpec } from '../spec/types';
import { usesRichWidgets } from './deferredWidgets';

const spec = (uiSchema: Record<string, unknown>) =>
  ({ id: 's', route: '/s', layout: 'main', title: 't', kind: 'form', form: { schema: {}, fields: [], uiSchema, submit: {} } }) as unknown as ScreenSpec;

describe('usesRichWidgets', () => {
  it('is false for a form of plain fields, so the sign-in page fetches no choice widgets', () => {
    expect(usesRichWidgets(spec({ username: { 'ui:widget': 'email' }, password: { 'ui:widget': 'password' } }))).toBe(false);
  });

  it('finds a country, phone code, radios or file-set widget at any depth', () => {
    for (const widget of ['country', 'phoneCode', 'radios', 'fileSet']) {
      expect(usesRichWidgets(spec({ address: { street: { 'ui:widget': widget } } }))).toBe(true);
    }
  });

  it("finds the engine's fields (flag list, checkboxes, question set, text per choice), so a form naming one draws it at once", () => {
    for (const widget of ['flagList', 'checkboxes', 'questionSet', 'textPerChoice']) {
      expect(usesRichWidgets(spec({ order: { items: { 'ui:widget': widget } } }))).toBe(true);
    }
  });

  it('finds a select of a dictionary answer or of the offered values', () => {
    expect(usesRichWidgets(spec({ state: { 'ui:options': { source: { method: 'states' } } } }))).toBe(true);
    expect(usesRichWidgets(spec({ type: { 'ui:options': { offeredIn: 'registrationTypes' } } }))).toBe(true);
    expect(usesRichWidgets(spec({ type: { 'ui:options': { enumKey: 'types' } } }))).toBe(false);
  });
});
