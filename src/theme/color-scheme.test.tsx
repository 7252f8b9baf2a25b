import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { startColorScheme, storedPreference, THEME_STORAGE_KEY } from './color-scheme.ts';
import type { Palette } from './palettes.ts';
import { ColorSchemeProvider, ThemeSwitcher } from './ThemeSwitcher.tsx';

const palette = (background: string): Palette => ({
  colorPrimary: '#0b5cad',
  colorPrimaryText: '#ffffff',
  colorBackground: background,
  colorSurface: '#ffffff',
  colorText: '#14213d',
  colorMuted: '#4a5568',
  colorDanger: '#b42318',
  colorSuccess: '#1e7b34',
});
const palettes = { light: palette('#f4f7fb'), dark: palette('#0b1422') };

/** A stand-in for matchMedia('(prefers-color-scheme: dark)') whose answer the test changes. */
function systemScheme(dark: boolean) {
  const listeners: Array<() => void> = [];
  return {
    matches: dark,
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    switchTo(next: boolean) {
      this.matches = next;
      for (const listener of listeners) listener();
    },
  };
}

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
}

const background = (root: HTMLElement) => root.style.getPropertyValue('--color-background');

describe('startColorScheme', () => {
  it("follows the system's scheme while nothing is chosen, as it changes", () => {
    const root = document.createElement('html');
    const media = systemScheme(true);
    startColorScheme(palettes, { root, storage: memoryStorage(), media });
    expect(background(root)).toBe('#0b1422');
    expect(root.style.getPropertyValue('color-scheme')).toBe('dark');
    media.switchTo(false);
    expect(background(root)).toBe('#f4f7fb');
    expect(root.style.getPropertyValue('color-scheme')).toBe('light');
  });

  it('keeps a chosen theme whatever the system says, and remembers it', () => {
    const root = document.createElement('html');
    const media = systemScheme(false);
    const storage = memoryStorage();
    const scheme = startColorScheme(palettes, { root, storage, media });
    scheme.choose('dark');
    expect(background(root)).toBe('#0b1422');
    media.switchTo(false);
    expect(background(root)).toBe('#0b1422');
    expect(storage.values.get(THEME_STORAGE_KEY)).toBe('dark');

    const next = document.createElement('html');
    startColorScheme(palettes, { root: next, storage, media: systemScheme(false) });
    expect(background(next)).toBe('#0b1422');
  });

  it('reads an unknown or unreadable remembered value as "as the system"', () => {
    expect(storedPreference(memoryStorage({ [THEME_STORAGE_KEY]: 'purple' }))).toBe('system');
    expect(
      storedPreference({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('system');
  });
});

describe('ThemeSwitcher', () => {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'en',
    resources: { en: { translation: { layout: { theme: 'Theme', themeSystem: 'As the system', themeLight: 'Light', themeDark: 'Dark' } } } },
  });

  it('offers system, light and dark, and switches the page at once', () => {
    const root = document.createElement('html');
    const scheme = startColorScheme(palettes, { root, storage: memoryStorage(), media: systemScheme(false) });
    render(
      <I18nextProvider i18n={i18n}>
        <ColorSchemeProvider controller={scheme}>
          <ThemeSwitcher />
        </ColorSchemeProvider>
      </I18nextProvider>,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('Theme');
    expect([...select.options].map((option) => option.text)).toEqual(['As the system', 'Light', 'Dark']);
    expect(select.value).toBe('system');
    fireEvent.change(select, { target: { value: 'dark' } });
    expect(background(root)).toBe('#0b1422');
    expect(select.value).toBe('dark');
    act(() => scheme.choose('light'));
    expect(select.value).toBe('light');
  });

  it('shows nothing without a colour scheme to switch', () => {
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <ThemeSwitcher />
      </I18nextProvider>,
    );
    expect(container.innerHTML).toBe('');
  });
});
