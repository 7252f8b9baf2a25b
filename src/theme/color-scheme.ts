import { THEME_PROPERTIES } from './apply-theme.ts';
import { COLOR_TOKENS, type Palette } from './palettes.ts';

/** What the person chose: follow the system, or always light, or always dark. */
export type ThemePreference = 'system' | 'light' | 'dark';
export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];
/** Where the choice is remembered, across visits (localStorage). */
export const THEME_STORAGE_KEY = 'theme';

const isPreference = (value: unknown): value is ThemePreference => THEME_PREFERENCES.includes(value as ThemePreference);

/**
 * The remembered choice, or 'system' when there is none (or storage cannot be read).
 *
 * @example
 * storedPreference(localStorage); // 'dark' after chooseTheme('dark')
 */
export function storedPreference(storage: Pick<Storage, 'getItem'>): ThemePreference {
  try {
    const value = storage.getItem(THEME_STORAGE_KEY);
    return isPreference(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

/** Which of the two palettes a preference shows, given whether the system asks for dark. */
export const resolvedScheme = (preference: ThemePreference, systemDark: boolean): 'light' | 'dark' =>
  preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;

/** Writes a palette to the colour custom properties on `root`, and tells the browser which scheme its own controls should use. */
export function applyPalette(palette: Palette, scheme: 'light' | 'dark', root: HTMLElement): void {
  for (const token of COLOR_TOKENS) {
    root.style.setProperty(THEME_PROPERTIES[token], palette[token]);
  }
  root.style.setProperty('color-scheme', scheme);
  root.dataset.theme = scheme;
}

/** `matchMedia('(prefers-color-scheme: dark)')`, as far as this module reads it. */
export interface DarkSchemeQuery {
  readonly matches: boolean;
  addEventListener(type: 'change', listener: () => void): void;
}

/** The brand's two palettes, kept on the page so a change of preference or of the system's scheme can repaint it. */
export interface ColorSchemeController {
  preference(): ThemePreference;
  /** Applies and remembers a choice. */
  choose(preference: ThemePreference): void;
  /** Calls `listener` after every change of the shown scheme or the choice; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/**
 * Shows the light or the dark palette as the preference and the system's `prefers-color-scheme` say,
 * and follows both as they change (the system's scheme while the preference is 'system').
 *
 * @example
 * const scheme = startColorScheme({ light, dark }, { root: document.documentElement, storage: localStorage, media: matchMedia('(prefers-color-scheme: dark)') });
 * scheme.choose('dark');
 */
export function startColorScheme(
  palettes: { light: Palette; dark: Palette },
  { root, storage, media }: { root: HTMLElement; storage: Pick<Storage, 'getItem' | 'setItem'>; media: DarkSchemeQuery },
): ColorSchemeController {
  let preference = storedPreference(storage);
  const listeners = new Set<() => void>();
  const paint = () => {
    const scheme = resolvedScheme(preference, media.matches);
    applyPalette(palettes[scheme], scheme, root);
    for (const listener of listeners) listener();
  };
  media.addEventListener('change', () => {
    if (preference === 'system') paint();
  });
  paint();
  return {
    preference: () => preference,
    choose(next) {
      preference = next;
      try {
        storage.setItem(THEME_STORAGE_KEY, next);
      } catch {
        // Storage refused (private mode, quota): the choice still holds for this page.
      }
      paint();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
