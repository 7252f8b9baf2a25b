import { describe, expect, it } from 'vitest';
import { AGREEMENTS, agreementWords, legalLanguage, termsOfService } from './legal.ts';
import { LANGUAGES } from '../i18n/texts.ts';

describe('legalLanguage (the fallback rule)', () => {
  it("keeps the reader's language when the brand offers it", () => {
    expect(legalLanguage('paxum', 'ru')).toBe('ru');
    expect(legalLanguage('aplus', 'es')).toBe('es');
  });

  it("falls back to the brand's default language for a language the brand does not offer", () => {
    expect(legalLanguage('aplus', 'ru')).toBe('en');
    expect(legalLanguage('fundstr', 'ua')).toBe('en');
  });
});

describe('agreementWords', () => {
  it('has every agreement in every language, with the same number of sections as in English', () => {
    for (const language of LANGUAGES) {
      for (const agreement of AGREEMENTS) {
        const words = agreementWords(agreement.id, { brand: 'paxum', language });
        expect(words.language).toBe(language);
        expect(words.sections).toHaveLength(agreementWords(agreement.id, { brand: 'paxum', language: 'en' }).sections.length);
        expect(JSON.stringify(words)).not.toMatch(/\{\{/);
      }
    }
  });

  it("writes the brand's own name and contacts into its texts", () => {
    const paxum = JSON.stringify(agreementWords('terms-of-service', { brand: 'paxum', language: 'en' }));
    const aplus = JSON.stringify(agreementWords('terms-of-service', { brand: 'aplus', language: 'en' }));
    expect(paxum).toContain('support@paxum.example');
    expect(aplus).toContain('support@aplus.example');
    expect(aplus).not.toContain('paxum');
  });

  it('differs per language', () => {
    const en = termsOfService({ brand: 'aplus', language: 'en' });
    const es = termsOfService({ brand: 'aplus', language: 'es' });
    expect(en.title).toBe('Terms of Service');
    expect(es).toMatchObject({ title: 'Condiciones del servicio', language: 'es', version: en.version });
    expect(termsOfService({ brand: 'aplus', language: 'ru' })).toMatchObject({ title: 'Terms of Service', language: 'en' });
  });
});
