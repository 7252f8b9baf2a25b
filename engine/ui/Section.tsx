import { useId, type ReactNode } from 'react';

/**
 * A titled part of a screen, drawn as a dashboard's sections are: an `h2` naming the region, an optional
 * description, then the content; `card` frames it as a panel (a question that opened below a list).
 *
 * @example
 * ```tsx
 * <Section title={t('devices.title')} description={t('devices.intro')}>
 *   <ul>…</ul>
 * </Section>
 * ```
 */
export function Section({ title, description, card = false, children }: { title: string; description?: string; card?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={card ? 'eng-section eng-card' : 'eng-section'} aria-labelledby={headingId}>
      <h2 id={headingId} className="eng-section__title">
        {title}
      </h2>
      {description && <p className="eng-section__description">{description}</p>}
      {children}
    </section>
  );
}
