import { describe, expect, it } from 'vitest';
import { createSchemaValidator, fieldErrors } from './json-schema.ts';

const profileUpdate = {
  type: 'object',
  required: ['profile'],
  properties: {
    profile: {
      type: 'object',
      required: ['lastName'],
      properties: {
        firstName: { type: 'string', minLength: 1, maxLength: 60 },
        lastName: { type: 'string', minLength: 1, maxLength: 60 },
        birthDay: { type: 'string', format: 'date' },
        email: { type: 'string', format: 'email' },
        kind: { enum: ['a', 'b'] },
      },
      additionalProperties: false,
    },
    tags: { type: 'array', items: { type: 'string', maxLength: 2 } },
  },
  additionalProperties: false,
};

describe('fieldErrors', () => {
  const validate = createSchemaValidator().compile(profileUpdate);
  const errorsOf = (value: unknown) => (validate(value) ? [] : fieldErrors(validate.errors));

  it('names each field by its dot path and keeps every error (allErrors)', () => {
    expect(errorsOf({ profile: { firstName: 'x'.repeat(61), birthDay: '2020-13-40', email: 'nope', kind: 'c', extra: 1 }, tags: ['abc'] })).toEqual([
      { field: 'profile.lastName', description: 'is required' },
      { field: 'profile.extra', description: 'is not a known field: remove it' },
      { field: 'profile.firstName', description: 'must NOT have more than 60 characters' },
      { field: 'profile.birthDay', description: 'must be a valid date' },
      { field: 'profile.email', description: 'must be a valid e-mail address' },
      { field: 'profile.kind', description: 'must be one of: a, b' },
      { field: 'tags.0', description: 'must NOT have more than 2 characters' },
    ]);
  });

  it('uses the missing property as the field of a required error at the root', () => {
    expect(errorsOf({})).toEqual([{ field: 'profile', description: 'is required' }]);
  });

  it('names the fields a condition requires, not the condition itself', () => {
    const conditional = createSchemaValidator().compile({
      type: 'object',
      properties: { countryCode: { type: 'string' }, sortCode: { type: 'string' } },
      if: { required: ['countryCode'], properties: { countryCode: { const: 'GB' } } },
      then: { required: ['sortCode'] },
    });
    expect(conditional({ countryCode: 'GB' })).toBe(false);
    expect(fieldErrors(conditional.errors)).toEqual([{ field: 'sortCode', description: 'is required' }]);
  });

  it('fills in declared defaults', () => {
    const withDefault = createSchemaValidator().compile({ type: 'object', properties: { pageSize: { type: 'integer', default: 20 } } });
    const params: Record<string, unknown> = {};
    expect(withDefault(params)).toBe(true);
    expect(params).toEqual({ pageSize: 20 });
  });
});
