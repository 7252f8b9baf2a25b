import { beforeEach, describe, expect, it } from 'vitest';
import { chooseEnvironment, ENVIRONMENT_KEY } from './environments.ts';

const ENVIRONMENTS = { production: '', staging1: 'https://api.staging1.paxum.example', staging15: 'https://api.staging15.paxum.example' };

describe('chooseEnvironment', () => {
  beforeEach(() => localStorage.clear());

  it('is production with nothing asked or kept', () => {
    expect(chooseEnvironment(undefined, localStorage, ENVIRONMENTS)).toEqual({ name: 'production', apiBase: '' });
  });

  it('switches to a known environment by ?api and keeps it for the next visit', () => {
    expect(chooseEnvironment('staging15', localStorage, ENVIRONMENTS)).toEqual({ name: 'staging15', apiBase: 'https://api.staging15.paxum.example' });
    expect(localStorage.getItem(ENVIRONMENT_KEY)).toBe('staging15');
    expect(chooseEnvironment(undefined, localStorage, ENVIRONMENTS).name).toBe('staging15');
  });

  it('goes back to production with ?api=production and forgets the choice', () => {
    chooseEnvironment('staging1', localStorage, ENVIRONMENTS);
    expect(chooseEnvironment('production', localStorage, ENVIRONMENTS)).toEqual({ name: 'production', apiBase: '' });
    expect(localStorage.getItem(ENVIRONMENT_KEY)).toBeNull();
  });

  it.each(['staging16', 'https://evil.example', 'toString', '__proto__'])('refuses ?api=%s: production, and says so', (asked) => {
    chooseEnvironment('staging1', localStorage, ENVIRONMENTS);
    expect(chooseEnvironment(asked, localStorage, ENVIRONMENTS)).toEqual({ name: 'production', apiBase: '', unknown: asked });
    expect(localStorage.getItem(ENVIRONMENT_KEY)).toBeNull();
  });

  it('ignores a kept name the brand no longer has', () => {
    localStorage.setItem(ENVIRONMENT_KEY, 'staging7');
    expect(chooseEnvironment(undefined, localStorage, ENVIRONMENTS)).toEqual({ name: 'production', apiBase: '' });
  });
});
