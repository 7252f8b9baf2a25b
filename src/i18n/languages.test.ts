import { describe, expect, it } from 'vitest';
import { initialLanguage, LANGUAGE_STORAGE_KEY, languages, serverLanguage } from './languages.ts';

describe('languages', () => {
  it('are the six of the product', () => {
    expect(languages).toEqual(['en', 'es', 'pt', 'ro', 'ru', 'ua']);
  });

  it('send Ukrainian to the server as uk and the others as they are', () => {
    expect(serverLanguage('ua')).toBe('uk');
    expect(languages.filter((language) => language !== 'ua').map(serverLanguage)).toEqual(['en', 'es', 'pt', 'ro', 'ru']);
  });

  it("start in the user's earlier choice when the brand offers it", () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    expect(initialLanguage({ languages: ['en', 'es'], defaultLanguage: 'en' }, localStorage)).toBe('es');
  });

  it("fall back to the brand's default for a choice the brand does not offer", () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ru');
    expect(initialLanguage({ languages: ['en', 'es'], defaultLanguage: 'en' }, localStorage)).toBe('en');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    expect(initialLanguage({ languages: ['en', 'es'], defaultLanguage: 'es' }, localStorage)).toBe('es');
  });
});
