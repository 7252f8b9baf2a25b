/**
 * Each language's texts, the engine's strings under the application's, merged by the `locale-texts` plugin
 * of vite.config.ts: the built application fetches one JSON file per language, the dev server and the
 * unit tests import it.
 */
declare module 'virtual:locales' {
  import type { ResourceLanguage } from 'i18next';

  const loaders: Record<string, () => Promise<ResourceLanguage>>;
  export default loaders;
}
