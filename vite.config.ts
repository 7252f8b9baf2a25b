import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ResourceLanguage } from 'i18next';
import { mergeResources } from './src/i18n/locale-backend.ts';
import { customMediaRules } from './src/theme/breakpoints.ts';
import { brandFonts } from './codegen/brand-fonts.ts';

/** Where the server listens in development (npm run serve). */
const SERVER = 'http://127.0.0.1:8080';

/**
 * Forwards calls to the server. A page load (a GET asking for HTML, such as /auth/sei, a screen of the
 * application) stays with the dev server, which answers with index.html.
 */
const toServer: ProxyOptions = {
  target: SERVER,
  bypass: (req) => (req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

/**
 * Puts the breakpoints of src/theme/breakpoints.ts in front of every application stylesheet as
 * `@custom-media` rules, so stylesheets write `@media (--tablet)` and the widths live in one place.
 */
function breakpointMedia(): Plugin {
  const rules = customMediaRules();
  return {
    name: 'breakpoint-custom-media',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/(src|engine)\/.*\.css(\?|$)/.test(id)) return null;
      return { code: `${rules}\n${code}`, map: null };
    },
  };
}

/** Stand-ins for libraries rjsf imports for features the engine's forms never use; see {@link formsStandIns}. */
const standIn = (file: string) => fileURLToPath(new URL(`./engine/schema-form/standIns/${file}`, import.meta.url));
const UNUSED_RJSF_PART = standIn('unusedRjsfPart.tsx');
const OVERRIDDEN_RJSF_WIDGET = standIn('overriddenRjsfWidget.tsx');
const STAND_INS: Record<string, string> = {
  'markdown-to-jsx/react': fileURLToPath(new URL('./engine/schema-form/standIns/markdownAsText.tsx', import.meta.url)),
  'fast-uri': fileURLToPath(new URL('./engine/schema-form/standIns/noUriResolver.ts', import.meta.url)),
  // As rjsf's lists of fields and widgets (fields/index.js, widgets/index.js) import them.
  './LayoutGridField.js': UNUSED_RJSF_PART,
  './LayoutHeaderField.js': UNUSED_RJSF_PART,
  './LayoutMultiSchemaField.js': UNUSED_RJSF_PART,
  './AltDateWidget.js': UNUSED_RJSF_PART,
  './AltDateTimeWidget.js': UNUSED_RJSF_PART,
  './RatingWidget.js': UNUSED_RJSF_PART,
  // Fetched when a form has a list or a choice (standIns/deferredFields.tsx).
  './ArrayField.js': standIn('deferredArrayField.ts'),
  './MultiSchemaField.js': standIn('deferredMultiSchemaField.ts'),
  // The engine's widgets of the same names replace these (standIns/overriddenRjsfWidget.tsx).
  './TextWidget.js': OVERRIDDEN_RJSF_WIDGET,
  './EmailWidget.js': OVERRIDDEN_RJSF_WIDGET,
  './PasswordWidget.js': OVERRIDDEN_RJSF_WIDGET,
  './DateWidget.js': OVERRIDDEN_RJSF_WIDGET,
  './SelectWidget.js': OVERRIDDEN_RJSF_WIDGET,
  './CheckboxWidget.js': OVERRIDDEN_RJSF_WIDGET,
  './TextareaWidget.js': OVERRIDDEN_RJSF_WIDGET,
  './FileWidget.js': OVERRIDDEN_RJSF_WIDGET,
};

/**
 * Gives rjsf, and only rjsf, small stand-ins beside the engine's form code for libraries it imports for
 * features the engine's forms never use (each file says why its feature is unused). Together they were a
 * third of the sign-in screen's rjsf code. Only rjsf's imports are redirected: ajv, which compiles forms that
 * have no precompiled validator, keeps the real fast-uri. The dev server's pre-bundled dependencies and the
 * unit tests keep the real libraries.
 */
function formsStandIns(): Plugin {
  return {
    name: 'rjsf-stand-ins',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]node_modules[\\/]@rjsf[\\/]/.test(importer)) return null;
      // Only the lists import the unused parts by these names; their own imports of one another stay.
      if (source.startsWith('./') && !/[\\/]components[\\/](fields|widgets)[\\/]index\.js$/.test(importer)) return null;
      return STAND_INS[source] ?? null;
    },
  };
}

