import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import type { JsonSchema } from '../spec/types';
import { matchesWhen, type When } from '../spec/when';
import { conditionalSchema, fieldConditions, whenSchema, withoutHiddenFields } from './conditions';

const ajv = new Ajv2020({ strict: false });

describe('whenSchema', () => {
  const conditions: When[] = [
    { field: 'kind', equals: 'company' },
    { field: 'kind', in: ['company', 'trust'] },
    { field: 'kind', notIn: ['company', 'trust'] },
    {
      all: [
        { field: 'website', present: true },
        { field: 'kind', notIn: ['person'] },
      ],
    },
    { field: 'owner.id', present: true },
    { field: 'website', present: false },
    {
      all: [
        { field: 'kind', equals: 'company' },
        { field: 'size', in: [1, 2] },
      ],
    },
    {
      any: [
        { field: 'kind', equals: 'trust' },
        { field: 'website', present: true },
      ],
    },
    { not: { field: 'kind', equals: 'person' } },
    // Nested: a company, or a trust with a website; and none of those.
    {
      any: [
        { field: 'kind', equals: 'company' },
        {
          all: [
            { field: 'kind', equals: 'trust' },
            { field: 'website', present: true },
          ],
        },
      ],
    },
    { not: { any: [{ field: 'kind', equals: 'person' }, { all: [{ field: 'size', in: [2] }, { not: { field: 'kind', equals: 'trust' } }] }] } },
  ];
  const values = [
    {},
    { kind: 'company' },
    { kind: 'trust', website: '' },
    { kind: 'person', website: 'x' },
    { kind: 'company', size: 2 },
    { kind: 'company', size: '2' },
    { owner: { id: 4 } },
    { owner: { id: null } },
    { owner: 'x' },
    { kind: 'trust', website: 'x' },
    { kind: 'trust', size: 2 },
  ];

  it.each(conditions)('holds exactly where the spec condition holds: %j', (when) => {
    const validate = ajv.compile(whenSchema(when));
    for (const data of values) expect([data, validate(data)]).toEqual([data, matchesWhen(when, data)]);
  });
});

describe('conditionalSchema', () => {
  const schema = { type: 'object', required: ['kind', 'website'], properties: { kind: { type: 'string' }, website: { type: 'string' } } };
  const uiSchema = { website: { 'ui:options': { when: { field: 'kind', equals: 'company' } } } };

  it('requires a field with a when only where the when holds', () => {
    const validate = ajv.compile(conditionalSchema(schema, uiSchema));
    expect(validate({ kind: 'person' })).toBe(true);
    expect(validate({ kind: 'company' })).toBe(false);
    expect(validate({ kind: 'company', website: 'a.example' })).toBe(true);
  });

  it('leaves a schema without conditions as it is', () => {
    expect(conditionalSchema(schema, { kind: { 'ui:widget': 'select' } })).toBe(schema);
  });

  it('gives dependentSchemas to rjsf as dependencies', () => {
    const dependent = { country: { required: ['state'] } };
    expect(conditionalSchema({ type: 'object', dependentSchemas: dependent }, undefined).dependencies).toBe(dependent);
  });
});

describe('conditionalSchema with a nested condition', () => {
  const schema: JsonSchema = { type: 'object', required: ['account'], properties: { kind: {}, country: {}, account: { type: 'string' } } };
  const ui = {
    account: {
      'ui:options': {
        when: {
          any: [
            { field: 'kind', equals: 'local' },
            {
              all: [
                { field: 'kind', equals: 'abroad' },
                { field: 'country', in: ['NZ', 'AU'] },
              ],
            },
          ],
        },
      },
    },
  };

  it('requires the field on either branch, and nowhere else', () => {
    const validate = ajv.compile(conditionalSchema(schema, ui));
    expect(validate({ kind: 'local' })).toBe(false);
    expect(validate({ kind: 'abroad', country: 'AU' })).toBe(false);
    expect(validate({ kind: 'abroad', country: 'AU', account: '12' })).toBe(true);
    expect(validate({ kind: 'abroad', country: 'FR' })).toBe(true);
    expect(validate({})).toBe(true);
  });

  it('drops the field’s value where neither branch holds', () => {
    const conditions = { account: ui.account['ui:options'].when as When };
    expect(withoutHiddenFields({ kind: 'abroad', country: 'FR', account: '12' }, conditions)).toEqual({ kind: 'abroad', country: 'FR' });
    expect(withoutHiddenFields({ kind: 'abroad', country: 'NZ', account: '12' }, conditions)).toEqual({ kind: 'abroad', country: 'NZ', account: '12' });
  });
});

describe('withoutHiddenFields', () => {
  it('drops the values of hidden fields only', () => {
    const conditions = { website: { field: 'kind', equals: 'company' } } as const;
    expect(withoutHiddenFields({ kind: 'person', website: 'x' }, conditions)).toEqual({ kind: 'person' });
    const shown = { kind: 'company', website: 'x' };
    expect(withoutHiddenFields(shown, conditions)).toBe(shown);
  });
});

describe('whenSchema with a comparison', () => {
  it('refuses a comparison on a form field, which a JSON Schema cannot require by', () => {
    expect(() => whenSchema({ field: 'amount', gt: ':limit' })).toThrow(/cannot compare.*"amount"/);
  });
});

describe('conditions on nested fields', () => {
  it('are read by dot path from the form’s root, and a hidden nested value is dropped with the rest kept', () => {
    const uiSchema = {
      checks: { lawsuits: { details: { 'ui:options': { when: { field: 'checks.lawsuits.answer', equals: true } } } } },
      note: { 'ui:options': { when: { field: 'kind', equals: 'x' } } },
    };
    const conditions = fieldConditions(uiSchema);
    expect(Object.keys(conditions).sort()).toEqual(['checks.lawsuits.details', 'note']);
    const answeredNo = { checks: { lawsuits: { answer: false, details: 'stale' }, other: 1 } };
    expect(withoutHiddenFields(answeredNo, conditions)).toEqual({ checks: { lawsuits: { answer: false }, other: 1 } });
    const answeredYes = { checks: { lawsuits: { answer: true, details: 'Two, both settled' } } };
    expect(withoutHiddenFields(answeredYes, conditions)).toBe(answeredYes);
  });
});
