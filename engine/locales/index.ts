import en from './en.json';
import es from './es.json';
import pt from './pt.json';
import ro from './ro.json';
import ru from './ru.json';
import ua from './ua.json';

/**
 * The engine's own strings (all under the `engine` key) in every product language, for the application to
 * merge into its i18next resources. Kept out of `engine/index.ts` so that the application decides how to
 * bundle them (all at once, or one language at a time by importing `engine/locales/<lng>.json`).
 *
 * @example
 * ```ts
 * import { engineLocales } from '../engine/locales';
 * i18n.addResourceBundle('en', 'translation', engineLocales.en, true, false);
 * ```
 */
export const engineLocales = { en, es, pt, ro, ru, ua } as const;
