import { describe, expect, it } from 'vitest';
import { isAnyInstantKey, isBrTaxId, isInstantKey, normalInstantKey } from './instant-key.ts';

describe('Brazilian tax ids', () => {
  it.each(['529.982.247-25', '52998224725', '123.456.789-09', '11.222.333/0001-81', '11222333000181'])('accepts %s', (taxId) =>
    expect(isBrTaxId(taxId)).toBe(true),
  );
  it.each([
    ['529.982.247-24', 'second check digit'],
    ['529.982.247-15', 'first check digit'],
    ['11.222.333/0001-82', 'a CNPJ check digit'],
    ['111.111.111-11', 'one repeated digit'],
    ['5299822472', 'ten digits'],
  ])('refuses %s (%s)', (taxId) => expect(isBrTaxId(taxId)).toBe(false));
});

describe('instant keys', () => {
  it('checks each key by its type', () => {
    expect(isInstantKey('email', 'ana@example.com')).toBe(true);
    expect(isInstantKey('email', 'ana@example')).toBe(false);
    expect(isInstantKey('phone', '+55 11 98765-4321')).toBe(true);
    expect(isInstantKey('phone', '11 98765-4321')).toBe(false);
    expect(isInstantKey('taxId', '123.456.789-09')).toBe(true);
    expect(isInstantKey('taxId', '123.456.789-00')).toBe(false);
    expect(isInstantKey('random', '3f2b8c1e-7a4d-4e9b-9c2a-1d5e6f708192')).toBe(true);
    expect(isInstantKey('random', '3f2b8c1e-7a4d-1e9b-9c2a-1d5e6f708192')).toBe(false);
    expect(isInstantKey('email', '+5511987654321')).toBe(false);
  });

  it('accepts a key of any type before the type is known, and writes keys as the directory holds them', () => {
    expect(isAnyInstantKey('ana@example.com')).toBe(true);
    expect(isAnyInstantKey('not a key')).toBe(false);
    expect(normalInstantKey('email', ' Ana@Example.com ')).toBe('ana@example.com');
    expect(normalInstantKey('taxId', '123.456.789-09')).toBe('12345678909');
  });
});
