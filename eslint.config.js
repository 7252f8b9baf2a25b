import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { serverFoldersOneWay } from './lint/server-folders.js';

/**
 * The house's boundaries (docs: DESIGN.md, "The house"): data flows from schemas/ through codegen/ into
 * engine/, src/ and server/. engine/ knows nothing about the application or the server; src/ and server/
 * never import each other. All of them may import generated/ and schemas/.
 *
 * Imports are relative, so a side is matched by the folder a `../` chain climbs into: `../../server/x.ts`
 * from src/ reaches server/. No side has a folder of its own named src, server or engine.
 */
function forbidSides(sides, why, morePatterns = []) {
  const regex = `^(\\.\\./)+(${sides.join('|')})(/|$)`;
  const message = `${why} Move what both sides need to schemas/ or to what codegen generates from it.`;
  return {
    'no-restricted-imports': ['error', { patterns: [{ regex, message }, ...morePatterns] }],
    // `import('...')` is not an import declaration, so no-restricted-imports does not see it.
    'no-restricted-syntax': [
      'error',
      // esquery ends a regular expression at the first slash, even an escaped one: write it as \x2F.
      { selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`, message },
    ],
  };
}

/**
 * `house/no-engine-classes`: the engine's CSS classes (`eng-*`) belong to engine/. A screen outside it that
 * writes one in a string or a template (a className, a selector) rebuilds an engine part from its markup;
 * it should use the part engine/index.ts exports instead (issue 12).
 */
const house = {
  rules: {
    'no-engine-classes': {
      meta: {
        type: 'problem',
        messages: {
          engineClass:
            "'{{name}}' is a class of the engine's own markup. Use the part engine/index.ts exports (Field, Button, ButtonRow, Section, SchemaForm, …), or give this markup a class of its own.",
        },
        schema: [],
      },
      create(context) {
        const check = (node, text) => {
          const match = /(?:^|[\s.'"`])(eng-[a-z0-9_-]+)/.exec(text);
          if (match) context.report({ node, messageId: 'engineClass', data: { name: match[1] } });
        };
        return {
          Literal: (node) => typeof node.value === 'string' && check(node, node.value),
          TemplateElement: (node) => check(node, node.value.raw),
        };
      },
    },
    'server-folders-one-way': serverFoldersOneWay,
  },
};

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
    ignores: ['engine/router/RouteValues.tsx', 'engine/**/*.test.{ts,tsx}'],
    rules: forbidSides(['src', 'server'], 'engine/ renders any spec and knows nothing of the application or the server.', [
      {
        regex: '^react-router$',
        importNames: ['useParams'],
        message: "Read the route's parameters with useRouteParams() (engine/router/RouteValues.tsx): it adds what a listed value of routeValues sets.",
      },
    ]),
  },
  {
    files: ['engine/router/RouteValues.tsx', 'engine/**/*.test.{ts,tsx}'],
    rules: forbidSides(['src', 'server'], 'engine/ renders any spec and knows nothing of the application or the server.'),
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: forbidSides(['server'], 'src/ runs in the browser and talks to the server only through the typed clients.'),
  },
  {
    // The application builds from the engine's exported parts, never from its markup's classes (issue 12).
    // tests/specs/lint-rules.test.ts proves the rule; stylesheets are checked there too.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { house },
    rules: { 'house/no-engine-classes': 'error' },
  },
  {
    files: ['server/**/*.ts'],
    rules: forbidSides(['src', 'engine'], 'server/ never imports the browser application or the rendering engine.'),
  },
  {
    // The server's house (issue 14): server/rpc/ is the transport, and a domain sees of it only the context its
    // handlers receive, the response codes it answers with and the API's declarations. Two folders never import
    // each other (lint/server-folders.js) and no file circle remains (import-x/no-cycle).
    files: ['server/*/**/*.ts'],
    ignores: ['server/rpc/**', '**/*.test.ts'],
    rules: forbidSides(['src', 'engine'], 'server/ never imports the browser application or the rendering engine.', [
      {
        regex: '^(\\.\\./)+rpc/(?!(context|response-codes|api-bundle)\\.ts$)',
        message:
          "A domain sees of the transport only server/rpc/context.ts, response-codes.ts and api-bundle.ts; the rest (dispatch, idempotency) is server/rpc/'s own, composed in server/app.ts and server/handlers.ts.",
      },
    ]),
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { house, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts'] })],
    },
    rules: { 'house/server-folders-one-way': 'error', 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // codegen/ turns schemas/ and screens/ into generated/. It reads the meaning of a spec where the engine
    // defines it (the spec types, which schemas a screen's forms validate with, the engine's widget names),
    // so that the build and the browser can never disagree: those modules are plain data and functions,
    // with no React. Nothing else of engine/, and nothing of src/ or server/.
    files: ['codegen/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(src|server)(/|$)',
              message: 'codegen/ builds from schemas/ and screens/ alone; it never imports the application or the server.',
            },
            {
              regex: '^(\\.\\./)+engine/(?!spec/(types|routeValues)\\.ts$|schema-form/(formSchemas|widget-names)\\.ts$)',
              message:
                "codegen/ may read only the engine's spec vocabulary: engine/spec/types.ts, engine/spec/routeValues.ts, engine/schema-form/formSchemas.ts and widget-names.ts. Move what else it needs there, kept free of React.",
            },
          ],
        },
      ],
    },
  },
]);
