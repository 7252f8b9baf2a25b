import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig, webConcurrency } from './config.ts';

const postgres = { kind: 'postgres', url: 'postgres://localhost/bank' } as const;
const pglite = { kind: 'pglite', dataDir: '/tmp/bank' } as const;

describe('WEB_CONCURRENCY', () => {
  it('runs one process per core on PostgreSQL unless told otherwise', () => {
    expect(webConcurrency({}, postgres, 4)).toBe(4);
    expect(webConcurrency({ WEB_CONCURRENCY: '2' }, postgres, 4)).toBe(2);
  });

  it('runs one process on PGlite, whose embedded database belongs to one process', () => {
    expect(webConcurrency({ WEB_CONCURRENCY: '3' }, pglite, 4)).toBe(1);
  });

  it('refuses a value that is not a number of processes, saying what to set', () => {
    expect(() => webConcurrency({ WEB_CONCURRENCY: 'many' }, postgres)).toThrow(ConfigError);
    expect(() => webConcurrency({ WEB_CONCURRENCY: '0' }, postgres)).toThrow(/from 1 to 64/);
  });
});

describe('PUBLIC_URL', () => {
  it('is the base of e-mailed links, without a trailing slash, and absent when not set', () => {
    expect(readConfig({ PUBLIC_URL: 'https://bank.example/' }).publicUrl).toBe('https://bank.example');
    expect(readConfig({ PUBLIC_URL: 'https://bank.example/app/' }).publicUrl).toBe('https://bank.example/app');
    expect(readConfig({}).publicUrl).toBeUndefined();
  });

  it('refuses a value that is not an http(s) address, saying what to set', () => {
    expect(() => readConfig({ PUBLIC_URL: 'bank.example' })).toThrow(ConfigError);
    expect(() => readConfig({ PUBLIC_URL: 'ftp://bank.example' })).toThrow(/https:\/\/ or http:\/\//);
  });
});
