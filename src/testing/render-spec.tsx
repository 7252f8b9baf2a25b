import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import { createScreenRoutes, type EngineOptions, type LayoutProps, type ScreenSpec } from '../../engine/index.ts';
import engineEn from '../../engine/locales/en.json';
import { addAppFormats } from '../i18n/create-i18n.ts';

type Tree = Record<string, unknown>;
const englishFiles = import.meta.glob<Tree>('../../locales/en/*.json', { eager: true, import: 'default' });

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

function merge(into: Tree, from: Tree): Tree {
  for (const [key, value] of Object.entries(from)) into[key] = isTree(value) && isTree(into[key]) ? merge({ ...(into[key] as Tree) }, value) : value;
  return into;
}

/** The product's English texts and the engine's, as the application loads them. */
export function englishI18n(): I18n {
  const instance = i18next.createInstance();
  const translation = Object.values(englishFiles).reduce<Tree>((all, file) => merge(all, file), merge({}, engineEn));
  void instance.init({ lng: 'en', resources: { en: { translation } }, interpolation: { escapeValue: false }, initAsync: false });
  addAppFormats(instance);
  return instance;
}

function Layout({ children }: LayoutProps) {
  return <main>{children}</main>;
}

/**
 * Renders screen specs as codegen wrote them (`generated/screens/<id>.json`) through the engine, in
 * English, at `path`: what a spec makes a user see, with the calls answered by `callMethod`.
 *
 * @example
 * renderSpecs([cardsPhysical], '/cards/physical', { callMethod });
 */
export function renderSpecs(specs: ScreenSpec[], path: string, options: Partial<EngineOptions> = {}) {
  const engine: EngineOptions = {
    screens: specs.map((spec) => ({
      id: spec.id,
      route: spec.route,
      layout: spec.layout,
      kind: spec.kind,
      title: spec.title,
      load: async () => ({ default: spec }),
    })),
    layouts: { external: Layout, restricted: Layout, clear: Layout, main: Layout },
    guards: {},
    callMethod: async () => ({}),
    ...options,
  };
  const router = createMemoryRouter(createScreenRoutes(engine), { initialEntries: [path] });
  return {
    router,
    ...render(
      <I18nextProvider i18n={englishI18n()}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    ),
  };
}
