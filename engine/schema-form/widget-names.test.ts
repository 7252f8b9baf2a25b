import { describe, expect, it } from 'vitest';
import { getDefaultRegistry } from '@rjsf/core';
import { getWidget, type RJSFSchema, type Widget } from '@rjsf/utils';
import { ENGINE_WIDGET_NAMES } from './widget-names';
import { widgets } from './widgets';
import { withEngineFields } from './SchemaForm';

// SchemaForm hands rjsf the engine's widgets, which rjsf merges over its own: the same lookup here.
const rjsfWidgets = getDefaultRegistry().widgets;
const registry = { ...rjsfWidgets, ...widgets } as Record<string, Widget>;
// rjsf wraps the widget it finds once and keeps the wrapper on it as `MergedWidget`.
const wrapper = (widget: unknown) => (widget as { MergedWidget?: unknown }).MergedWidget;

// Some names (`fileSet`, `flagList`, `checkboxes`, `questionSet`) are drawn by rjsf fields of the engine
// instead: withEngineFields turns their `ui:widget` into a `ui:field` of the same name.
const drawnByField = (name: string) => (withEngineFields({ x: { 'ui:widget': name } }) as { x: Record<string, unknown> }).x['ui:field'] === name;
const FIELD_NAMES: readonly string[] = ENGINE_WIDGET_NAMES.filter(drawnByField);
const widgetNames = ENGINE_WIDGET_NAMES.filter((name) => !FIELD_NAMES.includes(name));

describe('ENGINE_WIDGET_NAMES', () => {
  it("'fileSet', 'flagList', 'checkboxes' and 'questionSet' are drawn by the engine's own fields", () => {
    expect(FIELD_NAMES).toEqual(expect.arrayContaining(['fileSet', 'flagList', 'checkboxes', 'questionSet']));
    expect(withEngineFields({ scans: { 'ui:widget': 'fileSet' } })).toEqual({ scans: { 'ui:widget': 'fileSet', 'ui:field': 'fileSet' } });
    expect(withEngineFields({ toppings: { 'ui:widget': 'flagList' } })).toEqual({ toppings: { 'ui:widget': 'flagList', 'ui:field': 'flagList' } });
  });

  it.each(widgetNames)("'%s' is drawn by the engine's own widget (hidden: rjsf's hidden input)", (name) => {
    const schema: RJSFSchema = { type: name === 'checkbox' ? 'boolean' : name === 'files' ? 'array' : 'string' };
    const found = getWidget(schema, name, registry);
    if (name === 'hidden') {
      expect(found).toBe(wrapper(rjsfWidgets.HiddenWidget));
    } else {
      expect(Object.values(widgets).map(wrapper)).toContain(found);
    }
  });
});
