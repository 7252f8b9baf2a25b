import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import { matchesWhen, type When } from '../spec/when';
import { conditionalSchema, whenSchema, withoutHiddenFields } from './conditions';

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
