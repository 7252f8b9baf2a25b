import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorId } from '@rjsf/utils';
import { HelpText, inputClassName, type WidgetProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';

const EMAIL = /^\S+@\S+\.\S+$/;

/**
 * `ui:widget: registrationEmail`: the e-mail input of a registration, which asks the server (check
 * email) once the visitor leaves the field whether the address already has an account, and then
 * says so under it with the way forward: sign in, or activate an account waiting for its code. The
 * server refuses a taken e-mail again on submit.
 */
export function RegistrationEmailWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, rawErrors, options } = props;
  const { t } = useTranslation();
  const { rpc } = useApp();
  const [taken, setTaken] = useState<{ email: string; status: 1 | 2 } | null>(null);
  const noticeId = `${id}__taken`;
  const invalid = (rawErrors?.length ?? 0) > 0;
  const describedBy = [invalid ? errorId(id) : '', taken ? noticeId : ''].filter(Boolean).join(' ') || undefined;

  const check = async (email: string) => {
    if (!EMAIL.test(email)) return setTaken(null);
    try {
      const { status } = await rpc('checkEmail', { email });
      // 3, the login of a business's user, is an account too: sign in with it.
      setTaken(status === 0 ? null : { email, status: status === 2 ? 2 : 1 });
    } catch {
      // The check only helps; the registration itself refuses a taken e-mail.
      setTaken(null);
    }
  };

  return (
    <>
      <input
        id={id}
        name={id}
        type="email"
        className={inputClassName}
        value={typeof value === 'string' ? value : ''}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- forwards the screen spec's ui:autofocus; the spec chooses where a form starts.
        autoFocus={autofocus}
        autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : 'email'}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        onBlur={(event) => {
          onBlur(id, event.target.value);
          void check(event.target.value.trim());
        }}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
      {taken && (
        <HelpText id={noticeId} role="status">
          {taken.status === 1 ? t('onboarding.register.emailTaken') : t('onboarding.register.emailPending')}{' '}
          {taken.status === 1 ? (
            <Link to="/login">{t('onboarding.links.signIn')}</Link>
          ) : (
            <Link to={`/activate?username=${encodeURIComponent(taken.email)}`}>{t('onboarding.register.activateLink')}</Link>
          )}
        </HelpText>
      )}
    </>
  );
}
