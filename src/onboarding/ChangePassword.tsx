import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import './onboarding.css';
import { fieldErrorsOf } from './call-errors.ts';
import { TextField } from './TextField.tsx';

const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9]).{8,128}$/;

/** The outcome messages of a password change (document 002 section 4): updated, or cancelled. */
export const PASSWORD_UPDATED_NOTICE = 'onboarding.passwordChange.updated';
export const CONFIRMATION_CANCELED_NOTICE = 'onboarding.passwordChange.canceled';

interface Pending {
  requestKey: string;
  sentTo: string;
}

/**
 * /setting/password (document 001 section 7): the current password and the new one twice; nothing
 * changes until the code e-mailed to the customer confirms it. The outcome shows on the page and as
 * a notice: 'Your password has been successfully updated.' or 'Confirmation canceled'. Other
 * devices are signed out by the server; this one stays.
 */
export function ChangePassword(_props: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc, feedback } = useApp();
  const [values, setValues] = useState({ password: '', passwordNew: '', passwordNewRepeat: '', code: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [waiting, setWaiting] = useState<Pending | null>(null);
  const [outcome, setOutcome] = useState<'updated' | 'canceled' | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof values) => (next: string) => setValues((current) => ({ ...current, [name]: next }));

  const attempt = async (problems: Record<string, string>, call: () => Promise<void>) => {
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      await call();
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) setErrors(fieldErrors);
      else feedback.showError(error);
    } finally {
      setBusy(false);
    }
  };

  const request = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!values.password) problems.password = t('onboarding.errors.required');
    if (!STRONG_PASSWORD.test(values.passwordNew)) problems.passwordNew = t('fieldErrors.password.pattern');
    else if (values.passwordNew !== values.passwordNewRepeat) problems.passwordNewRepeat = t('onboarding.errors.passwordsDiffer');
    void attempt(problems, async () => {
      const { requestKey, sentTo } = await rpc('passwordChange', { password: values.password, passwordNew: values.passwordNew, passwordNewRepeat: values.passwordNewRepeat });
      setOutcome(null);
      setWaiting({ requestKey, sentTo });
    });
  };

  const finish = (result: 'updated' | 'canceled') => {
    setWaiting(null);
    setValues({ password: '', passwordNew: '', passwordNewRepeat: '', code: '' });
    setOutcome(result);
    feedback.notify(result === 'updated' ? PASSWORD_UPDATED_NOTICE : CONFIRMATION_CANCELED_NOTICE);
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!waiting) return;
    const problems: Record<string, string> = /^[0-9]{6}$/.test(values.code.trim()) ? {} : { code: t('onboarding.errors.code') };
    void attempt(problems, async () => {
      await rpc('passwordChangeConfirm', { code: values.code.trim(), requestKey: waiting.requestKey });
      finish('updated');
    });
  };

  const cancel = () => {
    if (!waiting) return;
    void attempt({}, async () => {
      await rpc('passwordChangeCancel', { requestKey: waiting.requestKey });
      finish('canceled');
    });
  };

  return (
    <div className="onboarding-password">
      <p role="status" className={`onboarding-outcome${outcome ? '' : ' eng-visually-hidden'}`} data-status={outcome ?? undefined}>
        {outcome ? t(outcome === 'updated' ? PASSWORD_UPDATED_NOTICE : CONFIRMATION_CANCELED_NOTICE) : ''}
      </p>
      {waiting ? (
        <form className="eng-form onboarding-form" noValidate onSubmit={confirm}>
          <p className="eng-description">{t('onboarding.passwordChange.codeSent', { address: waiting.sentTo })}</p>
          <div className="eng-fields">
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- this field appears because the user just asked for a code; focus goes where they type it. */}
            <TextField id="passwordChange_code" label={t('onboarding.fields.code')} inputMode="numeric" autoComplete="one-time-code" value={values.code} onChange={set('code')} error={errors.code} autoFocus />
          </div>
          <div className="eng-form__buttons">
            <button type="submit" className="eng-button eng-button--primary" disabled={busy} aria-busy={busy || undefined}>
              {t('onboarding.passwordChange.confirm')}
            </button>
            <button type="button" className="eng-button eng-button--secondary" disabled={busy} onClick={cancel}>
              {t('onboarding.passwordChange.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <form className="eng-form onboarding-form" noValidate onSubmit={request}>
          <div className="eng-fields">
            <TextField id="passwordChange_password" label={t('onboarding.fields.currentPassword')} type="password" autoComplete="current-password" value={values.password} onChange={set('password')} error={errors.password} />
            <TextField id="passwordChange_passwordNew" label={t('onboarding.fields.newPassword')} help={t('fieldErrors.password.pattern')} type="password" autoComplete="new-password" value={values.passwordNew} onChange={set('passwordNew')} error={errors.passwordNew} />
            <TextField id="passwordChange_passwordNewRepeat" label={t('onboarding.fields.newPasswordRepeat')} type="password" autoComplete="new-password" value={values.passwordNewRepeat} onChange={set('passwordNewRepeat')} error={errors.passwordNewRepeat} />
          </div>
          <div className="eng-form__buttons">
            <button type="submit" className="eng-button eng-button--primary" disabled={busy} aria-busy={busy || undefined}>
              {t('onboarding.passwordChange.submit')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
