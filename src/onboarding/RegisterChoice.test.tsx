import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Brand } from '../../generated/entities.ts';
import paxum from '../../brands/paxum/brand.json';
import paydek from '../../brands/paydek/brand.json';
import { AppProvider } from '../app/app-context.tsx';
import { createI18n } from '../i18n/create-i18n.ts';
import { testServices } from '../testing/app-services.ts';
import { RegisterChoice } from './RegisterChoice.tsx';

async function renderChoice(brand: Brand) {
  const i18n = await createI18n(brand);
  await i18n.changeLanguage('en');
  const spec = { id: 'register', route: '/register', layout: 'external', title: 'screens.register.title', kind: 'custom' } as const;
  const router = createMemoryRouter([{ path: '/register', element: <RegisterChoice spec={spec as never} props={{}} params={{}} /> }], { initialEntries: ['/register'] });
  render(
    <I18nextProvider i18n={i18n}>
      <AppProvider services={testServices({ brand })}>
        <RouterProvider router={router} />
      </AppProvider>
    </I18nextProvider>,
  );
}

describe('/register', () => {
  it('offers a personal and a business account where the brand allows registration', async () => {
    await renderChoice(paxum as Brand);
    expect((await screen.findByRole('link', { name: /Personal account/ })).getAttribute('href')).toBe('/register/personal');
    expect(screen.getByRole('link', { name: /Business account/ }).getAttribute('href')).toBe('/register/business');
  });

  it('says registration is not offered, with the way to sign in, where the brand disallows it', async () => {
    await renderChoice(paydek as Brand);
    expect(await screen.findByText('Paydek does not offer registration here.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Personal account/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });
});
