import { describe, expect, it } from 'vitest';
import { brandConfig } from '../config/brand-config.ts';
import { applicationCsp, environmentApiOrigins } from './security-headers.ts';

const directive = (csp: string, name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `));

describe('applicationCsp', () => {
  it('lets the page call only itself when the brand has no environment on another origin', () => {
    expect(directive(applicationCsp([]), 'connect-src')).toBe("connect-src 'self'");
  });

  it('lets the page call each environment API (https and its wss live channel), and only the connect list grows', () => {
    const csp = applicationCsp(['https://idv.example'], ['https://api.staging1.paxum.example']);
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://api.staging1.paxum.example wss://api.staging1.paxum.example");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' https://idv.example");
  });
});

describe('environmentApiOrigins', () => {
  it('takes the origins of the API bases, once each, leaving out production on this origin', () => {
    expect(
      environmentApiOrigins({
        production: '',
        staging1: 'https://api.one.example/v2',
        staging2: 'https://api.one.example',
        staging3: 'https://api.three.example',
      }),
    ).toEqual(['https://api.one.example', 'https://api.three.example']);
  });

  it('reads them from brand.json, not typed again: paxum lists its 15 staging APIs', () => {
    const origins = environmentApiOrigins(brandConfig('paxum').environments);
    expect(origins).toHaveLength(15);
    expect(origins).toContain('https://api.staging15.paxum.example');
  });
});
