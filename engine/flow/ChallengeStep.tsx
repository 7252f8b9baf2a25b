import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isMethodCallError } from '../errors/MethodCallError';
import { Dialog } from '../ui/Dialog';
import { codeMeetsRules, longestCode } from './codeRules';
import type { ChallengeContext, ChallengeHandler, ChallengeState } from './types';

type Values = Record<string, unknown>;

const asValues = (answer: unknown): Values => (typeof answer === 'object' && answer !== null ? (answer as Values) : {});

/** How a challenge ended: the final answer (merged with the ones before) and the factor that confirmed it. */
export interface ChallengeEnd {
  answer: Values;
  method?: string;
}

/**
 * The second-factor step of an answer-driven flow: a code to type (confirm, send a new code, use another
 * factor, cancel) or a wait for approval elsewhere, polled. The handler the application registered says
 * what each button does on the server; a refused code is said on the code field, which empties.
 * `onEnd(null)` means the person closed the step without an answer.
 */
export function ChallengeStep({
  handler,
  first,
  callAgain,
  callMethod,
  onEnd,
  onError,
}: {
  handler: ChallengeHandler;
  first: Values;
  callAgain: ChallengeContext['callAgain'];
  callMethod: ChallengeContext['callMethod'];
  onEnd: (end: ChallengeEnd | null) => void;
  onError: (error: unknown) => void;
}) {
  const { t, i18n } = useTranslation();
  const { texts } = handler;
  const [answer, setAnswer] = useState<Values>(first);
  const [state, setState] = useState<ChallengeState | null>(() => handler.detect(first));
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [pending, setPending] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const ctx = (current: Values): ChallengeContext => ({ answer: current, callAgain, callMethod });

  /** Takes the next answer: another challenge stays here, a final one ends the step. */
  const next = (reply: unknown, method: string | undefined) => {
    const merged = { ...answer, ...asValues(reply) };
    setAnswer(merged);
    const again = handler.detect(merged);
    if (again) setState(again);
    else onEnd({ answer: merged, ...(method ? { method } : {}) });
    return again;
  };

  const refuse = (message: string) => {
    setCodeError(message);
    setCode('');
    codeRef.current?.focus();
  };

  /** A refusal that belongs on the code field is said there; anything else goes to the application. */
  const failed = (error: unknown) => {
    const message = isMethodCallError(error) ? handler.codeFields.map((field) => error.fieldErrors[field]).find(Boolean) : undefined;
    if (message) refuse(t(message, { defaultValue: message }));
    else onError(error);
  };

  const run = async (work: () => Promise<void>) => {
    setPending(true);
    try {
      await work();
    } catch (error) {
      failed(error);
    } finally {
      setPending(false);
    }
  };

  // Waiting for approval elsewhere: ask until the answer is final.
  const method = state?.method;
  const waiting = state?.step === 'wait';
  useEffect(() => {
    if (!waiting || !handler.poll) return;
    let stopped = false;
    const timer = setInterval(() => {
      handler.poll!(ctx(answer))
        .then((reply) => {
          if (!stopped && !handler.detect({ ...answer, ...asValues(reply) })) next(reply, method);
        })
        // The next tick asks again; a lasting failure shows when the person acts.
        .catch(() => undefined);
    }, handler.pollEveryMs ?? 2000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one poll per waiting step
  }, [waiting, method]);

  if (!state) return null;

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!codeMeetsRules(typed, handler.codeSchema)) {
      refuse(t(texts.codeInvalid));
      return;
    }
    setCodeError(undefined);
    void run(async () => {
      next(await handler.confirm(typed, ctx(answer)), state.method);
    });
  };

  const resend = (other?: string) =>
    void run(async () => {
      setCodeError(undefined);
      const again = next(await handler.resend!(other, ctx(answer)), state.method);
      if (again) {
        setCode('');
        setNotice(t(texts.resent ?? ''));
      }
    });

  const cancel = () => {
    if (!handler.cancel) {
      onEnd(null);
      return;
    }
    void run(async () => {
      onEnd({ answer: { ...answer, ...asValues(await handler.cancel!(ctx(answer))) } });
    });
  };

  const summary = handler.summary?.(answer, t, i18n.language);
  const others = (state.methods ?? []).filter((other) => other !== state.method);
  const waits = state.step === 'wait';
  const where = state.sentTo
    ? t((waits && texts.waitingSent) || `${texts.sent}.${state.method}`, { to: state.sentTo })
    : t((waits && texts.waiting) || `${texts.ask}.${state.method}`);
  const cancelButton = (
    <button type="button" className="eng-button eng-button--secondary" disabled={pending} onClick={cancel}>
      {t(texts.cancel)}
    </button>
  );
  const links = (
    <div className="eng-flow__links">
      {handler.resend && state.canResend !== false && (
        <button
          type="button"
          className="eng-button eng-button--link"
          disabled={pending}
          onClick={() => resend(state.step === 'wait' ? state.method : undefined)}
        >
          {t(texts.resend ?? '')}
        </button>
      )}
      {handler.resend &&
        others.map((other) => (
          <button key={other} type="button" className="eng-button eng-button--link" disabled={pending} onClick={() => resend(other)}>
            {t(`${texts.useMethod ?? ''}.${other}`)}
          </button>
        ))}
    </div>
  );

  if (state.step === 'wait') {
    return (
      <Dialog title={t(texts.waitTitle ?? texts.title)} buttons={cancelButton} {...(handler.cancel ? {} : { onClose: cancel })}>
        {summary && <p className="eng-flow__summary">{summary}</p>}
        <p role="status" aria-live="polite" className="eng-flow__waiting">
          <span className="eng-spinner eng-spinner--inline" aria-hidden="true" />
          {where}
        </p>
        {notice && <p role="status">{notice}</p>}
        {links}
      </Dialog>
    );
  }

  const inputId = `${ids}-code`;
  const errorId = `${ids}-code-error`;
  return (
    <Dialog title={t(texts.title)} initialFocus={codeRef} {...(handler.cancel ? {} : { onClose: cancel })}>
      {summary && <p className="eng-flow__summary">{summary}</p>}
      <p>{where}</p>
      {notice && <p role="status">{notice}</p>}
      <form className="eng-flow__form" onSubmit={confirm} noValidate>
        <div className={`eng-field${codeError ? ' eng-field--invalid' : ''}`}>
          <label className="eng-label" htmlFor={inputId}>
            {t(texts.codeLabel)}
          </label>
          <input
            ref={codeRef}
            id={inputId}
            name="approvalCode"
            className="eng-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={longestCode(handler.codeSchema)}
            value={code}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? errorId : undefined}
            onChange={(event) => {
              setCode(event.target.value);
              setCodeError(undefined);
            }}
          />
          {codeError && (
            <p id={errorId} className="eng-field-errors" role="alert">
              {codeError}
            </p>
          )}
        </div>
        <div className="eng-dialog__buttons">
          {cancelButton}
          <button type="submit" className="eng-button eng-button--primary" disabled={pending} aria-busy={pending || undefined}>
            {t(texts.confirm)}
          </button>
        </div>
      </form>
      {links}
    </Dialog>
  );
}
