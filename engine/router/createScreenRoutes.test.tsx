import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { ScreenSpec } from '../spec/types';
import type { CustomScreenProps, LayoutProps } from '../provider/types';
import { createTestI18n, renderScreens, testOptions } from '../testing/harness';
import { createScreenRoutes } from './createScreenRoutes';

function Hello({ props, params }: CustomScreenProps) {
  return <p>{`Hello ${String(props.who ?? params.name ?? '')}`}</p>;
}

function customSpec(id: string, route: string, extra: Partial<ScreenSpec> = {}): ScreenSpec {
  return {
    id,
    route,
    layout: 'main',
    title: `${id}.title`,
    kind: 'custom',
    custom: { component: 'Hello', props: { who: id } },
    ...extra,
  };
}

const i18n = () => createTestI18n({ home: { title: 'Home' }, login: { title: 'Sign in' }, cards: { title: 'Cards' }, nav: { cards: 'My cards' } });

describe('createScreenRoutes', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('renders a screen inside its layout, with its title as heading and document title', async () => {
    const options = testOptions([customSpec('home', '/home')], { components: { Hello } });
    renderScreens(options, '/home', i18n());
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(screen.getByText('Hello home')).toBeTruthy();
    const layout = screen.getByTestId('layout-main');
    expect(layout.dataset.screen).toBe('home');
    expect(layout.dataset.title).toBe('Home');
    // The document title is set by an effect after the screen draws.
    await waitFor(() => expect(document.title).toBe('Home'));
  });

  it('fetches a shell given as a loader only when a screen in it opens, and draws the screen inside it', async () => {
    function LoadedShell({ children, screen: open }: LayoutProps) {
      return (
        <main data-testid="loaded-shell" data-screen={open.id}>
          {children}
        </main>
      );
    }
    const load = vi.fn(async () => LoadedShell);
    const base = testOptions([customSpec('home', '/home'), customSpec('login', '/login', { layout: 'external' })], { components: { Hello } });
    const options = { ...base, layouts: { ...base.layouts, main: { load } } };
    const { router } = renderScreens(options, '/login', i18n());
    expect(await screen.findByText('Hello login')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    await router.navigate('/home');
    expect(await screen.findByText('Hello home')).toBeTruthy();
    expect(screen.getByTestId('loaded-shell').dataset.screen).toBe('home');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shows the spec's links to related screens after the content, and follows them", async () => {
    const spec = customSpec('login', '/login', { links: [{ label: 'cards.title', to: '/cards' }] });
    const { router } = renderScreens(testOptions([spec, customSpec('cards', '/cards')], { components: { Hello } }), '/login', i18n());
    const link = await screen.findByRole('link', { name: 'Cards' });
    expect(screen.getByText('Hello login').compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    link.click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cards'));
  });

  it('runs the guard before rendering and follows its redirect', async () => {
    const guard = vi.fn(async ({ pathname }: { pathname: string }) => (pathname === '/home' ? '/login' : null));
    const specs = [customSpec('home', '/home', { guard: 'signedIn' }), customSpec('login', '/login', { layout: 'external' })];
    const { router } = renderScreens(testOptions(specs, { components: { Hello }, guards: { signedIn: guard } }), '/home', i18n());
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Hello home')).toBeNull();
    expect(guard).toHaveBeenCalledWith({ pathname: '/home', search: '', params: {} });
  });

  it('lets the screen open when the guard returns null, and hands it the route params', async () => {
    const specs = [customSpec('cards', '/cards/:name', { guard: 'signedIn', custom: { component: 'Hello' } })];
    renderScreens(testOptions(specs, { components: { Hello }, guards: { signedIn: () => null } }), '/cards/ada', i18n());
    expect(await screen.findByText('Hello ada')).toBeTruthy();
  });

  it('follows a redirect spec without loading its spec', async () => {
    const load = vi.fn();
    const options = testOptions([customSpec('root', '/', { redirect: '/home' }), customSpec('home', '/home')], {
      components: { Hello },
    });
    const root = options.screens[0];
    if (root) root.load = load;
    const { router } = renderScreens(options, '/', i18n());
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(load).not.toHaveBeenCalled();
  });

  it('loads only the spec of the screen that is opened', async () => {
    const options = testOptions([customSpec('home', '/home'), customSpec('cards', '/cards')], { components: { Hello } });
    const cards = options.screens[1];
    const cardsLoad = vi.fn(cards?.load);
    if (cards) cards.load = cardsLoad;
    renderScreens(options, '/home', i18n());
    await screen.findByText('Hello home');
    expect(cardsLoad).not.toHaveBeenCalled();
  });

  it('shows an accessible 404 with a link home for an unknown path', async () => {
    renderScreens(testOptions([customSpec('home', '/home')], { components: { Hello } }), '/nowhere', i18n());
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.getByTestId('layout-clear')).toBeTruthy();
    expect(document.title).toBe('Page not found');
  });

  it('uses the application 404 when given, and none when a spec has route *', async () => {
    const first = renderScreens(testOptions([customSpec('home', '/home')], { components: { Hello }, notFound: () => <p>Custom 404</p> }), '/nowhere', i18n());
    expect(await screen.findByText('Custom 404')).toBeTruthy();
    first.unmount();

    renderScreens(testOptions([customSpec('lost', '*')], { components: { Hello } }), '/nowhere', i18n());
    expect(await screen.findByText('Hello lost')).toBeTruthy();
    expect(screen.queryByText('Page not found')).toBeNull();
  });

  it('builds the navigation from specs with nav, by order, translated', async () => {
    const specs = [
      customSpec('home', '/home', { nav: { order: 2 } }),
      customSpec('cards', '/cards', { nav: { order: 1, label: 'nav.cards' } }),
      customSpec('hidden', '/hidden'),
    ];
    renderScreens(testOptions(specs, { components: { Hello } }), '/home', i18n());
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect([...nav.querySelectorAll('a')].map((link) => link.textContent)).toEqual(['My cards', 'Home']);
  });

  it("draws an entry with nav.when only where the application's facts meet it", async () => {
    const specs = [
      customSpec('home', '/home', { nav: { order: 2 } }),
      customSpec('cards', '/cards', { nav: { order: 1, label: 'nav.cards', when: { field: 'offers.cards', equals: true } } }),
    ];
    const first = renderScreens(testOptions(specs, { components: { Hello }, facts: { offers: { cards: false } } }), '/home', i18n());
    const without = await screen.findByRole('navigation', { name: 'Main' });
    expect([...without.querySelectorAll('a')].map((link) => link.textContent)).toEqual(['Home']);
    first.unmount();
    renderScreens(testOptions(specs, { components: { Hello }, facts: { offers: { cards: true } } }), '/home', i18n());
    const withCards = await screen.findByRole('navigation', { name: 'Main' });
    expect([...withCards.querySelectorAll('a')].map((link) => link.textContent)).toEqual(['My cards', 'Home']);
  });

  it('tests nav.when against the live facts laid over the facts, and draws again when they change', async () => {
    const specs = [
      customSpec('home', '/home', { nav: { order: 2 } }),
      customSpec('cards', '/cards', {
        nav: {
          order: 1,
          label: 'nav.cards',
          when: {
            all: [
              { field: 'offers.cards', equals: true },
              { field: 'member', equals: true },
            ],
          },
        },
      }),
    ];
    let live: Record<string, unknown> | null = null;
    const listeners = new Set<() => void>();
    const liveFacts = {
      current: () => live,
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    renderScreens(testOptions(specs, { components: { Hello }, facts: { offers: { cards: true }, member: true }, liveFacts }), '/home', i18n());
    const links = async () => [...(await screen.findByRole('navigation', { name: 'Main' })).querySelectorAll('a')].map((link) => link.textContent);
    expect(await links()).toEqual(['My cards', 'Home']);
    live = { member: false };
    act(() => listeners.forEach((listener) => listener()));
    expect(await links()).toEqual(['Home']);
  });

  it('names the spec file when a guard or layout is not registered', () => {
    expect(() => createScreenRoutes(testOptions([customSpec('home', '/home', { guard: 'missing' })]))).toThrow(
      /screens\/home\.yaml uses guard "missing".*EngineOptions\.guards/,
    );
  });

  it('names the spec file and the component when a custom component is unknown', async () => {
    renderScreens(testOptions([{ ...customSpec('home', '/home'), source: 'screens/home.yaml' }]), '/home', i18n());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('screens/home.yaml');
    expect(alert.textContent).toContain('"Hello"');
  });

  it('shows an error screen when the spec does not load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const options = testOptions([customSpec('home', '/home')], { components: { Hello } });
    const home = options.screens[0];
    if (home) home.load = async () => ({ default: { id: 'other' } });
    renderScreens(options, '/home', i18n());
    expect(await screen.findByRole('heading', { name: 'This page could not be opened' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy());
  });
});
