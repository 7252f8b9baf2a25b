import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createScreenRoutes, type Guard, type LayoutProps, type ScreenSpec } from '../../engine/index.ts';
import type { RpcCall } from '../../generated/methods.ts';
import { AppProvider } from '../app/app-context.tsx';
import { appChallenges, widgets } from '../app/registry.ts';
import { testServices } from './app-services.ts';
import { englishI18n } from './render-spec.tsx';

function Layout({ children }: LayoutProps) {
  return <main>{children}</main>;
}

/**
 * Renders one generated screen spec at `path` with the application's own widgets and second factors (the
 * account select, the transfer code), in English, every call answered by `answer`. Returns the call mock.
 *
 * @example
 * const call = renderAppSpec(cardLoad, '/cards/7/load', (method) => (method === 'cardGet' ? card : { accounts }), { cardDetail: () => null });
 */
export function renderAppSpec(
  spec: ScreenSpec,
  path: string,
  answer: (method: string, params: Record<string, unknown>) => unknown,
  guards: Record<string, Guard> = {},
) {
  const call = vi.fn(async (method: string, params: Record<string, unknown>) => answer(method, params));
  const rpc = call as unknown as RpcCall;
  const services = testServices({ rpc });
  const routes = createScreenRoutes({
    screens: [{ id: spec.id, route: spec.route, layout: spec.layout, kind: spec.kind, title: spec.title, load: async () => ({ default: spec }) }],
    layouts: { external: Layout, restricted: Layout, clear: Layout, main: Layout },
    guards,
    callMethod: call,
    widgets,
    challenges: appChallenges(rpc, { session: services.session, t: (key) => key }),
  });
  render(
    <AppProvider services={services}>
      <I18nextProvider i18n={englishI18n()}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
      </I18nextProvider>
    </AppProvider>,
  );
  return call;
}
