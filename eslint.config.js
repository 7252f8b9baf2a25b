import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The house's boundaries (docs: DESIGN.md, "The house"): data flows from schemas/ through codegen/ into
 * engine/, src/ and server/. engine/ knows nothing about the application or the server; src/ and server/
 * never import each other. All of them may import generated/ and schemas/.
 *
 * Imports are relative, so a side is matched by the folder a `../` chain climbs into: `../../server/x.ts`
 * from src/ reaches server/. No side has a folder of its own named src, server or engine.
 */
function forbidSides(sides, why) {
  const regex = `^(\\.\\./)+(${sides.join('|')})(/|$)`;
  const message = `${why} Move what both sides need to schemas/ or to what codegen generates from it.`;
  return {
    'no-restricted-imports': ['error', { patterns: [{ regex, message }] }],
    // `import('...')` is not an import declaration, so no-restricted-imports does not see it.
    'no-restricted-syntax': [
      'error',
      // esquery ends a regular expression at the first slash, even an escaped one: write it as \x2F.
      { selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`, message },
    ],
  };
}

export default defineConfig([
  // generated/ is build output of codegen (imported, never edited); dist/ and data/ are not source.
  globalIgnores(['generated/', 'dist/', 'data/', '.tmp/', 'node_modules/']),

  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_` names what a signature requires and the body leaves alone, or what a destructuring leaves out.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },

  {
    // Two rules that need types, for the mistakes types alone miss: a promise nobody waits for or
    // hands to `void`, and an async function where a void callback is expected (an event handler).
    // The rest of recommendedTypeChecked finds thousands of loose `any` reads in tests; not yet.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },

  {
    files: ['engine/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    extends: [jsxA11y.flatConfigs.recommended],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // An option label carries its text in a span and a strong (name above, help below): look that deep.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },

  {
    files: ['server/**/*.ts', 'codegen/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.{ts,tsx}', '*.{ts,js}'],
    languageOptions: { globals: { ...globals.node } },
  },

  {
    files: ['engine/**/*.{ts,tsx}'],
    rules: forbidSides(['src', 'server'], 'engine/ renders any spec and knows nothing of the application or the server.'),
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: forbidSides(['server'], 'src/ runs in the browser and talks to the server only through the typed clients.'),
  },
  {
    files: ['server/**/*.ts'],
    rules: forbidSides(['src', 'engine'], 'server/ never imports the browser application or the rendering engine.'),
  },
]);
