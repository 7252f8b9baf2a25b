import './layouts.css';
import type { ComponentType } from 'react';
import type { LayoutProps } from '../../engine/index.ts';
import { ClearLayout } from './ClearLayout.tsx';
import { ExternalLayout } from './ExternalLayout.tsx';
import { MainLayout } from './MainLayout.tsx';
import { RestrictedLayout } from './RestrictedLayout.tsx';

/** The four shells of document 000 section 1, by the name screen specs use. */
export const layouts: Record<'external' | 'restricted' | 'clear' | 'main', ComponentType<LayoutProps>> = {
  external: ExternalLayout,
  restricted: RestrictedLayout,
  clear: ClearLayout,
  main: MainLayout,
};
