import { useCallback, useState, type ReactNode } from 'react';
import { useCall } from '../actions/useCall';
import { isAnswer } from '../errors/MethodCallError';
import { useEngine } from '../provider/EngineProvider';
import { getPath } from '../data/paths';
import type { CallLookup, EngineOptions } from '../provider/types';
import type { ResultStep as ResultSpec, ReviewLookup, ReviewStep as ReviewSpec, ScreenSpec, Submit } from '../spec/types';
import { matchesWhen } from '../spec/when';
import type { ChallengeEnd } from './ChallengeStep';
import { ChallengeStep, LostStep, ResultStep, ReviewStep } from './deferredSteps';
import { useRevealHost } from './RevealHost';
import { submissionKeys } from './idempotency';
import type { LostState, ResultRows } from './steps';
import { specSource } from '../spec/source';
import { useConfirm } from '../ui/ConfirmDialog';
import { formatText } from '../format/formatValue';
import { useIntlLocale } from '../i18n/labels';
import { useTranslation } from 'react-i18next';

type Values = Record<string, unknown>;

/** What a flow runs: a submit, or an action button's call. */
export type FlowTarget = Pick<
  Submit,
  'method' | 'action' | 'wrap' | 'queryParams' | 'idempotencyKey' | 'review' | 'challenge' | 'result' | 'doneWhen' | 'success' | 'multipart' | 'askAgain'
>;

/** How a flow ended: `kept` means the answer came but `doneWhen` did not hold, so the form keeps its values. */
export type FlowOutcome = { status: 'done' } | { status: 'kept' } | { status: 'cancelled' };

/** What a run may add: values the review shows besides the input, and work between the answer and `success`. */
export interface FlowRunOptions {
  /** Shown by the review step with the input (the live answers of a form). */
  reviewValues?: Values;
  /** Runs once the flow is done, before `success` navigates (a wizard drops its draft there). */
  beforeSuccess?: () => void;
  /** Request fields sent beside the (wrapped) input, with every call of the flow: those the route gives. */
  beside?: Values;
  /** The rows the call acts on and their key field: a result `list` fills its items in from them. */
  rows?: ResultRows;
  /** The result's `repeat` button: given what was sent, puts it back into the form (a form's submit only). */
  repeat?: (input: Values) => void;
}

type Open =
  | { kind: 'review'; review: ReviewSpec; values: Values; answer: (go: boolean) => void }
  | { kind: 'challenge'; name: string; first: Values; callAgain: (extra: Values) => Promise<unknown>; end: (end: ChallengeEnd | null) => void }
  | { kind: 'result'; result: ResultSpec; values: Values; rows?: ResultRows; repeat?: () => void; onClosed?: () => void }
  | { kind: 'lost'; state: LostState; choose: (choice: LostChoice) => void };

/** What the person chose in the lost step. */
type LostChoice = 'retry' | 'check' | 'close';

/**
 * The values with each field of an object value also as `name.field` (as a review's lookups give them), so
 * a result's items name an answer's nested summary (`summary.total`, `currencyField: summary.currencyCode`).
 *
 * @example
 * ```ts
 * withNestedFields({ summary: { total: '5.00' } }); // { summary: { total: '5.00' }, 'summary.total': '5.00' }
 * ```
 */
export function withNestedFields(values: Values): Values {
  const flat: Values = { ...values };
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    for (const [field, inner] of Object.entries(value)) if (!(`${name}.${field}` in flat)) flat[`${name}.${field}`] = inner;
  }
  return flat;
}

const asValues = (answer: unknown): Values => (typeof answer === 'object' && answer !== null ? (answer as Values) : {});

/** A lookup's params with `":name"` strings taken from the values (absent names are left out). */
function boundLookupParams(params: Record<string, unknown> | undefined, values: Values): Values {
  const bound: Values = {};
  for (const [field, value] of Object.entries(params ?? {})) {
    const taken = typeof value === 'string' && value.startsWith(':') ? getPath(values, value.slice(1)) : value;
    if (taken !== undefined && taken !== null && taken !== '') bound[field] = taken;
  }
  return bound;
}

