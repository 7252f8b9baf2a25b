import { describe, expect, it } from 'vitest';
import { base58check, isValidBase58check, isValidBech32, segwitAddress } from './addresses.ts';

describe('crypto address encodings', () => {
  it('encodes the BIP 173 P2WPKH example', () => {
    expect(segwitAddress('bc', Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex'))).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(isValidBech32('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true);
    expect(isValidBech32('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(isValidBech32('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kV8f3t4')).toBe(false);
  });

  it('writes TRON addresses that start with T and check', () => {
    const address = base58check(Buffer.concat([Buffer.from([0x41]), Buffer.alloc(20, 7)]));
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(isValidBase58check(address)).toBe(true);
    expect(isValidBase58check(`${address.slice(0, -1)}${address.endsWith('1') ? '2' : '1'}`)).toBe(false);
    expect(isValidBase58check('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBe(true);
    expect(isValidBase58check('TJRabPrwbZy45sbavfcjinPJC18kjpRTv0')).toBe(false);
  });
});
