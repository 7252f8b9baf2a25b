import { describe, expect, it } from 'vitest';
import { CORS_REQUEST_HEADERS, corsHeaders } from './cors.ts';

const WEB = ['https://app.paxum.example'];

describe('corsHeaders', () => {
  it('answers a preflight from a listed web origin with what it may send, without credentials', () => {
    const headers = corsHeaders('https://app.paxum.example', WEB, true)!;
    expect(headers['Access-Control-Allow-Origin']).toBe('https://app.paxum.example');
    expect(headers['Access-Control-Allow-Headers']!.split(', ')).toEqual([...CORS_REQUEST_HEADERS]);
    expect(headers['Access-Control-Allow-Methods']).toContain('POST');
    expect(headers.Vary).toBe('Origin');
    expect(headers).not.toHaveProperty('Access-Control-Allow-Credentials');
  });

  it('grants credentials only where asked (the token service, which reads the browser cookie)', () => {
    expect(corsHeaders('https://app.paxum.example', WEB, true, true)!['Access-Control-Allow-Credentials']).toBe('true');
    expect(corsHeaders('https://app.paxum.example', WEB, false, true)!['Access-Control-Allow-Credentials']).toBe('true');
    expect(corsHeaders('https://evil.example', WEB, true, true)).toBeNull();
  });

  it('lets a listed origin read the answer headers the application reads', () => {
    const headers = corsHeaders('https://app.paxum.example', WEB, false)!;
    expect(headers['Access-Control-Allow-Origin']).toBe('https://app.paxum.example');
    expect(headers['Access-Control-Expose-Headers']).toContain('X-Total-Count');
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['a look-alike of the listed origin', 'https://app.paxum.example.evil.example'],
    ['the listed host over http', 'http://app.paxum.example'],
    ['no origin', undefined],
  ])('gives %s nothing', (_name, origin) => {
    expect(corsHeaders(origin, WEB, true)).toBeNull();
    expect(corsHeaders(origin, WEB, false)).toBeNull();
  });

  it('gives nobody anything when the brand lists no web origin', () => {
    expect(corsHeaders('https://app.paxum.example', [], true)).toBeNull();
  });
});
