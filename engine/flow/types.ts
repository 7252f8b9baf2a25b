import type { TFunction } from 'i18next';
import type { JsonSchema } from '../spec/types';

/** Where a second factor stands, as a {@link ChallengeHandler} reads it from an answer. */
export interface ChallengeState {
  /** `code`: the person types a code; `wait`: the person approves elsewhere (a phone) while the engine polls. */
  step: 'code' | 'wait';
  /** The factor asked (`sms`, `push`…): appended to the `sent`, `ask` and `useMethod` keys, and read by `result` as `challenge.method`. */
  method: string;
  /** Every factor the person may switch to, this one included. */
  methods?: readonly string[];
  /** Where the code or the request went, as the answer says it (masked): `{{to}}` in the `sent` text. */
  sentTo?: string;
  /** Whether "send a new code" is offered (not for an authenticator app's code). */
  canResend?: boolean;
}

/** What a handler's calls receive. */
export interface ChallengeContext {
  /** The latest answer: the first, merged with every answer since. */
  answer: Record<string, unknown>;
  /** Makes the first call again, with the same params and idempotency key, plus `extra` (the code, the challenge's id). */
  callAgain: (extra: Record<string, unknown>) => Promise<unknown>;
  /** The application's transport. */
  callMethod: (method: string, params: Record<string, unknown>) => Promise<unknown>;
}

/**
 * The i18n keys of the challenge steps. `sent`, `ask` and `useMethod` are prefixes: the factor's name is
 * appended (`sent.sms`: "We sent a code to {{to}}").
 */
export interface ChallengeTexts {
  /** Title of the code step. */
  title: string;
  /** Title of the waiting step (default: `title`). */
  waitTitle?: string;
  codeLabel: string;
  /** Said on the code field when it does not pass `codeSchema`. */
  codeInvalid: string;
  sent: string;
  ask: string;
  /** Said while waiting without `sentTo` (default: `ask.<method>`). */
  waiting?: string;
  /** Said while waiting with `sentTo` as `{{to}}` (default: `sent.<method>`). */
  waitingSent?: string;
  confirm: string;
  cancel: string;
  /** "Send a new code": needed with the handler's `resend`, as are `resent` and `useMethod`. */
  resend?: string;
  /** Said after a new code or request was sent. */
  resent?: string;
  useMethod?: string;
}

/**
 * A second factor the application registers in `EngineOptions.challenges`, named by a spec's
 * `submit.challenge`. The engine draws the steps (code entry with "send a new code" and "use another
 * method", or waiting with polling) and calls these for what they mean to the server.
 *
 * @example
 * ```ts
 * challenges: {
 *   stepUp: {
 *     detect: (answer) => (answer as { status?: string }).status === 'pending' ? { step: 'code', method: 'sms' } : null,
 *     confirm: (code, { answer, callAgain }) => callAgain({ confirm: { requestId: answer.requestId, approvalCode: code } }),
 *     codeFields: ['confirm.approvalCode'],
 *     texts: { title: 'stepUp.title', codeLabel: 'stepUp.code', … },
 *   },
 * }
 * ```
 */
export interface ChallengeHandler {
  /** The challenge an answer asks for, or null when the answer is final. */
  detect(answer: Record<string, unknown>): ChallengeState | null;
  /** Sends the code; resolves with the next answer (final, or another challenge), rejects on refusal. */
  confirm(code: string, ctx: ChallengeContext): Promise<unknown>;
  /** Sends a new code or request, by `method` when the person chose another factor; resolves with the new challenge's answer. */
  resend?(method: string | undefined, ctx: ChallengeContext): Promise<unknown>;
  /** Asks whether the person has approved elsewhere; the wait ends at an answer `detect` calls final. */
  poll?(ctx: ChallengeContext): Promise<unknown>;
  /** Milliseconds between polls (default 2000). */
  pollEveryMs?: number;
  /** Withdraws the call; its answer is final. Without it, Cancel just closes the step and nothing is done. */
  cancel?(ctx: ChallengeContext): Promise<unknown>;
  /** Field-error paths of a refusal that belong on the code field (a wrong or expired code). */
  codeFields: readonly string[];
  /** The rules a code must meet before it is sent: a string schema (`pattern`, `minLength`, `maxLength`). */
  codeSchema?: JsonSchema;
  /** A line above the step saying what is being confirmed, worded from the answer with the engine's `t`. */
  summary?(answer: Record<string, unknown>, t: TFunction, language: string): string | undefined;
  texts: ChallengeTexts;
}
