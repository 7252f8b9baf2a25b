import { describe, expect, it } from 'vitest';
import type { ResourceLanguage } from 'i18next';
import { byLanguage, createLocaleBackend, mergeResources } from './locale-backend.ts';

const file = (resources: ResourceLanguage) => async () => ({ default: resources });

function read(backend: ReturnType<typeof createLocaleBackend>, language: string) {
  return new Promise<unknown>((resolve, reject) => backend.read(language, 'translation', (error, data) => (error ? reject(error) : resolve(data))));
}

describe('locale backend', () => {
  it('names loaders by the language in their path', () => {
    const load = file({});
    expect(byLanguage({ '../../locales/ro/translation.json': load }, /\/locales\/(\w+)\/[\w-]+\.json$/)).toEqual({
      ro: load,
    });
  });

  it("merges a language's area files into one", async () => {
    const loaders = byLanguage(
      { '../../locales/ro/translation.json': file({ nav: { home: 'Acasă' } }), '../../locales/ro/profile.json': file({ nav: { profile: 'Profil' } }) },
      /\/locales\/(\w+)\/[\w-]+\.json$/,
    );
    await expect(loaders.ro!()).resolves.toEqual({ default: { nav: { home: 'Acasă', profile: 'Profil' } } });
  });

  it("lays the application's texts over the engine's", () => {
    expect(
      mergeResources(
        { engine: { documentTitle: '{{title}}', loading: 'Loading…' } },
        { engine: { documentTitle: '{{title}} · {{projectName}}' }, nav: { home: 'Home' } },
      ),
    ).toEqual({ engine: { documentTitle: '{{title}} · {{projectName}}', loading: 'Loading…' }, nav: { home: 'Home' } });
  });

  it("reads one language, with the engine's English where the engine lacks that language", async () => {
    const backend = createLocaleBackend({
      app: { es: file({ nav: { home: 'Inicio' } }) },
      engine: { en: file({ engine: { loading: 'Loading…' } }) },
    });
    await expect(read(backend, 'es')).resolves.toEqual({ engine: { loading: 'Loading…' }, nav: { home: 'Inicio' } });
  });

  it('says which file to add for a language without texts', async () => {
    const backend = createLocaleBackend({ app: {}, engine: {} });
    await expect(read(backend, 'ro')).rejects.toThrow('add locales/ro/translation.json');
  });
});
