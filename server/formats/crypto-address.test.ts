import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import networks from '../../schemas/data/crypto-networks.json' with { type: 'json' };
import networksSchema from '../../schemas/data/crypto-networks.schema.json' with { type: 'json' };
import pricing from '../../schemas/data/transfer-pricing.json' with { type: 'json' };
import transfer from '../../schemas/api/methods/cryptoEftTransfer.json' with { type: 'json' };
import fee from '../../schemas/api/methods/cryptoEftFee.json' with { type: 'json' };
import railPayout from '../../schemas/entities/rail-payout.schema.json' with { type: 'json' };
import { isBitcoinAddress, isCryptoAddress, isEthereumAddress, isTronAddress } from './crypto-address.ts';

// Valid and invalid examples published with the standards: the Bitcoin wiki's, BIP 173's and BIP 350's
// test vectors, EIP-55's own list, and well-known TRON addresses (the USDT contract on TRON).
describe('Bitcoin addresses', () => {
  it.each([
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', // P2PKH, the wiki's example
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // P2SH
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', // BIP 173, P2WPKH
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', // the same in capitals
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', // BIP 173, P2WSH
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', // BIP 350, Taproot (bech32m)
  ])('accepts %s', (address) => expect(isBitcoinAddress(address)).toBe(true));

  it.each([
    ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', 'base58check checksum'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'bech32 checksum (BIP 173)'],
    ['bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'mixed case (BIP 173)'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'version 1 in bech32 instead of bech32m (BIP 350)'],
    ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'a testnet address'],
    ['TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', 'a TRON address'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (address) => expect(isBitcoinAddress(address)).toBe(false));
});

describe('Ethereum addresses (EIP-55)', () => {
  it.each([
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', // one case: no checksum to check
  ])('accepts %s', (address) => expect(isEthereumAddress(address)).toBe(true));

  it.each([
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'the last letter in the wrong case'],
    ['0xfb6916095ca1df60bB79Ce92cE3Ea74c37c5d359', 'one capital lowered'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', '39 digits'],
    ['5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'no 0x'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg', 'a letter that is not hexadecimal'],
  ])('refuses %s (%s)', (address) => expect(isEthereumAddress(address)).toBe(false));
});

describe('TRON addresses', () => {
  it.each(['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'])('accepts %s', (address) => expect(isTronAddress(address)).toBe(true));

  it.each([
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'checksum'],
    ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'a Bitcoin address: version 0x00, not 0x41'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tI', 'a letter base 58 does not use'],
  ])('refuses %s (%s)', (address) => expect(isTronAddress(address)).toBe(false));
});

describe('isCryptoAddress', () => {
  it('checks an address by its network, spaces around it ignored', () => {
    expect(isCryptoAddress('bitcoin', ' bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4 ')).toBe(true);
    expect(isCryptoAddress('ethereum', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false);
    expect(isCryptoAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isCryptoAddress('toString', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
  });

  it('knows the networks the data names, each with a fee variant and in the request schema', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    expect(ajv.validate(networksSchema, networks), JSON.stringify(ajv.errors)).toBe(true);
    const names = Object.keys(networks.networks).sort();
    expect(Object.keys(pricing.kinds.crypto_eft.variants).sort()).toEqual(names);
    expect([...railPayout.$defs.CryptoNetwork.enum].sort()).toEqual(names);
    expect(transfer.request.properties.network.$ref).toBe('../../entities/rail-payout.schema.json#/$defs/CryptoNetwork');
    expect(fee.request.properties.network.$ref).toBe('../../entities/rail-payout.schema.json#/$defs/CryptoNetwork');
  });
});
