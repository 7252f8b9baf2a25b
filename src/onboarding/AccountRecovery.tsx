import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import './onboarding.css';
import { fieldErrorsOf } from './call-errors.ts';
import { keepRecoveryTask, keptRecoveryTask, RECOVERY_STEPS, recoveryMemory, stepToShow, type RecoveryStep, type RecoveryTask } from './recovery-task.ts';
import { TextField } from './TextField.tsx';

const BASE = '/account-recovery';
const EMAIL = /^\S+@\S+\.\S+$/;
const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9]).{8,128}$/;

type Errors = Record<string, string>;

/** A form of one step: its fields, the primary button, and what sits under it. */
function StepForm({
  onSubmit,
  submitLabel,
  pending,
  children,
  after,
}: {
  onSubmit(): Promise<unknown>;
  submitLabel: string;
  pending: boolean;
  children: ReactNode;
  after?: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <form className="eng-form onboarding-form" noValidate onSubmit={submit}>
      <div className="eng-fields">{children}</div>
      <div className="eng-form__buttons">
        <button type="submit" className="eng-button eng-button--primary" disabled={pending} aria-busy={pending || undefined}>
          {submitLabel}
        </button>
      </div>
      {after}
    </form>
  );
}

/**
 * /account-recovery/<step> (document 000 sections 2 and 3): email, status, reset, password, success.
 * The visitor gives the account's e-mail (a code is e-mailed if it has an account; the answer is the
 * same either way), or, having lost that e-mail, their name, date of birth and an address to reach
 * them, which, when they match one account, sends a code by SMS to its confirmed phone (the status
 * step shows the verification status, the reject reason and whether to retry). Then the code, then
 * the new password, then success. The task lives in sessionStorage so a reload carries on.
 */
