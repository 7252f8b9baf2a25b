import { useCallback, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { boundParams } from '../data/useMethodData';
import { isMethodCallError } from '../errors/MethodCallError';
import { useAnswerFlow, type FlowRunOptions } from '../flow/useAnswerFlow';
import type { ScreenSpec, Submit } from '../spec/types';
import { useConfirm } from '../ui/ConfirmDialog';
import { assignFields, besideFields, moveFieldErrors, nestFields, omitFields, unnestFieldErrors } from './nest';
import { useCall } from './useCall';
import { useRouteParams } from '../router/RouteValues';

/**
 * How a submit ended. `invalid` carries the server's field errors, keyed by the path inside the form data;
 * `kept`: answered, but not as `doneWhen` wants, so the form keeps its values.
 */
export type SubmitOutcome =
  { status: 'done' } | { status: 'kept' } | { status: 'cancelled' } | { status: 'invalid'; fieldErrors: Record<string, string> } | { status: 'failed' };

/**
 * The server's field errors with the `wrap` prefix taken off, so that `profile.firstName` of a form sent as
 * `{ profile: data }` lands on the form's `firstName`.
 *
 * @example
 * ```ts
 * unwrapFieldErrors({ 'profile.firstName': 'Too long' }, 'profile'); // { firstName: 'Too long' }
 * ```
 */
export function unwrapFieldErrors(fieldErrors: Record<string, string>, wrap: string | undefined): Record<string, string> {
  if (!wrap) return { ...fieldErrors };
  const unwrapped: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    unwrapped[path.startsWith(`${wrap}.`) ? path.slice(wrap.length + 1) : path] = message;
  }
  return unwrapped;
}

/**
 * Submits form data as a spec's `submit` says: asks `confirm` first, then runs the call as an answer-driven
 * flow (review, idempotency key, second factor, result: see `useAnswerFlow`), with the request fields
 * `routeParams` and `queryParams` take from the address beside the form's data (outside any `wrap`; the
 * fields `beside` names sent next to the wrap, not inside it; the fields `nest` names sent inside their object, their refusals said on them again; request fields `assign`
 * sets from the form field its values choose; the fields `omit` names not sent; a refusal of a request field `errorsOn` names said on the form field it names), then
 * `success`. Server field errors come back as `invalid` for the form to show on its
 * fields; every other error goes to `EngineOptions.onError`. `more.beforeSuccess` runs between the final
 * answer and the navigation (a wizard drops its draft there); `more.reviewValues` adds to what the review shows.
 *
 * @example
 * ```tsx
 * const { submitData, pending, dialog } = useSubmit(spec, spec.form.submit);
 * const outcome = await submitData(formData);
 * if (outcome.status === 'invalid') showOnFields(outcome.fieldErrors);
 * ```
 */
export function useSubmit(
  spec: Pick<ScreenSpec, 'id' | 'source'>,
  submit: Submit,
): {
  submitData: (data: Record<string, unknown>, more?: FlowRunOptions) => Promise<SubmitOutcome>;
  pending: boolean;
  dialog: ReactNode;
} {
  const { fail } = useCall(spec);
  const { run, dialog: flowDialog } = useAnswerFlow(spec, submit);
  const { confirm, dialog } = useConfirm();
  const [pending, setPending] = useState(false);
  const routeParams = useRouteParams();
  const [query] = useSearchParams();
  // Query parameters are added by `call` (`submit.queryParams`); route parameters here.
  const fromAddress = boundParams({ routeParams: submit.routeParams }, routeParams, query);
  const addressKey = JSON.stringify(fromAddress);

  const submitData = useCallback(
    async (data: Record<string, unknown>, more?: FlowRunOptions): Promise<SubmitOutcome> => {
      if (submit.confirm && !(await confirm(submit.confirm))) return { status: 'cancelled' };
      setPending(true);
      try {
        const { inside, beside } = besideFields(data, submit.beside);
        const sent = nestFields(omitFields(assignFields(inside, submit.assign), submit.omit), submit.nest);
        // The review and the result read the form's own fields, as typed, whatever the request nests.
        const reviewValues = submit.nest ? { ...more?.reviewValues, ...data } : more?.reviewValues;
        return await run(sent, {
          ...more,
          ...(reviewValues ? { reviewValues } : {}),
          beside: { ...beside, ...(JSON.parse(addressKey) as Record<string, unknown>) },
        });
      } catch (error) {
        if (isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0) {
          return {
            status: 'invalid',
            fieldErrors: moveFieldErrors(unnestFieldErrors(unwrapFieldErrors(error.fieldErrors, submit.wrap), submit.nest, data), submit.errorsOn),
          };
        }
        fail(error);
        return { status: 'failed' };
      } finally {
        setPending(false);
      }
    },
    [submit, confirm, run, fail, addressKey],
  );

  return {
    submitData,
    pending,
    dialog: (
      <>
        {dialog}
        {flowDialog}
      </>
    ),
  };
}
