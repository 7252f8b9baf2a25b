import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fillPath, getPath } from '../data/paths';
import { saveAnswerFile } from '../files/saveFile';
import { useEngine } from '../provider/EngineProvider';
import { DefinitionList } from '../kinds/detail/DefinitionList';
import { CopyButton } from '../ui/CopyButton';
import type { ResultFrame, ResultList, ResultStep as ResultSpec, ReviewStep as ReviewSpec } from '../spec/types';
import { matchesWhen } from '../spec/when';
import { Dialog } from '../ui/Dialog';
import { LoadingIndicator } from '../ui/Progress';

/* The table code (TanStack Table) is fetched only when a result lists rows, so every screen with an action need not load it. */
const DataTable = lazy(() => import('../kinds/table/DataTable').then((module) => ({ default: module.DataTable })));

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

/** The rows a call acted on (a bulk button's selection, a group's rows) and the field that names each. */
export interface ResultRows {
  key: string;
  rows: readonly Values[];
}

/**
 * The items of a result `list`: the list at `path` of the answer, each item filled in from the row whose
 * `rows.key` value equals the item's `list.key` value (the item's own values win: a new status).
 *
 * @example
 * ```ts
 * resultItems({ path: 'results', key: 'id', columns: [] }, { results: [{ id: 4, outcome: 'done' }] }, { key: 'orderId', rows: [{ orderId: 4, amount: '5.00' }] });
 * // [{ orderId: 4, amount: '5.00', id: 4, outcome: 'done' }]
 * ```
 */
export function resultItems(list: ResultList, answer: Values, rows?: ResultRows): Values[] {
  const items = getPath(answer, list.path);
  if (!Array.isArray(items)) return [];
  const byKey = new Map((rows?.rows ?? []).map((row) => [String(row[rows!.key]), row]));
  return items
    .filter((item): item is Values => typeof item === 'object' && item !== null)
    .map((item) => ({ ...(list.key !== undefined ? byKey.get(String(item[list.key])) : undefined), ...item }));
}

