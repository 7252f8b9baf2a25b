import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  Button,
  ButtonLink,
  ButtonRow,
  customForm,
  HelpText,
  isMethodCallError,
  SchemaForm,
  useServerErrors,
  emptySpentValues,
  type CustomScreenProps,
} from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import './onboarding.css';
import { keepRecoveryTask, keptRecoveryTask, RECOVERY_STEPS, recoveryMemory, stepToShow, type RecoveryStep, type RecoveryTask } from './recovery-task.ts';

const BASE = '/account-recovery';

/** A form of the spec's `custom.forms`, as SchemaForm takes it. */
type FormOf = ReturnType<typeof customForm>;

/** The field errors a refused call carries (TA1), or null when it carries none (the popup's then). */
function fieldErrorsOf(error: unknown): Record<string, string> | null {
  return isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0 ? { ...error.fieldErrors } : null;
}

/**
 * One step's form: the spec's form (validated with its compiled schema before `onSubmit` runs), the
 * primary button, and what sits under it. A refusal with field errors shows them on their fields until
 * they change; any other failure goes to the error popup. `onSubmit` may return field errors it found
 * itself, shown the same way.
 */
function StepForm({
  form,
  intro,
  submitLabel,
  onSubmit,
  fieldMessages,
  refused,
  after,
}: {
  form: FormOf;
  intro?: ReactNode;
  submitLabel: string;
  onSubmit(valid: Record<string, unknown>): Promise<void>;
  /** The form's own messages by field, from the data typed so far (see SchemaForm). */
  fieldMessages?: (data: Record<string, unknown>) => Record<string, string> | undefined;
  /** Field errors this step opens with: a refusal met on a later step that this step must answer. */
  refused?: Record<string, string> | undefined;
  after?: ReactNode;
}) {
  const { feedback } = useApp();
  const [data, setData] = useState<Record<string, unknown>>({});
  const [pending, setPending] = useState(false);
  const serverErrors = useServerErrors();
  const { show } = serverErrors;
  useEffect(() => {
    if (refused) show(refused, {});
  }, [refused, show]);

  const submit = async (valid: Record<string, unknown>) => {
    setPending(true);
    try {
      await onSubmit(valid);
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      // The robot check's token is good once: a refusal of another field empties it (`singleUse` in the spec).
      if (fieldErrors) show(fieldErrors, emptySpentValues(valid, [form.uiSchema], fieldErrors, setData));
      else feedback.showError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      {intro && <p>{intro}</p>}
      <SchemaForm
        idPrefix="recovery"
        schema={form.schema}
        uiSchema={form.uiSchema}
        formData={data}
        serverErrors={serverErrors.messages}
        fieldMessages={fieldMessages?.(data)}
        onChange={(next) => {
          setData(next);
          serverErrors.track(next);
        }}
        onSubmit={(valid) => void submit(valid)}
      >
        <ButtonRow>
          <Button type="submit" pending={pending}>
            {submitLabel}
          </Button>
        </ButtonRow>
      </SchemaForm>
      {after}
    </>
  );
}

/**
 * /account-recovery/<step> (document 000 sections 2 and 3): email, status, reset, password, success.
 * The visitor gives the account's e-mail (a code is e-mailed if it has an account; the answer is the
 * same either way), or, having lost that e-mail, their name, date of birth and an address to reach
 * them, which, when they match one account, sends a code by SMS to its confirmed phone (the status
 * step shows the verification status, the reject reason and whether to retry). Then the code, then
 * the new password, then success. The task lives in sessionStorage so a reload carries on. Each step's
 * form is the spec's `custom.forms` entry (`email`, `personalData`, `code`, `password`), validated with
 * its method's request schema.
 */
export function AccountRecovery({ spec, params }: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc, feedback, brand } = useApp();
  const navigate = useNavigate();
  const [task, setTask] = useState<RecoveryTask | null>(() => keptRecoveryTask(sessionStorage));
  const [lostEmail, setLostEmailState] = useState(recoveryMemory.lostEmail);
  const [checkedCode, setCheckedCodeState] = useState<string | null>(() =>
    recoveryMemory.checked && recoveryMemory.checked.taskId === task?.taskId ? recoveryMemory.checked.code : null,
  );
  // Taken once: the refusal shows on the step that is mounted next, and not again after.
  const [refused] = useState(() => {
    const carried = recoveryMemory.refused ?? undefined;
    recoveryMemory.refused = null;
    return carried;
  });
  const step = stepToShow(params['*'], { task, codeChecked: checkedCode !== null });

  const setLostEmail = (lost: boolean) => {
    recoveryMemory.lostEmail = lost;
    setLostEmailState(lost);
  };
  const setCheckedCode = (code: string | null) => {
    recoveryMemory.checked = code && task ? { taskId: task.taskId, code } : null;
    setCheckedCodeState(code);
  };
  const go = (next: RecoveryStep) => {
    void navigate(`${BASE}/${next}`);
  };
  const remember = (next: RecoveryTask | null) => {
    keepRecoveryTask(sessionStorage, next);
    setTask(next);
  };
  const text = (value: unknown) => String(value ?? '').trim();
  // The bot challenge's token (the botChallenge widget), when the brand asks for one.
  const challengeOf = (valid: Record<string, unknown>) => (typeof valid.challengeToken === 'string' ? { challengeToken: valid.challengeToken } : {});

  const startAgain = () => {
    remember(null);
    setCheckedCode(null);
    go('email');
  };

  let body: ReactNode;
  if (step === 'email' && !lostEmail) {
    body = (
      <StepForm
        key="email"
        form={customForm(spec, 'email')}
        intro={t('onboarding.recovery.emailIntro')}
        submitLabel={t('onboarding.recovery.sendCode')}
        onSubmit={async (valid) => {
          remember(await rpc('passwordChangeRequest', { email: text(valid.email), ...challengeOf(valid) }));
          go('reset');
        }}
        after={
          <ButtonRow>
            <Button variant="link" onClick={() => setLostEmail(true)}>
              {t('onboarding.recovery.lostEmail')}
            </Button>
          </ButtonRow>
        }
      />
    );
  } else if (step === 'email') {
    body = (
      <StepForm
        key="personalData"
        form={customForm(spec, 'personalData')}
        intro={t('onboarding.recovery.personalIntro')}
        submitLabel={t('onboarding.recovery.verify')}
        onSubmit={async (valid) => {
          remember(
            await rpc('accountRecoveryRequest', {
              firstName: text(valid.firstName),
              lastName: text(valid.lastName),
              dob: text(valid.dob),
              recoveryEmail: text(valid.recoveryEmail),
              ...challengeOf(valid),
            }),
          );
          go('status');
        }}
        after={
          <ButtonRow>
            <Button variant="link" onClick={() => setLostEmail(false)}>
              {t('onboarding.recovery.haveEmail')}
            </Button>
          </ButtonRow>
        }
      />
    );
  } else if (step === 'status' && task) {
    body = (
      <div className="onboarding-form">
        <p className="onboarding-outcome" data-status={task.verificationStatus} role="status">
          {t(`onboarding.recovery.status.${task.verificationStatus}`, { phone: task.maskedPhone ?? '' })}
        </p>
        {task.rejectReason && <p>{t(`onboarding.recovery.rejectReason.${task.rejectReason}`)}</p>}
        <ButtonRow>
          {task.verificationStatus === 'codeSent' && <Button onClick={() => go('reset')}>{t('onboarding.recovery.enterCode')}</Button>}
          {task.verificationStatus === 'rejected' && task.isRetryable && (
            <Button
              onClick={() => {
                setLostEmail(true);
                go('email');
              }}
            >
              {t('onboarding.recovery.retry')}
            </Button>
          )}
        </ButtonRow>
        {task.verificationStatus === 'rejected' && !task.isRetryable && (
          <HelpText>
            {t('onboarding.register.closedHelp')} <a href={`mailto:${brand.support.defaultEmail}`}>{brand.support.defaultEmail}</a>
          </HelpText>
        )}
      </div>
    );
  } else if (step === 'reset' && task) {
    body = (
      <StepForm
        key="code"
        form={customForm(spec, 'code')}
        intro={task.channel === 'email' ? t('onboarding.recovery.codeByEmail') : t('onboarding.recovery.codeBySms', { phone: task.maskedPhone ?? '' })}
        submitLabel={t('onboarding.recovery.checkCode')}
        refused={refused}
        onSubmit={async (valid) => {
          const code = text(valid.code);
          await rpc('passwordChangeCodeCheck', { taskId: task.taskId, code });
          setCheckedCode(code);
          go('password');
        }}
        after={
          <ButtonRow>
            <Button variant="link" onClick={startAgain}>
              {t('onboarding.recovery.startAgain')}
            </Button>
          </ButtonRow>
        }
      />
    );
  } else if (step === 'password' && task && checkedCode) {
    body = (
      <StepForm
        key="password"
        form={customForm(spec, 'password')}
        submitLabel={t('onboarding.recovery.savePassword')}
        fieldMessages={(data) =>
          data.passwordRepeat !== undefined && data.passwordRepeat !== data.password ? { passwordRepeat: t('onboarding.errors.passwordsDiffer') } : undefined
        }
        onSubmit={async (valid) => {
          try {
            await rpc('passwordChangeWithCode', { taskId: task.taskId, code: checkedCode, password: String(valid.password) });
          } catch (error) {
            // A code refused here (it expired meanwhile, or the task was spent) must be entered again.
            const refusal = fieldErrorsOf(error);
            if (refusal?.code) {
              setCheckedCode(null);
              recoveryMemory.refused = { code: refusal.code };
              go('reset');
              return;
            }
            throw error;
          }
          remember(null);
          setCheckedCode(null);
          go('success');
        }}
      />
    );
  } else {
    body = (
      <div className="onboarding-form">
        <p className="onboarding-outcome" data-status="completed" role="status">
          {t('onboarding.recovery.success')}
        </p>
        <ButtonRow>
          <ButtonLink to="/login">{t('onboarding.links.signIn')}</ButtonLink>
        </ButtonRow>
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
