import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { browserName, browserToken } from './browser-cookie.ts';

const withCookie = (cookie?: string) => ({ headers: cookie ? { cookie } : {} }) as unknown as FastifyRequest;

describe('browser cookie', () => {
  it('reads the browser token among other cookies and ignores malformed ones', () => {
    const token = 'a'.repeat(43);
    expect(browserToken(withCookie(`x=1; bank_browser=${token}; y=2`))).toBe(token);
    expect(browserToken(withCookie('bank_browser=<script>'))).toBeUndefined();
    expect(browserToken(withCookie())).toBeUndefined();
  });

  it('names browsers', () => {
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(browserName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1')).toBe(
      'Safari on iOS',
    );
    expect(browserName('')).toBe('A browser');
  });
});
