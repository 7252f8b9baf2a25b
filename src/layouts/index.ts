import './layouts.css';
import type { ComponentType } from 'react';
import type { LayoutLoader, LayoutProps } from '../../engine/index.ts';
import { ClearLayout } from './ClearLayout.tsx';
import { ExternalLayout } from './ExternalLayout.tsx';
import { RestrictedLayout } from './RestrictedLayout.tsx';

/**
 * The four shells of document 000 section 1, by the name screen specs use. The signed-in shell (its
 * navigation, menus and banners) is fetched with the first signed-in screen, not on the sign-in page.
 */
export const layouts: Record<'external' | 'restricted' | 'clear' | 'main', ComponentType<LayoutProps> | LayoutLoader> = {
  external: ExternalLayout,
  restricted: RestrictedLayout,
  clear: ClearLayout,
  main: { load: async () => (await import('./MainLayout.tsx')).MainLayout },
};
