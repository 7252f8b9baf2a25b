import { describe, expect, it } from 'vitest';
import { answeredFieldErrors, fieldListSources, withAnsweredFields, withoutUnaskedFields } from './answeredFields';

const schema = {
  type: 'object',
  required: ['kind', 'extras'],
  properties: { kind: { type: 'string' }, extras: { type: 'object', title: 'Extras', additionalProperties: { type: 'string' } } },
};

describe('fields a call answers (ui:options.fieldsFrom)', () => {
  it('finds the fields whose list a call answers', () => {
    const uiSchema = { kind: { 'ui:widget': 'select' }, extras: { 'ui:options': { fieldsFrom: { method: 'parcelFields', path: 'fields' } } } };
    expect(fieldListSources(uiSchema)).toEqual([['extras', { method: 'parcelFields', path: 'fields' }]]);
  });

  it('makes the field an object of the answered fields, the required ones required', () => {
    const shown = withAnsweredFields(schema, {
      extras: [
        { name: 'customsCode', required: true, schema: { type: 'string', pattern: '^[0-9]{6}$' } },
        { name: 'handling', required: false, schema: { type: 'string', enum: ['fragile', 'upright'] } },
        { name: 'broken' },
      ],
    });
    expect(shown.properties).toMatchObject({
      extras: {
        type: 'object',
        title: 'Extras',
        properties: { customsCode: { pattern: '^[0-9]{6}$' }, handling: { enum: ['fragile', 'upright'] } },
        required: ['customsCode'],
        additionalProperties: false,
      },
    });
    expect(shown.required).toEqual(['kind', 'extras']);
  });

  it('leaves the field out, neither drawn nor required, while its list is empty or unanswered', () => {
    const shown = withAnsweredFields(schema, { extras: [] });
    expect(Object.keys(shown.properties as object)).toEqual(['kind']);
    expect(shown.required).toEqual(['kind']);
    expect(withAnsweredFields(schema, {})).toBe(schema);
  });

  it('sends only the answered fields the list asks now', () => {
    const shown = withAnsweredFields(schema, { extras: [{ name: 'customsCode', required: true, schema: { type: 'string' } }] });
    expect(withoutUnaskedFields({ kind: 'parcel', extras: { customsCode: '123456', ifsc: 'X' } }, shown, ['extras'])).toEqual({
      kind: 'parcel',
      extras: { customsCode: '123456' },
    });
    expect(withoutUnaskedFields({ kind: 'letter', extras: { ifsc: 'X' } }, withAnsweredFields(schema, { extras: [] }), ['extras'])).toEqual({ kind: 'letter' });
  });

  it("checks the answered fields by their schema's keywords, each error on its own field", () => {
    const shown = withAnsweredFields(schema, {
      extras: [
        { name: 'customsCode', required: true, schema: { type: 'string', pattern: '^[0-9]{6}$', maxLength: 6 } },
        { name: 'handling', required: false, schema: { type: 'string', enum: ['fragile', 'upright'] } },
        { name: 'sender', required: true, schema: { type: 'string', minLength: 1 } },
      ],
    });
    const errors = answeredFieldErrors({ extras: { customsCode: '1234567', handling: 'sideways' } }, shown, ['extras']);
    expect(errors.map((error) => [error.property, error.name, error.params])).toEqual([
      ['.extras.customsCode', 'maxLength', { limit: 6 }],
      ['.extras.customsCode', 'pattern', { pattern: '^[0-9]{6}$' }],
      ['.extras.handling', 'enum', { allowedValues: ['fragile', 'upright'] }],
      ['.extras.sender', 'required', { missingProperty: 'sender' }],
    ]);
    expect(answeredFieldErrors({ extras: { customsCode: '123456', sender: 'Ana' } }, shown, ['extras'])).toEqual([]);
  });
});
