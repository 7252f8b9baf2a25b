import { act, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Brand } from '../../generated/entities.ts';
import paxum from '../../brands/paxum/brand.json';
import fundstr from '../../brands/fundstr/brand.json';
import { AppProvider } from '../app/app-context.tsx';
import { createI18n } from '../i18n/create-i18n.ts';
import { createCustomerStore } from '../session/customer-store.ts';
import { testServices } from '../testing/app-services.ts';
import type { NavItem } from '../../engine/index.ts';
import { MainLayout, splitNavigation } from './MainLayout.tsx';

const navItems: NavItem[] = [
  { id: 'history', route: '/history', label: 'History', order: 20, placement: 'primary', bar: true, icon: 'history' },
  { id: 'home', route: '/home', label: 'Home', order: 10, placement: 'primary', bar: true, icon: 'home' },
  { id: 'news', route: '/news', label: 'News', order: 60, placement: 'more', bar: false },
];

async function renderMain(brand: Brand = paxum as Brand, customerType: 'personal' | 'business' = 'personal') {
  const i18n = await createI18n(brand);
  const customer = createCustomerStore(async () => ({
    customer: { userId: 1, customerId: 10, login: 'personal@example.com', customerType, verified: true, limited: false, isAdmin: false },
    profile: { firstName: 'Anna', lastName: 'Novak' },
    phones: [],
    addresses: [],
  }));
  const actions = { signIn: vi.fn(), signOut: vi.fn(async () => ({ navigate: '/login' })), customerReload: vi.fn(async () => undefined) };
  const router = createMemoryRouter(
    [
      {
        path: '/home',
        element: (
          <MainLayout screen={{ id: 'home', title: 'Home', layout: 'main' }} navItems={navItems}>
            <h1>Home</h1>
          </MainLayout>
        ),
      },
      { path: '/login', element: <p>Sign-in page</p> },
    ],
    { initialEntries: ['/home'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <AppProvider services={testServices({ brand, customer, actions })}>
        <RouterProvider router={router} />
      </AppProvider>
    </I18nextProvider>,
  );
  await screen.findByText('Anna Novak');
  return { router, actions };
}

describe('MainLayout', () => {
  it('has a skip link, a banner, labelled navigation and the main region', async () => {
    await renderMain();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveProperty('hash', '#content');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('content');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'History', 'News']);
    expect(screen.getByRole('img', { name: 'Paxum' })).toBeTruthy();
  });

  it('folds the navigation behind a menu button that says whether it is open', async () => {
    await renderMain();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    act(() => button.click());
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
  });

  it("offers only the brand's languages", async () => {
    await renderMain(fundstr as Brand);
    const options = within(screen.getByRole('combobox', { name: 'Language' })).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual(['en', 'es']);
  });

  it('signs out through the session action and goes to sign-in', async () => {
    const { router, actions } = await renderMain();
    await act(async () => screen.getByRole('button', { name: 'Sign out' }).click());
    expect(actions.signOut).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('puts the secondary entries behind a More button that Escape closes, giving the focus back', async () => {
    await renderMain();
    const more = screen.getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(within(list).getByRole('link', { name: 'News' })).toBeTruthy();
    act(() => more.click());
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const news = within(list).getByRole('link', { name: 'News' });
    act(() => news.focus());
    act(() => {
      news.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more);
  });

  it("lists the company's profile and its users' access under More for a business user only", async () => {
    await renderMain(paxum as Brand, 'business');
    const list = document.getElementById(screen.getByRole('button', { name: 'More' }).getAttribute('aria-controls')!)!;
    expect(within(list).getByRole('link', { name: 'Company' }).getAttribute('href')).toBe('/company');
    expect(within(list).getByRole('link', { name: 'Users and access' }).getAttribute('href')).toBe('/company-access');
  });

  it('lists no company entries for a personal customer', async () => {
    await renderMain();
    const list = document.getElementById(screen.getByRole('button', { name: 'More' }).getAttribute('aria-controls')!)!;
    expect(within(list).queryByRole('link', { name: 'Company' })).toBeNull();
    expect(within(list).queryByRole('link', { name: 'Users and access' })).toBeNull();
  });

  it('shows the main entries with their labels in the bottom bar, and whom the customer acts as', async () => {
    await renderMain();
    const bar = screen.getByRole('navigation', { name: 'Quick navigation' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'History']);
    expect(within(bar).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('banner').textContent).toContain('Signed in as Anna Novak');
  });
});

describe('splitNavigation', () => {
  const entry = (order: number, placement: 'primary' | 'more' = 'primary'): NavItem => ({
    id: `e${order}`,
    route: `/e${order}`,
    label: `E${order}`,
    order,
    placement,
    bar: order < 3,
  });

  it('keeps at most six primary entries in order, the rest and those placed there under More', () => {
    const items = [entry(9), entry(1), entry(2, 'more'), entry(3), entry(4), entry(5), entry(6), entry(7), entry(8)];
    const { primary, more, bar } = splitNavigation(items);
    expect(primary.map((item) => item.order)).toEqual([1, 3, 4, 5, 6, 7]);
    expect(more.map((item) => item.order)).toEqual([2, 8, 9]);
    expect(bar.map((item) => item.order)).toEqual([1, 2]);
  });
});
