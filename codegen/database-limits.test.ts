import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { withDatabaseLimits } from './database-limits.ts';

const schema = withDatabaseLimits({
  type: 'object',
  properties: {
    accountId: { type: 'integer', minimum: 1 },
    page: { type: 'integer', minimum: 1, maximum: 1000 },
    name: { type: 'string', minLength: 1, maxLength: 50 },
    note: { type: 'string' },
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
    subject: { type: 'string', minLength: 3, pattern: '\\S' },
    lines: { type: 'array', items: { type: 'string' } },
    nested: { allOf: [{ type: 'object', properties: { ownerId: { type: 'integer' } } }] },
  },
});
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
const refused = (value: Record<string, unknown>) => !validate(value);

describe('withDatabaseLimits', () => {
  it('keeps integers within PostgreSQL integer, leaving tighter bounds as they are', () => {
    for (const id of [2147483648, -1, 2 ** 53, 1e308]) expect(refused({ accountId: id })).toBe(true);
    expect(refused({ accountId: 2147483647 })).toBe(false);
    expect(refused({ page: 1001 })).toBe(true);
    expect(refused({ nested: { ownerId: -2147483649 } })).toBe(true);
    expect(refused({ nested: { ownerId: -2147483648 } })).toBe(false);
  });

  it('refuses NUL and lone surrogates in free text anywhere, and accepts any real character', () => {
    expect(refused({ note: 'a\u0000b' })).toBe(true);
    expect(refused({ note: 'x\ud800' })).toBe(true);
    expect(refused({ lines: ['ok', '\udfff'] })).toBe(true);
    expect(refused({ note: 'Zoë 😀 東京\n' })).toBe(false);
  });

  it('refuses blank text where the schema says it may not be empty, and lets optional text be empty', () => {
    expect(refused({ name: '   ' })).toBe(true);
    expect(refused({ name: ' Ana ' })).toBe(false);
    expect(refused({ note: '' })).toBe(false);
  });

  it("keeps a string's own pattern and still refuses NUL and lone surrogates in it", () => {
    expect(refused({ country: 'GB' })).toBe(false);
    expect(refused({ country: 'gb' })).toBe(true);
    expect(refused({ subject: 'Card \u0000 lost' })).toBe(true);
    expect(refused({ subject: 'Card lost' })).toBe(false);
  });
});
