import { describe, expect, it } from 'vitest';
import productFormats from '../../schemas/meta/product-formats.json' with { type: 'json' };
import { createSchemaValidator, fieldErrors } from '../http/json-schema.ts';
import { APP_FORMATS, FORMAT_TEXTS, schemaFormats } from './schema-formats.ts';

describe('the product formats', () => {
  it('are the ones codegen names, each with its words', () => {
    const names = Object.keys(productFormats.formats).sort();
    expect(Object.keys(APP_FORMATS).sort()).toEqual(names);
    expect(Object.keys(FORMAT_TEXTS).sort()).toEqual(names);
    for (const name of names) expect(schemaFormats).toHaveProperty([name]);
    // ajv-formats' own stay in the object the browser's validators read.
    expect(schemaFormats).toHaveProperty(['email']);
  });

  it("refuse a wrong checksum on the server's validator, on the field, in the reader's language", () => {
    const validate = createSchemaValidator().compile({ type: 'object', properties: { address: { type: 'string', format: 'crypto-address' } } });
    expect(validate({ address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' })).toBe(true);
    expect(validate({ address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' })).toBe(true);
    expect(validate({ address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' })).toBe(false);
    expect(fieldErrors(validate.errors, 'es')).toEqual([
      { field: 'address', description: expect.stringMatching(/^No es una dirección de Bitcoin, Ethereum ni TRON/) },
    ]);
  });
});
