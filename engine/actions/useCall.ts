import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { fillPath, getPath } from '../data/paths';
import { saveAnswerFile } from '../files/saveFile';
import { useEngine } from '../provider/EngineProvider';
import type { ActionContext } from '../provider/types';
import type { ScreenSpec, Success } from '../spec/types';
import { useRouteParams } from '../router/RouteValues';

/** A call a spec describes: a declared method (payload optionally wrapped) or an application action. */
export interface CallTarget {
  method?: string;
  action?: string;
  wrap?: string;
  /** Request field -> query parameter name, added beside the (wrapped) input; a missing one is left out. */
  queryParams?: Record<string, string>;
  /** Sent as `multipart/form-data` (see `EngineOptions.callMethod`). */
  multipart?: boolean;
}

/**
 * The request fields a call takes from the address: `queryParams` maps a request field to a query
 * parameter; a parameter the address lacks (or leaves empty) is left out, so the schema says it is missing.
 *
 * @example
 * ```ts
 * queryFields({ secret: 'key' }, new URLSearchParams('key=abc')); // { secret: 'abc' }
 * queryFields({ secret: 'key' }, new URLSearchParams('')); // {}
 * ```
 */
export function queryFields(queryParams: Record<string, string> | undefined, query: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [field, name] of Object.entries(queryParams ?? {})) {
    const value = query.get(name);
    if (value !== null && value !== '') fields[field] = value;
  }
  return fields;
}

/**
 * `queryFields` typed by the form's schema: a boolean field reads 'true'/'false' as true/false, a number
 * or integer field a numeric parameter as a number; a parameter its field cannot hold is left out (the
 * field keeps its default).
 *
 * @example
 * typedQueryFields({ kind: 'virtual', count: 'n' }, { properties: { kind: { type: 'boolean' }, count: { type: 'integer' } } });
 * // {} ('virtual' is no boolean, 'n' no number); with kind 'true' and count '3': { kind: true, count: 3 }
 */
export function typedQueryFields(fields: Record<string, string>, schema: { properties?: Record<string, { type?: unknown }> }): Record<string, unknown> {
  const typed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    const type = schema.properties?.[field]?.type;
    if (type === 'boolean') {
      if (value === 'true' || value === 'false') typed[field] = value === 'true';
    } else if (type === 'integer' || type === 'number') {
      const number = Number(value);
      if (Number.isFinite(number) && (type === 'number' || Number.isInteger(number))) typed[field] = number;
    } else {
      typed[field] = value;
    }
  }
  return typed;
}

/** What a call gave back: the method's answer, or where an application action asked to go. */
export interface CallOutcome {
  answer: unknown;
  navigateTo?: string;
}

/** An answer as values a notice or a path can read; anything but an object reads as none. */
const answerValues = (answer: unknown): Record<string, unknown> => (typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {});

/**
 * Runs the calls a spec describes and what follows a success, the same way for forms, wizards and action
 * buttons:
 * - `call` sends `input` to the method (as `{ [wrap]: input }` when `wrap` is set, `beside` next to it) or
 *   to the application action (whose `answer`, if it gives one, stands for a method's); it rejects with
 *   whatever the call rejected with.
 * - `succeed` saves the answer as a file when `saveFile` is set, shows the notice (interpolating the answer: `{{entry.email}}`), marks every cached answer stale (a successful call may have changed any
 *   of them; waiting for the reload when `refresh` is set), runs the application action `success.action`
 *   names with the answer (a store the application keeps, reloaded), then navigates: to where the action asked,
 *   else to `success.navigate` with `:name` filled from the route and the answer.
 *   `openUrl` instead leaves for the address the answer holds at that path (a partner's page); `openPath`
 *   goes to a path of this application the answer holds (`sessionPath`).
 * - `fail` hands an error to `EngineOptions.onError`.
 *
 * @example
 * ```ts
 * const { call, succeed, fail } = useCall(spec);
 * try { await succeed(submit.success, await call(submit, data)); } catch (error) { fail(error); }
 * ```
 */
