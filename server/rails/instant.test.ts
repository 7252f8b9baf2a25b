import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import banks from '../../schemas/data/instant-banks.json' with { type: 'json' };
import banksSchema from '../../schemas/data/instant-banks.schema.json' with { type: 'json' };
import directory from '../../schemas/data/instant-directory.json' with { type: 'json' };
import directorySchema from '../../schemas/data/instant-directory.schema.json' with { type: 'json' };
import { isBrTaxId, isInstantKey, normalInstantKey, type InstantKeyType } from '../formats/instant-key.ts';
import { maskedTaxId } from './instant.ts';

describe('the instant rail data', () => {
  it('fits its schemas, and every key of the directory is right, written as looked up, at a bank of the list', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    expect(ajv.validate(banksSchema, banks), JSON.stringify(ajv.errors)).toBe(true);
    expect(ajv.validate(directorySchema, directory), JSON.stringify(ajv.errors)).toBe(true);
    for (const entry of directory.keys) {
      const type = entry.keyType as InstantKeyType;
      expect(isInstantKey(type, entry.key), entry.key).toBe(true);
      expect(normalInstantKey(type, entry.key)).toBe(entry.key);
      expect(isBrTaxId(entry.taxId), entry.taxId).toBe(true);
      expect(Object.keys(banks.banks)).toContain(entry.bankCode);
    }
  });

  it('masks a tax id but its first three and last two digits', () => {
    expect(maskedTaxId('52998224725')).toBe('529••••••25');
    expect(maskedTaxId('11222333000181')).toBe('112•••••••••81');
  });
});
