import { useCallback, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { boundParams } from '../data/useMethodData';
import { isMethodCallError } from '../errors/MethodCallError';
import type { ScreenSpec, Submit } from '../spec/types';
import { useConfirm } from '../ui/ConfirmDialog';
import { useCall } from './useCall';

/** How a submit ended. `invalid` carries the server's field errors, keyed by the path inside the form data. */
export type SubmitOutcome =
  | { status: 'done' }
  | { status: 'cancelled' }
  | { status: 'invalid'; fieldErrors: Record<string, string> }
  | { status: 'failed' };

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
 * Submits form data as a spec's `submit` says: asks `confirm` first, calls the method or the application
 * action (with the request fields `routeParams` and `queryParams` take from the address beside the form's
 * data, outside any `wrap`), then runs `success`. Server field errors come back as `invalid` for the form to show on its
 * fields; every other error goes to `EngineOptions.onError`. `beforeSuccess` runs between the call and the
 * navigation (a wizard drops its draft there).
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
  submitData: (data: Record<string, unknown>, beforeSuccess?: () => void) => Promise<SubmitOutcome>;
  pending: boolean;
  dialog: ReactNode;
} {
  const { call, succeed, fail } = useCall(spec);
  const { confirm, dialog } = useConfirm();
  const [pending, setPending] = useState(false);
  const routeParams = useParams();
  const [query] = useSearchParams();
  // Query parameters are added by `call` (`submit.queryParams`); route parameters here.
  const fromAddress = boundParams({ routeParams: submit.routeParams }, routeParams, query);
  const addressKey = JSON.stringify(fromAddress);

  const submitData = useCallback(
    async (data: Record<string, unknown>, beforeSuccess?: () => void): Promise<SubmitOutcome> => {
      if (submit.confirm && !(await confirm(submit.confirm))) return { status: 'cancelled' };
      setPending(true);
      try {
        const outcome = await call(submit, data, JSON.parse(addressKey) as Record<string, unknown>);
        beforeSuccess?.();
        await succeed(submit.success, outcome);
        return { status: 'done' };
      } catch (error) {
        if (isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0) {
          return { status: 'invalid', fieldErrors: unwrapFieldErrors(error.fieldErrors, submit.wrap) };
        }
        fail(error);
        return { status: 'failed' };
      } finally {
        setPending(false);
      }
    },
    [submit, confirm, call, succeed, fail, addressKey],
  );

  return { submitData, pending, dialog };
}
