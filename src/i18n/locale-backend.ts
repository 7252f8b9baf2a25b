import type { BackendModule, ReadCallback, ResourceLanguage } from 'i18next';

/** Loaders of one language's texts, by language code. */
export type ResourceLoaders = Record<string, () => Promise<ResourceLanguage>>;

const isObject = (value: unknown): value is ResourceLanguage => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep-merges `over` onto `under`; on a clash the value from `over` wins. */
export function mergeResources(under: ResourceLanguage, over: ResourceLanguage): ResourceLanguage {
  const merged: ResourceLanguage = { ...under };
  for (const [key, value] of Object.entries(over)) {
    const below = merged[key];
    merged[key] = isObject(below) && isObject(value) ? mergeResources(below, value) : value;
  }
  return merged;
}

/**
 * An i18next backend that loads a language's texts only when that language is used, so a visitor
 * downloads one language. Each loader gives the whole language (the `locale-texts` plugin of
 * vite.config.ts lays the application's texts over the engine's).
 *
 * @example
 * i18next.use(createLocaleBackend(localeLoaders)).init({ lng: 'ro' });
 */
export function createLocaleBackend(loaders: ResourceLoaders): BackendModule {
  return {
    type: 'backend',
    // i18next 26 asks backends to declare their calling convention instead of counting parameters.
    callbackApi: true,
    init() {},
    read(language: string, _namespace: string, callback: ReadCallback) {
      const load = loaders[language];
      if (!load) {
        callback(new Error(`No translation for '${language}': add locales/${language}/translation.json`), false);
        return;
      }
      load().then(
        (texts) => callback(null, texts),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };
}
