import type { ComponentType } from 'react';
import type { CustomScreenProps, WidgetProps } from '../../engine/index.ts';

/**
 * The custom screens (`kind: custom`, named by `custom.component`) and form widgets (`ui:widget`)
 * screen specs may name. Each product area adds its own here, one line each; a component reads the
 * application's services with `useApp()`.
 */
export const components: Record<string, ComponentType<CustomScreenProps>> = {};

export const widgets: Record<string, ComponentType<WidgetProps>> = {};
