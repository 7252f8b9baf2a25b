import type { ReactNode } from 'react';

/** Which picture an empty state shows: nothing here yet, or nothing matches what was asked for. */
export type EmptyIllustration = 'empty' | 'noMatch';

/**
 * A small picture for an empty list, drawn in the brand's colours: every shape is filled through a class
 * whose colour is a mix of the theme's primary, surface and text (engine/styles.css), so it follows the
 * brand and its dark theme with no picture per brand. Decorative: hidden from screen readers, which read
 * the words beside it.
 */
function Illustration({ kind }: { kind: EmptyIllustration }) {
  return (
    <svg className="eng-illustration" viewBox="0 0 160 120" width="160" height="120" aria-hidden="true" focusable="false">
      <ellipse className="eng-illustration__ground" cx="80" cy="104" rx="56" ry="8" />
      <circle className="eng-illustration__halo" cx="80" cy="56" r="46" />
      {kind === 'empty' ? (
        <>
          {/* Two sheets fanned out behind an open tray: a list with nothing in it yet. */}
          <rect className="eng-illustration__sheet" x="50" y="22" width="48" height="58" rx="6" transform="rotate(-10 74 51)" />
          <rect className="eng-illustration__sheet" x="62" y="18" width="48" height="58" rx="6" transform="rotate(8 86 47)" />
          <rect className="eng-illustration__line" x="72" y="32" width="28" height="4" rx="2" transform="rotate(8 86 47)" />
          <rect className="eng-illustration__line" x="72" y="42" width="20" height="4" rx="2" transform="rotate(8 86 47)" />
          <path className="eng-illustration__tray" d="M38 66h24l6 10h24l6-10h24v24a8 8 0 0 1-8 8H46a8 8 0 0 1-8-8z" />
          <path className="eng-illustration__accent" d="M124 24l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" />
        </>
      ) : (
        <>
          {/* A sheet under a magnifying glass that finds nothing: no row matches the filters. */}
          <rect className="eng-illustration__sheet" x="46" y="20" width="54" height="70" rx="6" />
          <rect className="eng-illustration__line" x="56" y="32" width="34" height="4" rx="2" />
          <rect className="eng-illustration__line" x="56" y="42" width="26" height="4" rx="2" />
          <rect className="eng-illustration__line" x="56" y="52" width="30" height="4" rx="2" />
          <circle className="eng-illustration__lens" cx="98" cy="66" r="17" />
          <path className="eng-illustration__handle" d="M110 78l14 14" />
          <path className="eng-illustration__handle" d="M92 60l12 12M104 60l-12 12" />
        </>
      )}
    </svg>
  );
}

/**
 * What a list, table or section with no rows shows: a small picture in the brand's colours, the words
 * the spec gives (`emptyText`), and any buttons inviting the first step.
 *
 * @example
 * ```tsx
 * <EmptyState text={t('contacts.empty')} illustration={filtered ? 'noMatch' : 'empty'}>
 *   <ButtonLink to="/contacts/new" variant="primary">{t('contacts.add')}</ButtonLink>
 * </EmptyState>
 * ```
 */
export function EmptyState({ text, illustration = 'empty', children }: { text: string; illustration?: EmptyIllustration; children?: ReactNode }) {
  return (
    <div className="eng-empty-state">
      <Illustration kind={illustration} />
      <p className="eng-empty-state__text">{text}</p>
      {children && <div className="eng-empty-state__actions">{children}</div>}
    </div>
  );
}
