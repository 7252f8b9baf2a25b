import { useCallback, useState, type ReactNode } from 'react';
import { useCall } from '../actions/useCall';
import { isMethodCallError } from '../errors/MethodCallError';
import { useEngine } from '../provider/EngineProvider';
import type { ResultStep as ResultSpec, ReviewStep as ReviewSpec, ScreenSpec, Submit } from '../spec/types';
import { matchesWhen } from '../spec/when';
import { ChallengeStep, type ChallengeEnd } from './ChallengeStep';
import { useRevealHost } from './RevealHost';
import { submissionKeys } from './idempotency';
import { ResultStep, ReviewStep, type ResultRows } from './steps';

type Values = Record<string, unknown>;

/** What a flow runs: a submit, or an action button's call. */
export type FlowTarget = Pick<
  Submit,
  'method' | 'action' | 'wrap' | 'queryParams' | 'idempotencyKey' | 'review' | 'challenge' | 'result' | 'doneWhen' | 'success'
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
}

type Open =
  | { kind: 'review'; review: ReviewSpec; values: Values; answer: (go: boolean) => void }
  | { kind: 'challenge'; name: string; first: Values; callAgain: (extra: Values) => Promise<unknown>; end: (end: ChallengeEnd | null) => void }
  | { kind: 'result'; result: ResultSpec; values: Values; rows?: ResultRows };

const asValues = (answer: unknown): Values => (typeof answer === 'object' && answer !== null ? (answer as Values) : {});

/**
 * Runs a call as an answer-driven flow, the steps a spec declares around it:
 * 1. `review`: what will happen, from the input and `reviewValues` (live answers); Back cancels.
 * 2. the call, with a key in the request field `idempotencyKey` names (the same key for a retry of the
 *    same input after a failure without answer, a new one after an answer or for other input);
 * 3. `challenge`: while the registered handler finds a second factor in the answer, its step (code or
 *    wait), the code going back as the handler says (often the same call again);
 * 4. `result`: the final answer shown, closing by itself after `closeAfterMs` where `closeWhen` holds;
 *    a `reveal` result is held by the screen's {@link RevealHost} and hides itself after `hideAfterMs`;
 *    a `list` result (a table, each item filled in from the run's `rows` it names) is held there too;
 * 5. `success` (notice, refresh, navigate) where `doneWhen` holds for the final answer.
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
): { run: (input: Values, more?: FlowRunOptions) => Promise<FlowOutcome>; dialog: ReactNode } {
  const options = useEngine();
  const { call, succeed, fail } = useCall(spec);
  const [keys] = useState(submissionKeys);
  const [open, setOpen] = useState<Open | null>(null);
  const host = useRevealHost();

  const run = useCallback(
    async (input: Values, { reviewValues = {}, beforeSuccess, beside = {}, rows }: FlowRunOptions = {}): Promise<FlowOutcome> => {
      if (target.review) {
        const review = target.review;
        const go = await new Promise<boolean>((answer) => setOpen({ kind: 'review', review, values: { ...reviewValues, ...input }, answer }));
        setOpen(null);
        if (!go) return { status: 'cancelled' };
      }
      const payload = target.idempotencyKey ? { ...input, [target.idempotencyKey]: keys.keyFor(input) } : input;
      let outcome;
      try {
        outcome = await call(target, payload, beside);
        keys.answered();
      } catch (error) {
        // A refusal is an answer: the corrected input is a new intent. A lost answer keeps the key for the retry.
        if (isMethodCallError(error)) keys.answered();
        throw error;
      }
      let values = asValues(outcome.answer);
      const handler = target.challenge ? options.challenges?.[target.challenge] : undefined;
      if (target.challenge && !handler) {
        throw new Error(
          `Screen spec ${spec.source ?? `screens/${spec.id}.yaml`} names the challenge "${target.challenge}", which the application has not registered. Add it to EngineOptions.challenges, or fix the name in the spec.`,
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
      if ((target.result?.reveal || target.result?.list) && host) {
        // A revealed value outlives the form or button that asked: the screen holds it, so a refresh that
        // hides this section (a card's new status) does not take it away before its time. So does a list of
        // outcomes: the group or rows whose button asked are gone from the reloaded list.
        const result = target.result;
        const shown = values;
        const hide = () => host.show(null);
        host.show(<ResultStep key={Date.now()} result={result} values={shown} rows={rows} onClose={hide} />);
      } else if (target.result) setOpen({ kind: 'result', result: target.result, values, rows });
      if (!matchesWhen(target.doneWhen, values)) return { status: 'kept' };
      beforeSuccess?.();
      await succeed(target.success, { answer: values, ...(outcome.navigateTo ? { navigateTo: outcome.navigateTo } : {}) });
      return { status: 'done' };
    },
    [target, keys, call, succeed, options, spec.id, spec.source, host],
  );

  const close = useCallback(() => setOpen(null), []);
  let dialog: ReactNode = null;
  if (open?.kind === 'review') dialog = <ReviewStep review={open.review} values={open.values} onAnswer={open.answer} />;
  if (open?.kind === 'result') dialog = <ResultStep result={open.result} values={open.values} rows={open.rows} onClose={close} />;
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
  return { run, dialog };
}