/**
 * The objects a review's `lookups` find, by id: each method's answer at `path`, with `where` the first
 * item of that list whose field equals the value; each of its fields also as `id.field`. A lookup that
 * fails or finds nothing is left out, so the review still opens (its items say their `emptyText`).
 *
 * @example
 * ```ts
 * await reviewLookups([{ id: store, method: 'storeList', path: 'stores', where: { field: 'storeId', equals: ':storeId' } }], { storeId: 4 }, callMethod);
 * // { store: { storeId: 4, name: 'Harbour' }, 'store.storeId': 4, 'store.name': 'Harbour' }
 * ```
 */
export async function reviewLookups(lookups: readonly ReviewLookup[] | undefined, values: Values, callMethod: EngineOptions['callMethod']): Promise<Values> {
  const found: Values = {};
  await Promise.all(
    (lookups ?? []).map(async (lookup) => {
      const answer = await callMethod(lookup.method, boundLookupParams(lookup.params, values)).catch(() => undefined);
      const at = lookup.path ? getPath(answer, lookup.path) : answer;
      const where = lookup.where;
      let item: unknown = at;
      if (where) {
        const wanted = typeof where.equals === 'string' && where.equals.startsWith(':') ? getPath(values, where.equals.slice(1)) : where.equals;
        item = Array.isArray(at) ? at.find((candidate) => String(getPath(candidate, where.field)) === String(wanted)) : undefined;
      }
      if (typeof item !== 'object' || item === null) return;
      // The object under its id (a template reads `{{store.name}}`), and each of its fields as `id.field`
      // (an item formats `store.balance` as money with `currencyField: store.currencyCode`).
      found[lookup.id] = item;
      for (const [field, value] of Object.entries(item)) found[`${lookup.id}.${field}`] = value;
    }),
  );
  return found;
}

/**
 * Runs a call as an answer-driven flow, the steps a spec declares around it:
 * 1. `review`: what will happen, from the input and `reviewValues` (live answers); Back cancels.
 *    Its `lookups` are asked first, so its items can word the ids the form holds.
 * 2. the call, with a key in the request field `idempotencyKey` names (the same key for a retry of the
 *    same input after a failure without answer, a new one after an answer or for other input). When
 *    the answer never comes (the network failed) and the application gives `lookUpCall`, the lost step
 *    says so in the engine's words and asks the server what became of the call: taken, the flow goes on
 *    with the answer the server kept (a second factor, the result); not taken, "try again" sends it
 *    again with the same key; not known yet, "check again";
 * 3. `challenge`: while the registered handler finds a second factor in the answer, its step (code or
 *    wait), the code going back as the handler says (often the same call again);
 * 4. `result`: the final answer shown, held by the screen's {@link RevealHost} (so a refresh that hides
 *    the section that asked does not take it away), closing by itself after `closeAfterMs` where
 *    `closeWhen` holds, else staying until closed; its `details` link and `repeat` button (the run's
 *    `repeat`) lead on; a `reveal` result hides itself after `hideAfterMs`; a `list` result is a table,
 *    each item filled in from the run's `rows` it names;
 * 5. `success` (notice, refresh, navigate) where `doneWhen` holds for the final answer; after a `frame`
 *    result, once the person has closed the step (the framed page changed what a refresh reads).
 * A refusal rejects, for the caller to put field errors on fields. `dialog` draws the open step.
 *
 * @example
 * ```tsx
 * const flow = useAnswerFlow(spec, form.submit);
 * const outcome = await flow.run(data, liveAnswers); // 'done': empty the form
 * return <>{form}{flow.dialog}</>;
 * ```
 */