export function useCall(spec: Pick<ScreenSpec, 'id' | 'source'>) {
  const options = useEngine();
  const navigate = useNavigate();
  const params = useRouteParams();
  const [query] = useSearchParams();
  const { mutate } = useSWRConfig();

  const call = useCallback(
    async (target: CallTarget, input: Record<string, unknown>, beside: Record<string, unknown> = {}): Promise<CallOutcome> => {
      if (target.method) {
        const payload = { ...(target.wrap ? { [target.wrap]: input } : input), ...queryFields(target.queryParams, query), ...beside };
        return {
          answer: await (target.multipart ? options.callMethod(target.method, payload, { multipart: true }) : options.callMethod(target.method, payload)),
        };
      }
      if (target.action) {
        const action = options.actions?.[target.action];
        if (!action) {
          throw new Error(
            `Screen spec ${spec.source ?? `screens/${spec.id}.yaml`} names the action "${target.action}", which the application has not registered. Add it to EngineOptions.actions, or fix the name in the spec.`,
          );
        }
        const ctx: ActionContext = { screenId: spec.id, params, navigate: (path) => void navigate(path), callMethod: options.callMethod };
        const result = await action({ ...input, ...beside }, ctx);
        return { answer: result?.answer, navigateTo: result?.navigate };
      }
      throw new Error(`Screen spec ${spec.source ?? `screens/${spec.id}.yaml`} has a submit or action with neither "method" nor "action". Name one of them.`);
    },
    [options, spec.id, spec.source, params, navigate, query],
  );

  const succeed = useCallback(
    async (success: Success | undefined, outcome: CallOutcome) => {
      if (success?.saveFile) saveAnswerFile(outcome.answer, spec.source ?? `screens/${spec.id}.yaml`);
      // The notice is said on the screen the success ends on: after the navigation it asks for, so an
      // application that clears notices when the user leaves a screen keeps this one.
      const notify = () => {
        if (success?.notice) options.notify?.(success.notice, answerValues(outcome.answer));
      };
      // Revalidates every cached answer that is on screen, and lifts SWR's 2-second deduplication for the
      // rest, so a list opened right after saving shows the change instead of the answer from before it.
      const revalidated = mutate(() => true);
      if (success?.refresh) await revalidated;
      const answer = answerValues(outcome.answer);
      let navigateTo = outcome.navigateTo;
      if (success?.action) {
        const action = options.actions?.[success.action];
        if (!action) {
          throw new Error(
            `Screen spec ${spec.source ?? `screens/${spec.id}.yaml`} names the success action "${success.action}", which the application has not registered. Add it to EngineOptions.actions, or fix the name in the spec.`,
          );
        }
        const result = await action(answer, { screenId: spec.id, params, navigate: (path) => void navigate(path), callMethod: options.callMethod });
        navigateTo ??= result?.navigate;
      }
      // A path of this application the answer holds (a session the call opened): the router goes there.
      const path = success?.openPath ? getPath(answer, success.openPath) : undefined;
      if (typeof path === 'string' && path.startsWith('/') && !path.startsWith('//')) navigateTo ??= path;
      const address = success?.openUrl ? getPath(answer, success.openUrl) : undefined;
      if (typeof address === 'string' && address !== '') {
        // A partner's page (e-signature, identity provider) is another site: a full page visit, not a route.
        notify();
        window.location.assign(address);
        return;
      }
      const target = navigateTo ?? (success?.navigate ? fillPath(success.navigate, { ...params, ...answer }) : null);
      if (target) await navigate(target);
      notify();
    },
    [options, mutate, navigate, params, spec.id, spec.source],
  );

  const fail = useCallback(
    (error: unknown) => {
      if (options.onError) options.onError(error);
      // Without an onError handler the error must still surface somewhere rather than vanish.
      else console.error(error);
    },
    [options],
  );

  return { call, succeed, fail };
}
