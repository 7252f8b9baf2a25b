import { useEffect, useRef, useState } from 'react';
import { isMethodCallError } from '../../../errors/MethodCallError';
import { useEngine } from '../../../provider/EngineProvider';
import type { LiveValue } from '../../../spec/types';
import { liveInput, namedFields } from './liveInput';
import { useRouteParams } from '../../../router/RouteValues';

type Values = Record<string, unknown>;

/** Where one live value stands: nothing asked, a field it needs is invalid, asked, answered, or refused. */
export type LiveState = { status: 'idle' | 'invalid' | 'pending' | 'failed' } | { status: 'ready'; answer: Values };

/** The default quiet time before a live value is asked. */
const DEFAULT_DEBOUNCE_MS = 300;

/**
 * The live values of a form as it is filled in: each asked after `debounceMs` of quiet once the fields its
 * params name have values that pass the form's schema (`invalidFields` lists those that do not); an
 * answer to anything but the latest request is dropped. A refusal's field errors go to `onFieldErrors`,
 * named by the form fields the request fields came from; other errors go to `EngineOptions.onError`.
 * `lastChanged` is the field the person changed last (for `either`). A new `round` (the form started again
 * after a success) asks every live value again: what it answered (a balance, a limit left) may have changed.
 *
 * @example
 * ```ts
 * const live = useLiveValues(form.live, data, invalidFields, (errors) => serverErrors.show(errors, data));
 * live.fee?.status === 'ready' && live.fee.answer.total;
 * ```
 */
export function useLiveValues(
  live: readonly LiveValue[] | undefined,
  data: Values,
  invalidFields: ReadonlySet<string>,
  onFieldErrors: (errors: Record<string, string>) => void,
  lastChanged?: string,
  round = 0,
): Record<string, LiveState> {
  const { callMethod, onError } = useEngine();
  const routeParams = useRouteParams();
  const [states, setStates] = useState<Record<string, LiveState>>({});
  /** The request each live value wants answered now; an answer to another is stale. */
  const wanted = useRef<Record<string, string>>({});
  const reportFieldErrors = useRef(onFieldErrors);
  reportFieldErrors.current = onFieldErrors;

  const inputs = (live ?? []).map((entry) => ({ entry, input: liveInput(entry, data, routeParams, invalidFields, lastChanged) }));
  const signature = JSON.stringify([round, ...inputs.map(({ input }) => (input.status === 'ask' ? input.key : input.status))]);

  useEffect(() => {
    const wantedNow = wanted.current;
    const set = (id: string, state: LiveState) =>
      setStates((previous) => (JSON.stringify(previous[id]) === JSON.stringify(state) ? previous : { ...previous, [id]: state }));
    const waiting: Array<{ id: string; timer: ReturnType<typeof setTimeout> }> = [];
    for (const { entry, input } of inputs) {
      if (input.status !== 'ask') {
        wantedNow[entry.id] = '';
        set(entry.id, { status: input.status });
        continue;
      }
      const key = `${round}:${input.key}`;
      if (wantedNow[entry.id] === key) continue;
      wantedNow[entry.id] = key;
      set(entry.id, { status: 'pending' });
      const timer = setTimeout(() => {
        waiting.splice(
          waiting.findIndex((item) => item.timer === timer),
          1,
        );
        const current = () => wantedNow[entry.id] === key;
        callMethod(entry.method, input.params).then(
          (answer) => current() && set(entry.id, { status: 'ready', answer: typeof answer === 'object' && answer !== null ? (answer as Values) : {} }),
          (error: unknown) => {
            if (!current()) return;
            set(entry.id, { status: 'failed' });
            if (isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0) {
              const fields = namedFields(entry.params);
              reportFieldErrors.current(
                Object.fromEntries(Object.entries(error.fieldErrors).map(([request, message]) => [fields[request] ?? request, message])),
              );
            } else if (onError) onError(error);
          },
        );
      }, entry.debounceMs ?? DEFAULT_DEBOUNCE_MS);
      waiting.push({ id: entry.id, timer });
    }
    return () => {
      // A request not sent yet is wanted again by the next run, which starts its quiet time over.
      for (const { id, timer } of waiting) {
        clearTimeout(timer);
        wantedNow[id] = '';
      }
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the signature names every input that matters
  }, [signature, callMethod, onError]);

  return states;
}