/** A result's list as a small table, one line per item the call acted on. */
function ResultListTable({ list, caption, items }: { list: ResultList; caption: string; items: Values[] }) {
  return (
    <Suspense fallback={<LoadingIndicator />}>
      <DataTable
        compact
        caption={caption}
        columns={list.columns}
        rows={items}
        rowCount={items.length}
        pagination={{ pageIndex: 0, pageSize: Math.max(items.length, 1) }}
        rowKey={list.key}
        loading={false}
      />
    </Suspense>
  );
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

/** A result `file`'s params with `':name'` taken from the values; null while one of them has none. */
function fileParams(params: Record<string, unknown> | undefined, values: Values): Values | null {
  const bound: Values = {};
  for (const [field, value] of Object.entries(params ?? {})) {
    const taken = typeof value === 'string' && value.startsWith(':') ? getPath(values, value.slice(1)) : value;
    if (taken === undefined || taken === null || taken === '') return null;
    bound[field] = taken;
  }
  return bound;
}

/**
 * The result's `file` button: calls its method and hands the file answer to the browser to save. Busy
 * (`aria-busy`, disabled) while it is asked; a failure goes to the application's `onError`, the step stays.
 */
function ResultFileButton({ file, params, source }: { file: NonNullable<ResultSpec['file']>; params: Values; source: string }) {
  const { t } = useTranslation();
  const { callMethod, onError } = useEngine();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      saveAnswerFile(await callMethod(file.method, params), source);
    } catch (error) {
      onError?.(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="eng-button eng-button--link" aria-busy={busy} disabled={busy} onClick={() => void save()}>
      {t(file.label, params)}
    </button>
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
 * The address a result's frame may show: an http(s) URL or a path on this site; anything else (a
 * `javascript:` or `data:` address, a protocol-relative `//host`) is null and is not framed.
 *
 * @example
 * frameAddress('https://sign.example/s/1') // 'https://sign.example/s/1'
 * frameAddress('javascript:alert(1)')      // null
 */
export function frameAddress(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  if (value.startsWith('/')) return value.startsWith('//') ? null : value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A page of another site inside the result step (a partner's form filled in place), or `missingText`. */
function ResultFrameView({ frame, values }: { frame: ResultFrame; values: Values }) {
  const { t } = useTranslation();
  const address = frameAddress(getPath(values, frame.field));
  if (!address) return frame.missingText ? <p>{t(frame.missingText, values)}</p> : null;
  return (
    <iframe
      className="eng-flow__frame"
      src={address}
      title={t(frame.title, values)}
      style={{ height: `${frame.height ?? 560}px` }}
      sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
      referrerPolicy="no-referrer"
      data-fact={frame.field}
    />
  );
}

/**
 * The step after the final answer: its title, text and values; it closes by itself where the spec says so.
 * With `details`, a link to the page of what the call made (the path filled from the answer); with
 * `repeat` and `onRepeat`, a button that closes it and sends the person back to the filled form; with
 * `file`, a button that saves the file its method answers (a receipt's PDF).
 * With `reveal`, it shows one secret value of the answer, announced once, with a visible countdown, and
 * hides it (closes) after `reveal.hideAfterMs`. With `list`, the answer's items (one per row acted on,
 * filled in from `rows`) as a table. With `frame`, the page at the answer's address inside the step (a
 * partner's signing form), closed by the person when done. Its status region is named by the title.
 */
export function ResultStep({
  result,
  values,
  rows,
  onClose,
  onRepeat,
  source = 'this screen',
}: {
  result: ResultSpec;
  values: Values;
  rows?: ResultRows;
  onClose: () => void;
  onRepeat?: () => void;
  /** The spec file, named in the error when `file`'s method answers no file. */
  source?: string;
}) {
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
  const title = t(keyFromValues(result.title, values), values);
  const details = result.details ? fillPath(result.details.path, values) : null;
  const saved = result.file ? fileParams(result.file.params, values) : null;
  return (
    <Dialog
      role="alertdialog"
      title={title}
      onClose={onClose}
      buttons={
        <>
          {result.repeat && onRepeat && (
            <button type="button" className="eng-button eng-button--secondary" onClick={onRepeat}>
              {t(result.repeat, values)}
            </button>
          )}
          <button type="button" className="eng-button eng-button--primary" onClick={onClose}>
            {t(result.close ?? 'engine.flow.close')}
          </button>
        </>
      }
    >
      <div className="eng-flow__result" role="status" aria-label={title}>
        {result.items && <DefinitionList data={values} fields={result.items} hideEmpty />}
        {result.list && (
          <ResultListTable
            list={result.list}
            caption={result.list.label ? t(result.list.label, values) : title}
            items={resultItems(result.list, values, rows)}
          />
        )}
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
        {result.frame && <ResultFrameView frame={result.frame} values={values} />}
        {((details && result.details) || (saved && result.file)) && (
          <div className="eng-flow__links">
            {details && result.details && (
              <Link className="eng-button eng-button--link" to={details}>
                {t(result.details.label, values)}
              </Link>
            )}
            {saved && result.file && <ResultFileButton file={result.file} params={saved} source={source} />}
          </div>
        )}
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

/** Where a call whose answer never came stands, as the lost step says it. */
export type LostState = 'checking' | 'notSent' | 'pending' | 'unknown';

/**
 * The step after a call whose answer never came (the network failed): the engine's own words instead of
 * the browser's error, while the server is asked what became of the call; then "try again" where it was
 * not taken (the same idempotency key goes again), or "check again" where that is not known yet.
 */
export function LostStep({ state, onRetry, onCheck, onClose }: { state: LostState; onRetry: () => void; onCheck: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const title = t('engine.flow.lost.title');
  return (
    <Dialog
      role="alertdialog"
      title={title}
      onClose={onClose}
      buttons={
        <>
          <button type="button" className="eng-button eng-button--secondary" onClick={onClose}>
            {t('engine.flow.close')}
          </button>
          {state === 'notSent' && (
            <button type="button" className="eng-button eng-button--primary" onClick={onRetry}>
              {t('engine.flow.lost.tryAgain')}
            </button>
          )}
          {(state === 'pending' || state === 'unknown') && (
            <button type="button" className="eng-button eng-button--primary" onClick={onCheck}>
              {t('engine.flow.lost.checkAgain')}
            </button>
          )}
        </>
      }
    >
      <p role="status" aria-busy={state === 'checking'} data-lost={state}>
        {t(`engine.flow.lost.${state}`)}
      </p>
    </Dialog>
  );
}
