import type { JsonSchema, ScreenSpec } from '../spec/types';

/**
 * Spec fixtures shaped like codegen's output (schemas inlined, `$id` and `$schema` kept, as codegen may
 * keep them). Neutral names: the engine knows no product.
 */

export const personSchema: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://schemas.example/entities/person.schema.json',
  title: 'Person',
  type: 'object',
  required: ['firstName', 'email'],
  properties: {
    firstName: { type: 'string', title: 'First name', minLength: 2, maxLength: 40 },
    lastName: { type: 'string', title: 'Last name' },
    email: { type: 'string', title: 'Email', format: 'email' },
    birthDate: { type: 'string', title: 'Birth date', format: 'date' },
    plan: { type: 'string', title: 'Plan', enum: ['basic', 'plus'] },
    newsletter: { type: 'boolean', title: 'Newsletter' },
  },
  additionalProperties: false,
};

export const entrySchema: JsonSchema = {
  $id: 'https://schemas.example/entities/entry.schema.json',
  title: 'Entry',
  type: 'object',
  required: ['entryId', 'bookedAt', 'amount', 'currencyCode', 'status'],
  properties: {
    entryId: { type: 'integer', title: 'Id' },
    bookedAt: { type: 'string', format: 'date-time', title: 'Date' },
    amount: { type: 'string', pattern: '^-?(0|[1-9][0-9]*)(\\.[0-9]{1,8})?$', title: 'Amount' },
    currencyCode: { type: 'string', title: 'Currency' },
    status: { type: 'string', enum: ['posted', 'pending'], title: 'Status' },
    memo: { type: 'string', title: 'Memo' },
  },
  additionalProperties: false,
};

export function formSpec(overrides: Partial<ScreenSpec> = {}, form: Partial<NonNullable<ScreenSpec['form']>> = {}): ScreenSpec {
  return {
    id: 'person-edit',
    route: '/person',
    layout: 'main',
    title: 'person.title',
    kind: 'form',
    source: 'screens/person-edit.yaml',
    form: {
      schema: personSchema,
      fields: ['firstName', 'email'],
      submit: { method: 'personUpdate', label: 'person.save' },
      ...form,
    },
    ...overrides,
  };
}

export function tableSpec(table: Partial<NonNullable<ScreenSpec['table']>> = {}): ScreenSpec {
  return {
    id: 'entries',
    route: '/entries',
    layout: 'main',
    title: 'entries.title',
    kind: 'table',
    source: 'screens/entries.yaml',
    table: {
      data: { method: 'entryList' },
      entity: entrySchema,
      rows: 'entries',
      total: 'totalCount',
      pageSize: 2,
      columns: [
        { field: 'bookedAt', format: 'datetime', sortable: true },
        { field: 'memo' },
        { field: 'amount', format: 'money', currencyField: 'currencyCode', sortable: true },
        { field: 'status', format: 'badge' },
      ],
      ...table,
    },
  };
}
