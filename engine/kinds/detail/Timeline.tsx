import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { getPath } from '../../data/paths';
import { formatDateTime } from '../../format/dates';
import { badgeTone } from '../../format/formatValue';
import { useIntlLocale } from '../../i18n/labels';
import type { TimelineSpec } from '../../spec/types';

/**
 * The steps of an item (`timeline.path` in its data), oldest first, as an ordered list: each step worded by
 * `<labels>.<event>`, toned like a badge by `tones` (carried as `data-tone`), and dated with a `<time>`
 * element in the reader's language and time zone, with the step's `note` field said under it as it is (a
 * reason the server worded). Nothing is drawn when the data has no steps.
 *
 * @example
 * ```tsx
 * <Timeline data={{ steps: [{ step: 'created', at: '2026-03-01T09:00:00Z' }] }}
 *   timeline={{ path: 'steps', event: 'step', at: 'at', labels: 'orders.steps', title: 'orders.history' }} />
 * ```
 */
export function Timeline({ data, timeline }: { data: Record<string, unknown>; timeline: TimelineSpec }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const headingId = useId();
  const steps = getPath(data, timeline.path);
  if (!Array.isArray(steps) || steps.length === 0) return null;
  return (
    <section className="eng-timeline" aria-labelledby={timeline.title ? headingId : undefined}>
      {timeline.title && (
        <h2 id={headingId} className="eng-timeline__title">
          {t(timeline.title)}
        </h2>
      )}
      <ol className="eng-timeline__steps">
        {steps
          .filter((step): step is Record<string, unknown> => typeof step === 'object' && step !== null)
          .map((step, index) => {
            const event = String(step[timeline.event] ?? '');
            const at = typeof step[timeline.at] === 'string' ? (step[timeline.at] as string) : '';
            const note = timeline.note && typeof step[timeline.note] === 'string' ? (step[timeline.note] as string) : '';
            return (
              <li key={`${event}-${index}`} className="eng-timeline__step" data-event={event} data-tone={badgeTone(timeline.tones, event)}>
                <span className="eng-timeline__event">{t(`${timeline.labels}.${event}`)}</span>
                {at && (
                  <time className="eng-timeline__time" dateTime={at}>
                    {formatDateTime(at, locale)}
                  </time>
                )}
                {note && <span className="eng-timeline__note">{note}</span>}
              </li>
            );
          })}
      </ol>
    </section>
  );
}
