import type { BackendModule, ReadCallback, ResourceLanguage } from 'i18next';

/** A lazily imported JSON resource file. */
export type ResourceLoader = () => Promise<{ default: ResourceLanguage }>;

/** Loaders of one language's resources, by language code. */
export type ResourceLoaders = Record<string, ResourceLoader>;

/**
 * Turns an `import.meta.glob` map into loaders by language, taking the code from the path. A language
 * may have several files (one per product area, so areas never edit the same file); its loader imports
 * them all and merges them.
 *
 * @example
 * byLanguage({ '../../locales/es/translation.json': load }, /locales\/(\w+)\/[\w-]+\.json$/); // { es: load }
 */
export function byLanguage(files: Record<string, ResourceLoader>, pattern: RegExp): ResourceLoaders {
  const grouped: Record<string, ResourceLoader[]> = {};
  for (const [file, load] of Object.entries(files)) {
    const language = pattern.exec(file)?.[1];
    if (language) (grouped[language] ??= []).push(load);
  }
  const loaders: ResourceLoaders = {};
  for (const [language, loads] of Object.entries(grouped)) {
    loaders[language] =
      loads.length === 1
        ? loads[0]!
        : async () => {
            const parts = await Promise.all(loads.map((load) => load()));
            return { default: parts.reduce<ResourceLanguage>((all, part) => mergeResources(all, part.default), {}) };
          };
  }
  return loaders;
}

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
 * An i18next backend that imports a language's resources only when that language is used, so a visitor
 * downloads one language. It lays the application's texts over the engine's: the engine's own strings
 * live under `engine.` and the application may reword them. When the engine has no file for a language
 * its English strings stand in, so a screen never shows a bare key.
 *
 * @example
 * i18next.use(createLocaleBackend({ app: appLocales, engine: engineLocales })).init({ lng: 'ro' });
 */
export function createLocaleBackend(sources: { app: ResourceLoaders; engine: ResourceLoaders }): BackendModule {
  return {
    type: 'backend',
    // i18next 26 asks backends to declare their calling convention instead of counting parameters.
    callbackApi: true,
    init() {},
    read(language: string, _namespace: string, callback: ReadCallback) {
      const app = sources.app[language];
      const engine = sources.engine[language] ?? sources.engine.en;
      if (!app) {
        callback(new Error(`No translation for '${language}': add locales/${language}/translation.json`), false);
        return;
      }
      Promise.all([app(), engine ? engine() : Promise.resolve({ default: {} })]).then(
        ([own, generic]) => callback(null, mergeResources(generic.default, own.default)),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };
}