export function useAnswerFlow(
  spec: Pick<ScreenSpec, 'id' | 'source'>,
  target: FlowTarget,
): { run: (input: Values, more?: FlowRunOptions) => Promise<FlowOutcome>; show: (values: Values) => void; dialog: ReactNode } {
  const options = useEngine();
  const { call, succeed, fail } = useCall(spec);
  const [keys] = useState(submissionKeys);
  const [open, setOpen] = useState<Open | null>(null);
  const host = useRevealHost();
  const source = specSource(spec);
  const { confirm, dialog: askDialog } = useConfirm();
  const { t } = useTranslation();
  const locale = useIntlLocale();

  const run = useCallback(
    async (input: Values, { reviewValues = {}, beforeSuccess, beside = {}, rows, repeat }: FlowRunOptions = {}): Promise<FlowOutcome> => {
      // What was sent and reviewed: the review shows it, and the result shows it under the answer.
      const shown: Values = { ...reviewValues, ...beside, ...input };
      if (target.review) {
        const review = target.review;
        Object.assign(shown, await reviewLookups(review.lookups, shown, options.callMethod));
        const go = await new Promise<boolean>((answer) => setOpen({ kind: 'review', review, values: shown, answer }));
        setOpen(null);
        if (!go) return { status: 'cancelled' };
      }
      const key = target.idempotencyKey ? keys.keyFor(input) : undefined;
      let payload = target.idempotencyKey ? { ...input, [target.idempotencyKey]: key } : input;
      let askedAgain = false;
      /** Shows the lost step in `state` and waits for the person's choice. */
      const lostStep = (state: LostState) =>
        new Promise<LostChoice>((choose) => setOpen({ kind: 'lost', state, choose: state === 'checking' ? () => undefined : choose }));
      /** Asks the server what became of the call sent with `key`, showing the lost step meanwhile. */
      const lookUp = async (sentWith: string): Promise<CallLookup | null> => {
        void lostStep('checking');
        return options.lookUpCall!(sentWith, target.method ?? '').catch(() => null);
      };
      let outcome;
      for (;;) {
        try {
          outcome = await call(target, payload, beside);
          keys.answered();
          break;
        } catch (error) {
          // A refusal is an answer: the corrected input is a new intent. A lost answer keeps the key for the retry.
          if (isAnswer(error)) keys.answered();
          // A refusal that is a question (`askAgain`): asked once; yes sends the same call with its params added.
          const ask = target.askAgain;
          if (ask && !askedAgain && isAnswer(error) && error.code === ask.code) {
            setOpen(null);
            const values: Values = { description: error.description };
            for (const [field, value] of Object.entries(error.values ?? {})) {
              values[field] = formatText(value, { field, ...(ask.formats?.[field] ? { format: ask.formats[field] } : {}) }, error.values, { locale, t });
            }
            const yes = await confirm(ask.text ?? ask.title, {
              titleKey: ask.title,
              values,
              ...(ask.confirm ? { yesKey: ask.confirm } : {}),
              ...(ask.cancel ? { noKey: ask.cancel } : {}),
            });
            if (!yes) return { status: 'cancelled' };
            askedAgain = true;
            payload = { ...payload, ...ask.params };
            continue;
          }
          if (isAnswer(error) || key === undefined || !options.lookUpCall) {
            setOpen(null);
            throw error;
          }
          let choice: LostChoice = 'check';
          let found: CallLookup | null = null;
          while (choice === 'check') {
            found = await lookUp(key);
            if (found?.outcome === 'answered') break;
            choice = await lostStep(found === null ? 'unknown' : found.outcome === 'pending' ? 'pending' : 'notSent');
          }
          if (found?.outcome === 'answered') {
            setOpen(null);
            keys.answered();
            outcome = { answer: found.answer };
            break;
          }
          setOpen(null);
          if (choice === 'close') return { status: 'cancelled' };
        }
      }
      let values = asValues(outcome.answer);
      const handler = target.challenge ? options.challenges?.[target.challenge] : undefined;
      if (target.challenge && !handler) {
        throw new Error(
          `Screen spec ${source} names the challenge "${target.challenge}", which the application has not registered. Add it to EngineOptions.challenges, or fix the name in the spec.`,
        );
      }
      if (handler && target.challenge && handler.detect(values)) {
        const name = target.challenge;
        const sent = { ...(target.wrap ? { [target.wrap]: payload } : payload), ...beside };
        const callAgain = (extra: Values) => options.callMethod(target.method ?? '', { ...sent, ...extra });
        const end = await new Promise<ChallengeEnd | null>((resolve) => setOpen({ kind: 'challenge', name, first: values, callAgain, end: resolve }));
        setOpen(null);
        if (!end) return { status: 'cancelled' };
        values = { ...end.answer, ...(end.method ? { challenge: { method: end.method } } : {}) };
      }
      // A framed partner page is filled in while the step is open: `success` (a refresh reading what the
      // partner changed) runs once the person closes it, not when it opens.
      let closed: Promise<void> | undefined;
      let onClosed = () => {};
      if (target.result?.frame) closed = new Promise<void>((resolve) => (onClosed = resolve));
      if (target.result) {
        const result = target.result;
        // A revealed value keeps to the answer; any other result shows the final answer over the first (a
        // confirmation answers only the status) over what was sent and reviewed (a receipt).
        const shownValues = withNestedFields(result.reveal || result.list ? values : { ...shown, ...asValues(outcome.answer), ...values });
        if (host) {
          // The screen holds the result, so a refresh that hides the form or button that asked (an order
          // now paid, an item's new status, rows acted on) does not take it away before the person leaves it.
          const hide = () => {
            host.show(null);
            onClosed();
          };
          const again = repeat ? () => (hide(), repeat(input)) : undefined;
          host.show(
            <ResultStep
              key={Date.now()}
              result={result}
              values={shownValues}
              rows={rows}
              onClose={hide}
              source={source}
              {...(again ? { onRepeat: again } : {})}
            />,
          );
        } else {
          const again = repeat ? () => (setOpen(null), repeat(input)) : undefined;
          setOpen({ kind: 'result', result, values: shownValues, rows, onClosed, ...(again ? { repeat: again } : {}) });
        }
      }
      if (closed) await closed;
      if (!matchesWhen(target.doneWhen, values)) return { status: 'kept' };
      beforeSuccess?.();
      await succeed(target.success, { answer: values, ...(outcome.navigateTo ? { navigateTo: outcome.navigateTo } : {}) });
      return { status: 'done' };
    },
    [target, keys, call, succeed, options, source, host, confirm, locale, t],
  );

  // A result of values already at hand (a row's), no call made: the same step as after a call.
  const show = useCallback(
    (values: Values) => {
      if (!target.result) return;
      const result = target.result;
      const shownValues = withNestedFields(values);
      if (host) {
        host.show(<ResultStep key={Date.now()} result={result} values={shownValues} onClose={() => host.show(null)} source={source} />);
      } else {
        setOpen({ kind: 'result', result, values: shownValues });
      }
    },
    [target, host, source],
  );

  const closeResult = useCallback(() => {
    const onClosed = open?.kind === 'result' ? open.onClosed : undefined;
    setOpen(null);
    onClosed?.();
  }, [open]);
  let dialog: ReactNode = null;
  if (open?.kind === 'review') dialog = <ReviewStep review={open.review} values={open.values} onAnswer={open.answer} />;
  if (open?.kind === 'result') {
    dialog = (
      <ResultStep
        result={open.result}
        values={open.values}
        rows={open.rows}
        onClose={closeResult}
        source={source}
        {...(open.repeat ? { onRepeat: open.repeat } : {})}
      />
    );
  }
  if (open?.kind === 'lost') {
    const choose = open.choose;
    dialog = <LostStep state={open.state} onRetry={() => choose('retry')} onCheck={() => choose('check')} onClose={() => choose('close')} />;
  }
  if (open?.kind === 'challenge') {
    dialog = (
      <ChallengeStep
        handler={options.challenges![open.name]!}
        first={open.first}
        callAgain={open.callAgain}
        callMethod={options.callMethod}
        onEnd={open.end}
        onError={fail}
      />
    );
  }
  return {
    run,
    show,
    dialog: (
      <>
        {askDialog}
        {dialog}
      </>
    ),
  };
}
