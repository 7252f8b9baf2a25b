import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionParams } from '../../actions/ActionBar';
import { useCall } from '../../actions/useCall';
import { getPath } from '../../data/paths';
import { isMethodCallError } from '../../errors/MethodCallError';
import type { FormButton as FormButtonSpec, ScreenSpec } from '../../spec/types';
import { useRouteParams } from '../../router/RouteValues';

type Values = Record<string, unknown>;

/** Whole seconds left until `until` (a time in ms), never below 0. */
const secondsLeft = (until: number) => Math.max(0, Math.ceil((until - Date.now()) / 1000));

/**
 * The seconds a button waits after an answer: the answer's value at `cooldown.answer` when it is a
 * positive number, else `cooldown.seconds`.
 *
 * @example
 * ```ts
 * cooldownSeconds({ seconds: 60, answer: 'retryAfter', label: 'k' }, { retryAfter: 30 }); // 30
 * cooldownSeconds({ seconds: 60, label: 'k' }, {}); // 60
 * ```
 */
export function cooldownSeconds(cooldown: NonNullable<FormButtonSpec['cooldown']>, answer: unknown): number {
  const said = cooldown.answer ? Number(getPath(answer, cooldown.answer)) : NaN;
  return Number.isFinite(said) && said > 0 ? said : cooldown.seconds;
}

function FormButton({
  spec,
  button,
  values,
  onFieldErrors,
}: {
  spec: Pick<ScreenSpec, 'id' | 'source'>;
  button: FormButtonSpec;
  values: Values;
  onFieldErrors: (errors: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const routeParams = useRouteParams();
  const { call, succeed, fail } = useCall(spec);
  const [pending, setPending] = useState(false);
  const [until, setUntil] = useState(0);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (until === 0) return;
    const tick = () => {
      const now = secondsLeft(until);
      setLeft(now);
      if (now === 0) setUntil(0);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [until]);

  const wait = (seconds: number) => setUntil(Date.now() + seconds * 1000);

  const run = async () => {
    setPending(true);
    try {
      const outcome = await call({ method: button.method }, actionParams(button.params, routeParams, values));
      onFieldErrors({});
      if (button.cooldown) wait(cooldownSeconds(button.cooldown, outcome.answer));
      await succeed(button.success, outcome);
    } catch (error) {
      if (isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0) onFieldErrors(error.fieldErrors);
      else if (isMethodCallError(error) && button.cooldown?.refusals?.includes(error.code)) wait(button.cooldown.seconds);
      else fail(error);
    } finally {
      setPending(false);
    }
  };

  const waiting = left > 0 && button.cooldown;
  return (
    <button
      type="button"
      className="eng-button eng-button--secondary"
      disabled={pending || Boolean(waiting)}
      aria-busy={pending || undefined}
      onClick={() => void run()}
    >
      {waiting ? t(button.cooldown!.label, { seconds: left }) : t(button.label)}
    </button>
  );
}

/**
 * A form's `buttons` beside its submit: each calls its method with its params (`':name'` read from the
 * form's values), says its notice, hands a refusal's field errors to `onFieldErrors` (the form shows them
 * on its fields) and, with `cooldown`, waits the answer's or the spec's seconds before it may be pressed
 * again, its label counting down.
 *
 * @example
 * ```tsx
 * <FormButtons spec={spec} buttons={form.buttons} values={data} onFieldErrors={(errors) => serverErrors.show(errors, data)} />
 * ```
 */
export function FormButtons({
  spec,
  buttons,
  values,
  onFieldErrors,
}: {
  spec: Pick<ScreenSpec, 'id' | 'source'>;
  buttons: readonly FormButtonSpec[] | undefined;
  values: Values;
  onFieldErrors: (errors: Record<string, string>) => void;
}) {
  return (buttons ?? []).map((button) => <FormButton key={button.id} spec={spec} button={button} values={values} onFieldErrors={onFieldErrors} />);
}
