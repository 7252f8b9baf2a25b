import type { ComponentType } from 'react';
import type { ScreenKind, ScreenSpec } from '../spec/types';

/** What every kind component receives; route parameters come from `useRouteParams`. */
export interface KindProps {
  spec: ScreenSpec;
}

export type KindComponent = ComponentType<KindProps>;

/**
 * One dynamic import per kind, so that each kind is its own chunk: a sign-in form loads rjsf but not
 * TanStack Table, a table loads TanStack Table and rjsf only if it has filters.
 */
const kindModules: Record<ScreenKind, () => Promise<KindComponent>> = {
  form: () => import('../kinds/form/FormScreen').then((module) => module.FormScreen),
  table: () => import('../kinds/table/TableScreen').then((module) => module.TableScreen),
  detail: () => import('../kinds/detail/DetailScreen').then((module) => module.DetailScreen),
  wizard: () => import('../kinds/wizard/WizardScreen').then((module) => module.WizardScreen),
  dashboard: () => import('../kinds/dashboard/DashboardScreen').then((module) => module.DashboardScreen),
  custom: () => import('../kinds/custom/CustomScreen').then((module) => module.CustomScreen),
};

/**
 * Loads the component that draws a kind of screen.
 *
 * @example
 * ```ts
 * const FormScreen = await loadKind('form');
 * ```
 */
export function loadKind(kind: ScreenKind): Promise<KindComponent> {
  const load = kindModules[kind];
  if (!load) {
    return Promise.reject(new Error(`Unknown screen kind "${String(kind)}". Use one of: ${Object.keys(kindModules).join(', ')}.`));
  }
  return load();
}
