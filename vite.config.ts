import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
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
const STAND_INS: Record<string, string> = {
  'markdown-to-jsx/react': fileURLToPath(new URL('./engine/schema-form/standIns/markdownAsText.tsx', import.meta.url)),
  'fast-uri': fileURLToPath(new URL('./engine/schema-form/standIns/noUriResolver.ts', import.meta.url)),
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
      return STAND_INS[source] ?? null;
    },
  };
}

export default defineConfig({
  // brandFonts ships the fonts brands/*/brand.json declare, and preloads the served brand's (codegen/brand-fonts.ts).
  plugins: [breakpointMedia(), formsStandIns(), brandFonts({ brandsDir: fileURLToPath(new URL('./brands', import.meta.url)) }), react()],
  css: {
    // Lightning CSS compiles the custom media into plain media queries every browser understands.
    transformer: 'lightningcss',
    lightningcss: { drafts: { customMedia: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': toServer,
      '/auth': toServer,
      '/openapi.json': SERVER,
    },
  },
});
