import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What the placeholders stand for, so each is as tall as what replaces it. */
export type SkeletonShape = 'cards' | 'lines' | 'bars';

/** A grey bar as tall as a line of text, `width` of its box. */
function Bone({ width, className = '' }: { width: string; className?: string }) {
  return <span className={`eng-skeleton__bone ${className}`} style={{ width }} />;
}

// Widths that vary from row to row, so a column of placeholders does not read as a grid.
const WIDTHS = ['62%', '48%', '70%', '55%', '40%'];
const widthOf = (index: number) => WIDTHS[index % WIDTHS.length]!;

/**
 * What a list shows while its data loads: `rows` placeholders of the height each item will take (a card
 * with its title, subtitle and value; a line of a row list with its title and text; a bar of a chart), so
 * nothing under it moves when the data arrives. A status region says "Loading" to screen readers, as
 * {@link LoadingIndicator} does; `children` (placeholder buttons) follow the rows. `rows` 0 draws only `children`.
 *
 * @example
 * ```tsx
 * if (!data) return <Skeleton shape="lines" rows={10} heading />;
 * ```
 */
export function Skeleton({ shape, rows, heading = false, children }: { shape: SkeletonShape; rows: number; heading?: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  const indexes = Array.from({ length: Math.max(0, rows) }, (_, index) => index);
  let body: ReactNode = null;
  if (indexes.length === 0) body = null;
  else if (shape === 'cards') {
    body = (
      <ul className="eng-cards eng-skeleton__cards">
        {indexes.map((index) => (
          <li key={index} className="eng-card">
            <span className="eng-card__title">
              <Bone width={widthOf(index)} />
            </span>
            <span className="eng-card__subtitle">
              <Bone width="35%" />
            </span>
            <span className="eng-card__value">
              <Bone width="50%" />
            </span>
          </li>
        ))}
      </ul>
    );
  } else if (shape === 'bars') {
    body = (
      <div className="eng-chart__plot">
        {indexes.map((index) => (
          <div key={index} className="eng-chart__row">
            <span className="eng-chart__label">
              <Bone width="4.5rem" />
            </span>
            <Bone width={widthOf(index)} />
            <span className="eng-chart__value">
              <Bone width="4.5rem" />
            </span>
          </div>
        ))}
      </div>
    );
  } else {
    body = (
      <>
        {heading && (
          <p className="eng-row-list__heading">
            <Bone width="6rem" />
          </p>
        )}
        <ul className="eng-row-list__items">
          {indexes.map((index) => (
            <li key={index} className="eng-row-list__item">
              <div className="eng-row-list__line">
                <span className="eng-row-list__main">
                  <span className="eng-row-list__title">
                    <Bone width="9rem" />
                  </span>
                  <span className="eng-row-list__text">
                    <Bone width="12rem" className="eng-skeleton__bone--shrink" />
                  </span>
                  <span className="eng-row-list__text">
                    <Bone width="3rem" />
                  </span>
                </span>
                <span className="eng-row-list__end">
                  <Bone width="4.5rem" />
                </span>
              </div>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <div className={`eng-skeleton eng-skeleton--${shape}`}>
      <span className="eng-visually-hidden" role="status" aria-live="polite">
        {t('engine.loading')}
      </span>
      <div className="eng-skeleton__body" aria-hidden="true">
        {body}
        {children}
      </div>
    </div>
  );
}
