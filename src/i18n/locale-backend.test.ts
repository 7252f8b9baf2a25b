import { describe, expect, it } from 'vitest';
import type { ResourceLanguage } from 'i18next';
import { createLocaleBackend, mergeResources } from './locale-backend.ts';

const texts = (resources: ResourceLanguage) => async () => resources;

function read(backend: ReturnType<typeof createLocaleBackend>, language: string) {
  return new Promise<unknown>((resolve, reject) => backend.read(language, 'translation', (error, data) => (error ? reject(error) : resolve(data))));
}

describe('locale backend', () => {
  it("lays the application's texts over the engine's", () => {
    expect(
      mergeResources(
        { engine: { documentTitle: '{{title}}', loading: 'Loading…' } },
        { engine: { documentTitle: '{{title}} · {{projectName}}' }, nav: { home: 'Home' } },
      ),
    ).toEqual({ engine: { documentTitle: '{{title}} · {{projectName}}', loading: 'Loading…' }, nav: { home: 'Home' } });
  });

  it('reads the language asked for, and only that one', async () => {
    const loaded: string[] = [];
    const backend = createLocaleBackend({
      es: async () => (loaded.push('es'), { nav: { home: 'Inicio' } }),
      ro: async () => (loaded.push('ro'), { nav: { home: 'Acasă' } }),
    });
    await expect(read(backend, 'es')).resolves.toEqual({ nav: { home: 'Inicio' } });
    expect(loaded).toEqual(['es']);
  });

  it('passes on a failed download, for i18next to report', async () => {
    const backend = createLocaleBackend({ es: () => Promise.reject(new Error('Translations at /assets/locale-es.json answered 404')) });
    await expect(read(backend, 'es')).rejects.toThrow('answered 404');
  });

  it('says which file to add for a language without texts', async () => {
    const backend = createLocaleBackend({ en: texts({}) });
    await expect(read(backend, 'ro')).rejects.toThrow('add locales/ro/translation.json');
  });
});
