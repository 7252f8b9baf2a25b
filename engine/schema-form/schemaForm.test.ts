import { describe, expect, it } from 'vitest';
import { personSchema } from '../testing/fixtures';
import { createTestI18n } from '../testing/harness';
import { narrowSchema, pickFields, withoutIdentity } from './narrowSchema';
import { formSchema } from './formSchemas';
import type { JsonSchema } from '../spec/types';
import { placeServerErrors } from './serverErrors';
import { translateErrors } from './translateErrors';
import { unwrapFieldErrors } from '../actions/useSubmit';

describe('narrowSchema', () => {
  it('keeps the listed properties in order and filters required', () => {
    const narrowed = narrowSchema(personSchema, ['email', 'lastName']);
    expect(Object.keys(narrowed.properties ?? {})).toEqual(['email', 'lastName']);
    expect(narrowed.required).toEqual(['email']);
    expect(narrowed.$id).toBeUndefined();
    expect(narrowed.$schema).toBeUndefined();
    expect(narrowed.additionalProperties).toBe(false);
  });

  it('drops $id everywhere, so one inlined schema may appear twice', () => {
    const address = { $id: 'address', type: 'object' };
    expect(withoutIdentity({ properties: { home: address, work: address } })).toEqual({
      properties: { home: { type: 'object' }, work: { type: 'object' } },
    });
  });

  it('picks only the listed fields of loaded data', () => {
    expect(pickFields({ id: 1, email: 'a@b.c', lastName: null }, ['email', 'lastName'])).toEqual({ email: 'a@b.c' });
  });
});

describe('server field errors', () => {
  it('strips the wrap prefix', () => {
    expect(unwrapFieldErrors({ 'profile.firstName': 'Too long', other: 'x' }, 'profile')).toEqual({ firstName: 'Too long', other: 'x' });
  });

  it('puts errors on shown fields and lists the others', () => {
    const schema = narrowSchema(personSchema, ['firstName']);
    expect(placeServerErrors({ firstName: 'Too long', taxId: 'Unknown', '': 'General' }, schema)).toEqual({
      errorSchema: { firstName: { __errors: ['Too long'] } },
      unplaced: ['Unknown', 'General'],
    });
  });

  it("puts errors on the fields of a list's items, and lists those about an item itself", () => {
    const schema = {
      type: 'object',
      properties: {
        scans: { type: 'array', items: { type: 'object', properties: { back: { type: 'string' } } } },
        files: { type: 'array', items: { type: 'string' } },
      },
    };
    expect(placeServerErrors({ 'scans.1.back': 'Add the back', 'files.0': 'Too large', 'scans.x.back': 'Odd' }, schema)).toEqual({
      errorSchema: { scans: { 1: { back: { __errors: ['Add the back'] } } } },
      unplaced: ['Too large', 'Odd'],
    });
  });
});

describe('translateErrors', () => {
  const i18n = createTestI18n({ fieldErrors: { postcode: { pattern: 'Enter a postcode, like SW1A 1AA.' } } });
  const transform = translateErrors(i18n.t);

  it('uses the engine messages with their params', () => {
    const [error] = transform([
      { name: 'minLength', property: '.firstName', params: { limit: 2 }, message: 'must NOT have fewer than 2 characters', stack: '' },
    ]);
    expect(error?.message).toBe('Enter at least 2 characters.');
  });

  it('prefers a message written for the field, then one for the format', () => {
    const [pattern, format] = transform([
      { name: 'pattern', property: '.postcode', params: {}, stack: '' },
      { name: 'format', property: '.email', params: { format: 'email' }, stack: '' },
    ]);
    expect(pattern?.message).toBe('Enter a postcode, like SW1A 1AA.');
    expect(format?.message).toBe('Enter a valid email address, like name@example.com.');
  });
});

describe('formSchema', () => {
  const change = {
    type: 'object',
    properties: { mode: { enum: [1, 2] }, typeMode: { enum: ['no', 'otp'] } },
    oneOf: [{ required: ['mode'] }, { required: ['typeMode'] }],
    additionalProperties: false,
  } as JsonSchema;

  it('settles a choice between fields by the fields the form shows: the one shown becomes required', () => {
    const schema = formSchema({ schema: change, fields: ['typeMode'] });
    expect(schema.oneOf).toBeUndefined();
    expect(schema.required).toEqual(['typeMode']);
    expect(Object.keys(schema.properties ?? {})).toEqual(['typeMode']);
  });

  it('keeps the choice while the form shows both fields, and other oneOf rules as they are', () => {
    expect(formSchema({ schema: change, fields: ['mode', 'typeMode'] }).oneOf).toEqual(change.oneOf);
    const rule = { ...change, oneOf: [{ required: ['mode'], properties: { mode: { const: 1 } } }, { required: ['typeMode'] }] } as JsonSchema;
    expect(formSchema({ schema: rule, fields: ['mode'] }).oneOf).toEqual(rule.oneOf);
  });
});
