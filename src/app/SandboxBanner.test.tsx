import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/translation.json';
import { isSandbox, SandboxBanner } from './SandboxBanner.tsx';

describe('SandboxBanner', () => {
  it('is shown only where the server says the environment is the sandbox', () => {
    const page = (content?: string) => {
      const doc = document.implementation.createHTMLDocument();
      if (content !== undefined) doc.head.innerHTML = `<meta name="environment" content="${content}">`;
      return doc;
    };
    expect(isSandbox(page('sandbox'))).toBe(true);
    expect(isSandbox(page('production'))).toBe(false);
    // index.html served without the server (the placeholder left as is) is not taken for a sandbox.
    expect(isSandbox(page('%ENVIRONMENT%'))).toBe(false);
    expect(isSandbox(page())).toBe(false);
  });

  it('says no real money moves and links the outbox, as a labelled landmark', async () => {
    const i18n = i18next.createInstance();
    await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
    render(
      <I18nextProvider i18n={i18n}>
        <SandboxBanner />
      </I18nextProvider>,
    );
    const banner = screen.getByRole('complementary', { name: 'Sandbox' });
    expect(banner.textContent).toMatch(/no real money/);
    expect(screen.getByRole('link', { name: 'the sandbox outbox' }).getAttribute('href')).toBe('/sandbox/outbox');
  });
});
