import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CustomScreenProps } from '../../engine/index.ts';
import { isMethodCallError } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import './onboarding.css';
import { activateAndSignIn, ACTIVATED_NOTICE } from './activation.ts';
import { fieldErrorsOf } from './call-errors.ts';
import { TextField } from './TextField.tsx';
import { useCooldown } from './useCooldown.ts';

/** A new code may be asked for once a minute (the server says how long to wait). */
const RESEND_SECONDS = 60;

/**
 * /activate: the e-mail and the activation code from the e-mail (both filled in when the visitor came
 * from the e-mail's link), a resend button with its cooldown, and on success the signed-in home page
 * with the notice 'Your Account has been activated.' A wrong, expired or spent code is explained on
 * the code field; anything else opens the error popup.
 */
export function ActivateAccount(_props: CustomScreenProps) {
  const { t } = useTranslation();
  const { session, rpc, customer, feedback } = useApp();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [username, setUsername] = useState(query.get('username') ?? '');
  const [activationCode, setActivationCode] = useState(query.get('activationCode') ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [resendWait, startResendWait] = useCooldown();
  const [resent, setResent] = useState(false);

  const activate = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!/^\S+@\S+\.\S+$/.test(username.trim())) missing.username = t('onboarding.errors.email');
    if (!/^[0-9]{6}$/.test(activationCode.trim())) missing.activationCode = t('onboarding.errors.code');
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setPending(true);
    try {
      const destination = await activateAndSignIn({ session, rpc, customer }, { username, activationCode });
      feedback.notify(ACTIVATED_NOTICE);
      void navigate(destination);
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) setErrors(fieldErrors);
      else feedback.showError(error);
    } finally {
      setPending(false);
    }
  };

  const resend = async () => {
    if (!/^\S+@\S+\.\S+$/.test(username.trim())) {
      setErrors({ username: t('onboarding.errors.email') });
      return;
    }
    try {
      const { resendAfterSeconds } = await rpc('activationCodeResend', { username: username.trim() });
      setResent(true);
      setErrors({});
      startResendWait(resendAfterSeconds || RESEND_SECONDS);
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) setErrors(fieldErrors);
      else if (isMethodCallError(error) && error.code === 'VF') startResendWait(RESEND_SECONDS);
      else feedback.showError(error);
    }
  };

  return (
    <form className="eng-form onboarding-form" noValidate onSubmit={(event) => void activate(event)}>
      <p className="eng-description">{t('onboarding.activate.intro')}</p>
      <div className="eng-fields">
        <TextField id="activate_username" label={t('fields.username')} type="email" autoComplete="username" value={username} onChange={setUsername} error={errors.username} />
        <TextField
          id="activate_activationCode"
          label={t('onboarding.fields.activationCode')}
          help={t('onboarding.activate.codeHelp')}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={activationCode}
          onChange={setActivationCode}
          error={errors.activationCode}
        />
      </div>
      <p role="status" className="onboarding-status">
        {resent ? t('onboarding.activate.resent') : ''}
      </p>
      <div className="eng-form__buttons">
        <button type="submit" className="eng-button eng-button--primary" disabled={pending} aria-busy={pending || undefined}>
          {t('onboarding.activate.submit')}
        </button>
        <button type="button" className="eng-button eng-button--secondary" disabled={resendWait > 0} onClick={() => void resend()}>
          {resendWait > 0 ? t('onboarding.activate.resendIn', { seconds: resendWait }) : t('onboarding.activate.resend')}
        </button>
      </div>
      <p className="onboarding-links">
        <Link to="/login">{t('onboarding.links.signIn')}</Link>
      </p>
    </form>
  );
}
