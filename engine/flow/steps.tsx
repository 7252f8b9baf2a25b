import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPath } from '../data/paths';
import { DefinitionList } from '../kinds/detail/DefinitionList';
import { CopyButton } from '../ui/CopyButton';
import type { ResultStep as ResultSpec, ReviewStep as ReviewSpec } from '../spec/types';
import { matchesWhen } from '../spec/when';
import { Dialog } from '../ui/Dialog';

type Values = Record<string, unknown>;

/**
 * An i18n key that names values of the answer (`orders.{{status}}Title`) with them filled in, so one spec
 * line words every outcome.
 *
 * @example
 * ```ts
 * keyFromValues('orders.{{status}}Title', { status: 'shipped' }); // 'orders.shippedTitle'
 * ```
 */
export function keyFromValues(key: string, values: Values): string {
  return key.replace(/\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g, (_, path: string) => String(getPath(values, path) ?? ''));
}

/** The step before the call: what will happen, then Confirm (makes the call) or Back (to the form). */
export function ReviewStep({ review, values, onAnswer }: { review: ReviewSpec; values: Values; onAnswer: (go: boolean) => void }) {
  const { t } = useTranslation();
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      title={t(review.title, values)}
      onClose={() => onAnswer(false)}
      initialFocus={confirmRef}
      buttons={
        <>
          <button type="button" className="eng-button eng-button--secondary" onClick={() => onAnswer(false)}>
            {t(review.back ?? 'engine.back')}
          </button>
          <button ref={confirmRef} type="button" className="eng-button eng-button--primary" onClick={() => onAnswer(true)}>
            {t(review.confirm ?? 'engine.flow.confirm')}
          </button>
        </>
      }
    >
      <DefinitionList data={values} fields={review.items} />
    </Dialog>
  );
}

/** Seconds left until `ms` from when it was first drawn, counted down once a second (a timer, not announced each second). */
function useSecondsLeft(ms: number | undefined): number | undefined {
  const [end] = useState(() => (ms === undefined ? undefined : Date.now() + ms));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (end === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [end]);
  return end === undefined ? undefined : Math.max(0, Math.ceil((end - now) / 1000));
}

/**
 * The step after the final answer: its title, text and values; it closes by itself where the spec says so.
 * With `reveal`, it shows one secret value of the answer, announced once, with a visible countdown, and
 * hides it (closes) after `reveal.hideAfterMs`.
 */
export function ResultStep({ result, values, onClose }: { result: ResultSpec; values: Values; onClose: () => void }) {
  const { t } = useTranslation();
  const reveal = result.reveal;
  const closesAfter = reveal
    ? reveal.hideAfterMs
    : result.closeAfterMs !== undefined && matchesWhen(result.closeWhen, values)
      ? result.closeAfterMs
      : undefined;
  const closesItself = !reveal && closesAfter !== undefined;
  useEffect(() => {
    if (closesAfter === undefined) return;
    const timer = setTimeout(onClose, closesAfter);
    return () => clearTimeout(timer);
  }, [closesAfter, onClose]);
  const secondsLeft = useSecondsLeft(reveal?.hideAfterMs);
  const secret = reveal ? getPath(values, reveal.field) : undefined;
  // An answer without the secret (a replay of an earlier call) says `missingText` instead of it and of `text`.
  const missing = secret === undefined || secret === null || secret === '';
  return (
    <Dialog
      role="alertdialog"
      title={t(keyFromValues(result.title, values), values)}
      onClose={onClose}
      buttons={
        <button type="button" className="eng-button eng-button--primary" onClick={onClose}>
          {t(result.close ?? 'engine.flow.close')}
        </button>
      }
    >
      <div className="eng-flow__result" role="status">
        {result.items && <DefinitionList data={values} fields={result.items} hideEmpty />}
        {reveal && missing && reveal.missingText && <p>{t(reveal.missingText, values)}</p>}
        {reveal && !(missing && reveal.missingText) && (
          <p className="eng-flow__reveal">
            {reveal.label && <span className="eng-flow__reveal-label">{t(reveal.label, values)}</span>}
            <span className="eng-flow__secret" data-fact={reveal.field}>
              {secret === undefined || secret === null ? '' : String(secret)}
            </span>
          </p>
        )}
        {reveal?.copy && secret !== undefined && secret !== null && <CopyButton text={String(secret)} label={t(reveal.label ?? reveal.field)} />}
        {result.text && !(reveal?.missingText && missing) && <p>{t(keyFromValues(result.text, values), values)}</p>}
        {closesItself && <p className="eng-flow__meta">{t('engine.flow.closesSoon')}</p>}
      </div>
      {reveal && (
        <p className="eng-flow__meta" role="timer" data-seconds-left={secondsLeft}>
          {t('engine.flow.hiddenIn', { count: secondsLeft })}
        </p>
      )}
    </Dialog>
  );
}
