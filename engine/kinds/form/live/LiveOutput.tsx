import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { getPath } from '../../../data/paths';
import { DefinitionList } from '../../detail/DefinitionList';
import type { LiveMessageCase, LiveValue } from '../../../spec/types';
import { matchesWhen } from '../../../spec/when';
import type { LiveNote } from './LiveContext';
import type { LiveState } from './useLiveValues';

/**
 * The case of a live message that holds for its state: `invalid` and `pending` have their own keys, an
 * answer takes the first case whose `when` holds. Null when nothing is to be said.
 *
 * @example
 * ```ts
 * liveCase(live.message, { status: 'ready', answer: { exists: false } }); // the case worded "will be invited"
 * ```
 */
export function liveCase(message: NonNullable<LiveValue['message']>, state: LiveState | undefined): LiveMessageCase | null {
  if (!state) return null;
  if (state.status === 'invalid') return message.invalid ? { text: message.invalid, tone: 'bad' } : null;
  if (state.status === 'pending') return message.pending ? { text: message.pending, tone: 'neutral' } : null;
  if (state.status !== 'ready') return null;
  return message.cases.find((candidate) => matchesWhen(candidate.when, state.answer)) ?? null;
}

/** The message of a live value, translated with its answer. */
export function liveNote(t: TFunction, live: LiveValue, state: LiveState | undefined): LiveNote | null {
  if (!live.message) return null;
  const found = liveCase(live.message, state);
  if (!found) return null;
  return { text: t(found.text, state?.status === 'ready' ? state.answer : {}), tone: found.tone ?? 'neutral' };
}

/**
 * A live value's panel: its `title`, its labelled values (of the part of the answer at `path`), a dash
 * while there is none, and its `note`; `aria-live` so the new figures are heard. Each value carries `data-field`. Its button, usable
 * once answered, hands `onFill` the answer values its `fill` names, by form field.
 */
export function LivePanel({ live, state, onFill }: { live: LiveValue; state: LiveState | undefined; onFill: (values: Record<string, unknown>) => void }) {
  const { t } = useTranslation();
  if (!live.panel) return null;
  const whole = state?.status === 'ready' ? state.answer : undefined;
  // `path` picks the part of the answer the values read (one item of a list); the button reads the whole.
  const part = live.panel.path && whole ? getPath(whole, live.panel.path) : whole;
  const answer = typeof part === 'object' && part !== null ? (part as Record<string, unknown>) : undefined;
  const button = live.panel.button;
  return (
    <div className="eng-live-panel" data-live={live.id}>
      {live.panel.title && <p className="eng-live-panel__title">{t(live.panel.title, answer)}</p>}
      <div aria-live="polite">
        <DefinitionList data={answer ?? {}} fields={live.panel.items} />
      </div>
      {live.panel.note && <p className="eng-help">{t(live.panel.note, answer)}</p>}
      {button && (
        <button
          type="button"
          className="eng-button eng-button--secondary"
          disabled={!whole}
          onClick={() => whole && onFill(Object.fromEntries(Object.entries(button.fill).map(([field, path]) => [field, getPath(whole, path)])))}
        >
          {t(button.label)}
        </button>
      )}
    </div>
  );
}
