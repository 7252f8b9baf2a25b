import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import i18next from 'i18next';
import { engineLocales } from '../locales';
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

describe('translateErrors in every language', () => {
  /** What ajv answers for the fields of a schema holding every rule the specs' schemas use. */
  const ajvErrors = (() => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile({
      type: 'object',
      required: ['name'],
      properties: {
        code: { type: 'string', minLength: 4, maxLength: 6, pattern: '^[0-9]+$' },
        count: { type: 'integer', minimum: 1000, maximum: 2000000, multipleOf: 5 },
        rate: { type: 'number', exclusiveMinimum: 0 },
        email: { type: 'string', format: 'email' },
        site: { type: 'string', format: 'uri' },
        kind: { enum: ['a', 'b'] },
        fixed: { const: true },
        picks: { type: 'array', minItems: 2, uniqueItems: true },
        phone: { type: 'string' },
      },
      dependentRequired: { phone: ['dial'] },
      additionalProperties: false,
    });
    validate({ code: 'x!', count: 3000001, rate: 'many', email: 'no', site: 'no', kind: 'c', fixed: false, picks: ['a', 'a'], phone: '1', extra: 1 });
    return (validate.errors ?? []).map((error) => ({
      name: error.keyword,
      property: error.instancePath.replace(/\//g, '.'),
      params: error.params as Record<string, unknown>,
      message: error.message,
      stack: '',
    }));
  })();

  it('says every rule in the UI language, with the limits of the schema as the locale writes numbers', () => {
    const ru = i18next.createInstance();
    void ru.init({ lng: 'ru', resources: { ru: { translation: engineLocales.ru } }, interpolation: { escapeValue: false }, initAsync: false });
    const messages = translateErrors(ru.t, 'ru')(ajvErrors).map((error) => error.message ?? '');
    expect(ajvErrors.length).toBeGreaterThanOrEqual(13);
    expect(messages).toContain('Введите значение не больше 2\u00a0000\u00a0000.');
    expect(messages).toContain('Введите не менее 4 символов.');
    expect(messages).toContain('Введите число.');
    for (const message of messages) expect(message).toMatch(/^[^a-z]*[А-Яа-яЁё]/);
  });

  it('never falls back to ajv English in any language', () => {
    for (const [language, resources] of Object.entries(engineLocales)) {
      const i18n = i18next.createInstance();
      void i18n.init({ lng: language, resources: { [language]: { translation: resources } }, interpolation: { escapeValue: false }, initAsync: false });
      const messages = translateErrors(
        i18n.t,
        language,
      )([...ajvErrors, { name: 'someNewRule', property: '.code', params: {}, message: 'must be fine', stack: '' }]);
      for (const [index, error] of messages.entries()) {
        expect(error.message).not.toBe(ajvErrors[index]?.message ?? 'must be fine');
        expect(error.message).not.toMatch(/^must |engine\.validation|\{\{/);
      }
    }
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