export function AccountRecovery({ params }: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc, feedback, brand } = useApp();
  const navigate = useNavigate();
  const [task, setTask] = useState<RecoveryTask | null>(() => keptRecoveryTask(sessionStorage));
  const [lostEmail, setLostEmailState] = useState(recoveryMemory.lostEmail);
  const [values, setValues] = useState<Record<string, string>>({});
  const [checkedCode, setCheckedCodeState] = useState<string | null>(() =>
    recoveryMemory.checked && recoveryMemory.checked.taskId === task?.taskId ? recoveryMemory.checked.code : null,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const step = stepToShow(params['*'], { task, codeChecked: checkedCode !== null });

  const setLostEmail = (lost: boolean) => {
    recoveryMemory.lostEmail = lost;
    setLostEmailState(lost);
  };
  const setCheckedCode = (code: string | null) => {
    recoveryMemory.checked = code && task ? { taskId: task.taskId, code } : null;
    setCheckedCodeState(code);
  };
  const value = (name: string) => values[name] ?? '';
  const set = (name: string) => (next: string) => setValues((current) => ({ ...current, [name]: next }));
  const go = (next: RecoveryStep) => {
    setErrors({});
    void navigate(`${BASE}/${next}`);
  };
  const remember = (next: RecoveryTask | null) => {
    keepRecoveryTask(sessionStorage, next);
    setTask(next);
  };

  /** Runs a call; field refusals land on the fields (and are returned), the rest in the popup. */
  const run = async (check: () => Errors, call: () => Promise<void>): Promise<Errors> => {
    const problems = check();
    setErrors(problems);
    if (Object.keys(problems).length > 0) return problems;
    setPending(true);
    try {
      await call();
      return {};
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) setErrors(fieldErrors);
      else feedback.showError(error);
      return fieldErrors ?? {};
    } finally {
      setPending(false);
    }
  };

  const required = (names: string[]): Errors =>
    Object.fromEntries(names.filter((name) => !value(name).trim()).map((name) => [name, t('onboarding.errors.required')]));
  const emailProblem = (name: string): Errors => (EMAIL.test(value(name).trim()) ? {} : { [name]: t('onboarding.errors.email') });

  const startStart = () => {
    remember(null);
    setCheckedCode(null);
    setValues({});
    go('email');
  };

  let body: ReactNode;
  if (step === 'email' && !lostEmail) {
    body = (
      <StepForm
        pending={pending}
        submitLabel={t('onboarding.recovery.sendCode')}
        onSubmit={() =>
          run(
            () => emailProblem('email'),
            async () => {
              remember(await rpc('passwordChangeRequest', { email: value('email').trim() }));
              go('reset');
            },
          )
        }
        after={
          <p className="onboarding-links">
            <button type="button" className="eng-button eng-button--link" onClick={() => setLostEmail(true)}>
              {t('onboarding.recovery.lostEmail')}
            </button>
          </p>
        }
      >
        <p className="eng-description">{t('onboarding.recovery.emailIntro')}</p>
        <TextField
          id="recovery_email"
          label={t('onboarding.fields.email')}
          type="email"
          autoComplete="email"
          value={value('email')}
          onChange={set('email')}
          error={errors.email}
        />
      </StepForm>
    );
  } else if (step === 'email') {
    body = (
      <StepForm
        pending={pending}
        submitLabel={t('onboarding.recovery.verify')}
        onSubmit={() =>
          run(
            () => ({ ...required(['firstName', 'lastName', 'dob']), ...emailProblem('recoveryEmail') }),
            async () => {
              remember(
                await rpc('accountRecoveryRequest', {
                  firstName: value('firstName').trim(),
                  lastName: value('lastName').trim(),
                  dob: value('dob'),
                  recoveryEmail: value('recoveryEmail').trim(),
                }),
              );
              go('status');
            },
          )
        }
        after={
          <p className="onboarding-links">
            <button type="button" className="eng-button eng-button--link" onClick={() => setLostEmail(false)}>
              {t('onboarding.recovery.haveEmail')}
            </button>
          </p>
        }
      >
        <p className="eng-description">{t('onboarding.recovery.personalIntro')}</p>
        <TextField
          id="recovery_firstName"
          label={t('fields.firstName')}
          autoComplete="given-name"
          value={value('firstName')}
          onChange={set('firstName')}
          error={errors.firstName}
        />
        <TextField
          id="recovery_lastName"
          label={t('fields.lastName')}
          autoComplete="family-name"
          value={value('lastName')}
          onChange={set('lastName')}
          error={errors.lastName}
        />
        <TextField
          id="recovery_dob"
          label={t('fields.birthDay')}
          type="date"
          autoComplete="bday"
          value={value('dob')}
          onChange={set('dob')}
          error={errors.dob}
        />
        <TextField
          id="recovery_recoveryEmail"
          label={t('onboarding.fields.recoveryEmail')}
          help={t('onboarding.recovery.recoveryEmailHelp')}
          type="email"
          autoComplete="email"
          value={value('recoveryEmail')}
          onChange={set('recoveryEmail')}
          error={errors.recoveryEmail}
        />
      </StepForm>
    );
  } else if (step === 'status' && task) {
    body = (
      <div className="onboarding-form">
        <p className="onboarding-outcome" data-status={task.verificationStatus} role="status">
          {t(`onboarding.recovery.status.${task.verificationStatus}`, { phone: task.maskedPhone ?? '' })}
        </p>
        {task.rejectReason && <p className="eng-description">{t(`onboarding.recovery.rejectReason.${task.rejectReason}`)}</p>}
        <div className="eng-form__buttons">
          {task.verificationStatus === 'codeSent' && (
            <button type="button" className="eng-button eng-button--primary" onClick={() => go('reset')}>
              {t('onboarding.recovery.enterCode')}
            </button>
          )}
          {task.verificationStatus === 'rejected' && task.isRetryable && (
            <button
              type="button"
              className="eng-button eng-button--primary"
              onClick={() => {
                setLostEmail(true);
                go('email');
              }}
            >
              {t('onboarding.recovery.retry')}
            </button>
          )}
        </div>
        {task.verificationStatus === 'rejected' && !task.isRetryable && (
          <p className="eng-help">
            {t('onboarding.register.closedHelp')} <a href={`mailto:${brand.support.defaultEmail}`}>{brand.support.defaultEmail}</a>
          </p>
        )}
      </div>
    );
  } else if (step === 'reset' && task) {
    body = (
      <StepForm
        pending={pending}
        submitLabel={t('onboarding.recovery.checkCode')}
        onSubmit={() =>
          run(
            (): Errors => (/^[0-9]{6}$/.test(value('code').trim()) ? {} : { code: t('onboarding.errors.code') }),
            async () => {
              await rpc('passwordChangeCodeCheck', { taskId: task.taskId, code: value('code').trim() });
              setCheckedCode(value('code').trim());
              go('password');
            },
          )
        }
        after={
          <p className="onboarding-links">
            <button type="button" className="eng-button eng-button--link" onClick={startStart}>
              {t('onboarding.recovery.startAgain')}
            </button>
          </p>
        }
      >
        <p className="eng-description">
          {task.channel === 'email' ? t('onboarding.recovery.codeByEmail') : t('onboarding.recovery.codeBySms', { phone: task.maskedPhone ?? '' })}
        </p>
        <TextField
          id="recovery_code"
          label={t('onboarding.fields.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={value('code')}
          onChange={set('code')}
          error={errors.code}
        />
      </StepForm>
    );
  } else if (step === 'password' && task && checkedCode) {
    body = (
      <StepForm
        pending={pending}
        submitLabel={t('onboarding.recovery.savePassword')}
        onSubmit={() =>
          run(
            (): Errors => {
              if (!STRONG_PASSWORD.test(value('password'))) return { password: t('fieldErrors.password.pattern') };
              if (value('password') !== value('passwordRepeat')) return { passwordRepeat: t('onboarding.errors.passwordsDiffer') };
              return {};
            },
            async () => {
              await rpc('passwordChangeWithCode', { taskId: task.taskId, code: checkedCode, password: value('password') });
              remember(null);
              setCheckedCode(null);
              go('success');
            },
          ).then((refused) => {
            // A code refused here (it expired meanwhile, or the task was spent) must be entered again.
            if (refused.code) {
              setCheckedCode(null);
              void navigate(`${BASE}/reset`);
              setErrors({ code: refused.code });
            }
          })
        }
      >
        <p className="eng-help">{t('fieldErrors.password.pattern')}</p>
        <TextField
          id="recovery_password"
          label={t('onboarding.fields.newPassword')}
          type="password"
          autoComplete="new-password"
          value={value('password')}
          onChange={set('password')}
          error={errors.password}
        />
        <TextField
          id="recovery_passwordRepeat"
          label={t('onboarding.fields.newPasswordRepeat')}
          type="password"
          autoComplete="new-password"
          value={value('passwordRepeat')}
          onChange={set('passwordRepeat')}
          error={errors.passwordRepeat}
        />
      </StepForm>
    );
  } else {
    body = (
      <div className="onboarding-form">
        <p className="onboarding-outcome" data-status="completed" role="status">
          {t('onboarding.recovery.success')}
        </p>
        <div className="eng-form__buttons">
          <Link className="eng-button eng-button--primary" to="/login">
            {t('onboarding.links.signIn')}
          </Link>
        </div>
      </div>
    );
  }

  // The status step always shows what the server holds now (a code may have expired meanwhile).
  const statusTaskId = step === 'status' ? task?.taskId : undefined;
  useEffect(() => {
    if (!statusTaskId) return;
    rpc('accountRecoveryStatus', { taskId: statusTaskId }).then(remember, feedback.showError);
  }, [statusTaskId, rpc, feedback.showError]);

  const position = RECOVERY_STEPS.indexOf(step) + 1;
  return (
    <div className="onboarding-recovery" data-step={step}>
      <p className="onboarding-step">
        {t('onboarding.recovery.stepOf', { step: position, total: RECOVERY_STEPS.length, name: t(`onboarding.recovery.steps.${step}`) })}
      </p>
      {body}
      {step !== 'success' && (
        <p className="onboarding-links">
          <Link to="/login">{t('onboarding.links.backToSignIn')}</Link>
        </p>
      )}
    </div>
  );
}
