import { useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { LiveValue } from '../../../spec/types';
import type { LiveFields } from './LiveContext';
import { liveCase, liveNote, LivePanel } from './LiveOutput';
import type { LiveState } from './useLiveValues';

/**
 * What a form's live values draw: messages and panels placed by field (for the field template), the
 * answers' values (which labels may name), and the panels without `after`, drawn above the buttons.
 * `onFill` receives what a panel's button copies into the form.
 *
 * @example
 * ```tsx
 * const { fields, rest } = useLiveFields(form.live, states, (values) => setData((data) => ({ ...data, ...values })));
 * <LiveFieldsContext value={fields}><SchemaForm …>{rest}<button type="submit" /></SchemaForm></LiveFieldsContext>
 * ```
 */
export function useLiveFields(
  live: readonly LiveValue[] | undefined,
  states: Record<string, LiveState>,
  onFill: (values: Record<string, unknown>) => void,
): { fields: LiveFields; rest: ReactNode } {
  const { t } = useTranslation();
  const fill = useRef(onFill);
  fill.current = onFill;
  return useMemo(() => {
    const messages: Record<string, LiveFields['messages'][string]> = {};
    const values: Record<string, unknown> = {};
    const panels: Record<string, ReactNode[]> = {};
    const rest: ReactNode[] = [];
    for (const entry of live ?? []) {
      const state = states[entry.id];
      if (state?.status === 'ready') Object.assign(values, state.answer);
      if (entry.message) messages[entry.message.field] = liveNote(t, entry, state);
      if (!entry.panel) continue;
      const panel = <LivePanel key={entry.id} live={entry} state={state} onFill={(filled) => fill.current(filled)} />;
      if (entry.panel.after) (panels[entry.panel.after] ??= []).push(panel);
      else rest.push(panel);
    }
    return { fields: { messages, panels, values }, rest };
  }, [live, states, t]);
}

/**
 * The messages that refuse a submit (`blocksSubmit`) as they stand, by field, translated.
 *
 * @example
 * ```ts
 * blockingNotes(form.live, states, t); // { toEmail: 'This person is on your payout blacklist' }
 * ```
 */
export function blockingNotes(live: readonly LiveValue[] | undefined, states: Record<string, LiveState>, t: TFunction): Record<string, string> {
  const blocked: Record<string, string> = {};
  for (const entry of live ?? []) {
    if (!entry.message) continue;
    const found = liveCase(entry.message, states[entry.id]);
    if (found?.blocksSubmit) blocked[entry.message.field] = liveNote(t, entry, states[entry.id])?.text ?? t(found.text);
  }
  return blocked;
}