/** The project's own TypeScript modules (not stylesheets, not dependencies). */
const OWN_MODULE = /[\\/](engine|src|generated)[\\/][^?]*\.tsx?$/;

const LOCALES_MODULE = 'virtual:locales';
const APP_LOCALES = fileURLToPath(new URL('./locales/', import.meta.url));
const ENGINE_LOCALES = fileURLToPath(new URL('./engine/locales/', import.meta.url));

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as ResourceLanguage;

/**
 * One language's texts: the engine's strings (its English where it lacks the language) under the
 * application's area files (locales/<language>/*.json), merged into one resource, with every file it read.
 */
function languageTexts(language: string): { texts: ResourceLanguage; files: string[] } {
  const areas = readdirSync(`${APP_LOCALES}${language}`)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => `${APP_LOCALES}${language}/${name}`);
  const engineNames = new Set(readdirSync(ENGINE_LOCALES));
  const engine = `${ENGINE_LOCALES}${engineNames.has(`${language}.json`) ? language : 'en'}.json`;
  const texts = areas.reduce((all, file) => mergeResources(all, readJson(file)), readJson(engine));
  return { texts, files: [engine, ...areas] };
}

/**
 * `virtual:locales`: a loader per language (typed in src/i18n/locale-texts.d.ts). The build writes each language's texts
 * as one JSON file in assets/ (named by content hash), fetched when the language is used, so translations are
 * neither JavaScript nor part of the first load of another language. The dev server and the unit tests import
 * the same merged texts as a module instead.
 */
export function localeTexts(): Plugin {
  let building = false;
  const languages = () =>
    readdirSync(APP_LOCALES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  return {
    name: 'locale-texts',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(source) {
      return source === LOCALES_MODULE || source.startsWith(`${LOCALES_MODULE}/`) ? `\0${source}` : null;
    },
    load(id) {
      if (id.startsWith(`\0${LOCALES_MODULE}/`)) {
        const { texts, files } = languageTexts(id.slice(`\0${LOCALES_MODULE}/`.length));
        files.forEach((file) => this.addWatchFile(file));
        return `export default ${JSON.stringify(texts)};`;
      }
      if (id !== `\0${LOCALES_MODULE}`) return null;
      const loaders = languages().map((language) => {
        if (!building) return `${JSON.stringify(language)}: () => import(${JSON.stringify(`${LOCALES_MODULE}/${language}`)}).then((module) => module.default)`;
        const { texts, files } = languageTexts(language);
        files.forEach((file) => this.addWatchFile(file));
        const reference = this.emitFile({ type: 'asset', name: `locale-${language}.json`, source: JSON.stringify(texts) });
        return `${JSON.stringify(language)}: () => fetchTexts(import.meta.ROLLUP_FILE_URL_${reference})`;
      });
      const fetchTexts = `async function fetchTexts(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(\`Translations at \${url} answered \${response.status}\`);
  return response.json();
}`;
      return `${building ? fetchTexts : ''}\nexport default { ${loaders.join(',\n')} };`;
    },
  };
}

export default defineConfig({
  // brandFonts ships the fonts brands/*/brand.json declare, and preloads the served brand's (codegen/brand-fonts.ts).
  plugins: [breakpointMedia(), formsStandIns(), localeTexts(), brandFonts({ brandsDir: fileURLToPath(new URL('./brands', import.meta.url)) }), react()],
  css: {
    // Lightning CSS compiles the custom media into plain media queries every browser understands.
    transformer: 'lightningcss',
    lightningcss: { drafts: { customMedia: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each module needs, for `npm run bench` to size each route's own chunks.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        /*
         * The engine's, the application's and the generated TypeScript modules only declare things (none is
         * imported for its effect; stylesheets are not matched), so one whose exports nothing uses is left out. Without this, a
         * module-level call such as the table's column helper keeps a part nobody imports in the first load
         * through engine/index.ts.
         */
        moduleSideEffects: (id) => (OWN_MODULE.test(id) ? false : undefined),
      },
    },
  },
  server: {
    proxy: {
      '/api': toServer,
      '/auth': toServer,
      '/openapi.json': SERVER,
    },
  },
});
