import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { customMediaRules } from './src/theme/breakpoints.ts';

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

export default defineConfig({
  plugins: [breakpointMedia(), react()],
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
