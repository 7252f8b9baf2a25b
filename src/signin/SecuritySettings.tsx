import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { TokenServiceError } from '../transport/token-service.ts';
import { createSignInFactors, type Device, type SignInFactors, type TwoStepChange, type TwoStepChangeStarted, type TwoStepState } from './factors-client.ts';
import { secondaryLoadAllowed } from './secondary.ts';
import './signin.css';
import { intlLocale } from '../../engine/index.ts';

const defaultFactors = createSignInFactors();
const MODES = [1, 2, 3, 4] as const;
const LOGIN_MODES = ['no', 'otp', 'sms', 'push'] as const;

/**
 * /setting: two-step settings (document 000 section 7, document 001 sections 3 and 7). The
 * transaction approval mode (1 push, 2 sms, 3 otp, 4 approval code) and the sign-in second factor
 * (off, authenticator, SMS, push) are changed with a code through the method in use; turning on an
 * authenticator shows its QR code and secret and is confirmed by its first code. Lists the linked
 * devices (loaded as secondary data), each removable after a confirmation.
 */
export function SecuritySettings({ props }: CustomScreenProps) {
  const factors = (props.factors as SignInFactors | undefined) ?? defaultFactors;
  const { t } = useTranslation();
  const { session, feedback, customer } = useApp();
  const [state, setState] = useState<TwoStepState>();
  const [devices, setDevices] = useState<Device[]>();
  const [change, setChange] = useState<{ request: TwoStepChange; started: TwoStepChangeStarted }>();
  const [refusal, setRefusal] = useState<{ field: string; message: string }>();

  const withToken = useCallback(async <T,>(work: (token: string) => Promise<T>): Promise<T | undefined> => {
    const token = await session.accessToken();
    if (!token) return undefined;
    return work(token);
  }, [session]);

  const loadDevices = useCallback(async () => {
    await secondaryLoadAllowed();
    setDevices(await withToken((token) => factors.devices(token)));
  }, [factors, withToken]);

  useEffect(() => {
    withToken((token) => factors.twoStepState(token)).then(setState, feedback.showError);
    loadDevices().catch(feedback.showError);
  }, [factors, withToken, loadDevices, feedback]);

  const start = async (request: TwoStepChange) => {
    setRefusal(undefined);
    try {
      const started = await withToken((token) => factors.changeTwoStep(token, request));
      if (started) setChange({ request, started });
    } catch (error) {
      if (error instanceof TokenServiceError && error.field) setRefusal({ field: error.field, message: error.message });
      else feedback.showError(error);
    }
  };
  const confirmed = (next: TwoStepState) => {
    setState(next);
    setChange(undefined);
    feedback.notify('signin.settings.saved');
    void customer.load().catch(() => undefined);
  };

  if (!state) return <p role="status">{t('signin.working')}</p>;
  return (
    <div className="security-settings">
      <ModeSection
        heading={t('signin.settings.approval.title')}
        intro={t('signin.settings.approval.intro')}
        name="mode"
        current={state.mode === null ? '' : String(state.mode)}
        options={MODES.map((mode) => ({ value: String(mode), label: t(`signin.settings.approval.mode.${mode}`) }))}
        error={refusal?.field === 'mode' ? refusal.message : undefined}
        disabled={change !== undefined}
        onChange={(value) => void start({ mode: Number(value) as 1 | 2 | 3 | 4 })}
      />
      <ModeSection
        heading={t('signin.settings.login.title')}
        intro={t('signin.settings.login.intro')}
        name="typeMode"
        current={state.typeMode}
        options={LOGIN_MODES.map((mode) => ({ value: mode, label: t(`signin.settings.login.mode.${mode}`) }))}
        error={refusal?.field === 'typeMode' ? refusal.message : undefined}
        disabled={change !== undefined}
        onChange={(value) => void start({ typeMode: value as (typeof LOGIN_MODES)[number] })}
      />
      {change && (
        <ConfirmChange
          started={change.started}
          onCancel={() => setChange(undefined)}
          onConfirm={async (code) => {
            const answer = await withToken((token) => factors.confirmTwoStep(token, change.started.reqId, code));
            if (!answer) return;
            if (answer.accessToken && answer.refreshToken) session.adopt({ accessToken: answer.accessToken, refreshToken: answer.refreshToken });
            confirmed(answer);
          }}
        />
      )}
      <DevicesSection
        devices={devices}
        onRemove={async (device) => {
          try {
            await withToken((token) => factors.removeDevice(token, device.id));
            setDevices((list) => list?.filter((item) => item.id !== device.id));
            feedback.notify('signin.settings.devices.removed');
          } catch (error) {
            feedback.showError(error);
          }
        }}
      />
    </div>
  );
}

function ModeSection(props: {
  heading: string;
  intro: string;
  name: string;
  current: string;
  options: { value: string; label: string }[];
  error?: string;
  disabled: boolean;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { current } = props;
  const [value, setValue] = useState(current);
  useEffect(() => setValue(current), [current]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onChange(value);
  };
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{props.heading}</h2>
      <p className="signin-step__muted">{props.intro}</p>
      <form className="security-settings__row" onSubmit={submit}>
        <div className={`eng-field${props.error ? ' eng-field--invalid' : ''}`}>
          <label className="eng-label" htmlFor={id}>
            {t(`fields.${props.name}`)}
          </label>
          <select
            id={id}
            name={props.name}
            className="eng-input"
            value={value}
            disabled={props.disabled}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={props.error ? `${id}-error` : undefined}
            onChange={(event) => setValue(event.target.value)}
          >
            {props.current === '' && <option value="">{t('signin.settings.notSet')}</option>}
            {props.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="eng-button eng-button--primary" disabled={props.disabled || value === props.current}>
          {t('signin.settings.change')}
        </button>
      </form>
      {props.error && (
        <p className="eng-field-errors" id={`${id}-error`} role="alert">
          {props.error}
        </p>
      )}
    </section>
  );
}

function ConfirmChange({ started, onCancel, onConfirm }: { started: TwoStepChangeStarted; onCancel(): void; onConfirm(code: string): Promise<void> }) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm(code);
    } catch (failure) {
      setError(failure instanceof TokenServiceError && failure.attemptsLeft !== undefined ? t('signin.wrongCode', { count: failure.attemptsLeft }) : failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="eng-card security-settings__confirm">
      <h2 id={`${id}-heading`}>{t('signin.settings.confirm.title')}</h2>
      {started.enrolment ? (
        <>
          <p>{t('signin.settings.confirm.enrol')}</p>
          <div className="signin-step__qr-image" role="img" aria-label={t('signin.settings.confirm.qrAlt')} dangerouslySetInnerHTML={{ __html: started.enrolment.qrSvg }} />
          <p>
            {t('signin.settings.confirm.secret')} <code className="security-settings__secret" data-testid="totp-secret">{started.enrolment.secret}</code>
          </p>
        </>
      ) : (
        <p>{t(`signin.settings.confirm.by.${started.confirmBy}`, { destination: started.destination ?? '' })}</p>
      )}
      <form className="eng-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className={`eng-field${error ? ' eng-field--invalid' : ''}`}>
          <label className="eng-label" htmlFor={id}>
            {t('fields.code')}
          </label>
          <input
            id={id}
            name="code"
            className="eng-input signin-step__code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- this field appears because the user just asked for a code; focus goes where they type it.
            autoFocus
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          />
          {error && (
            <p className="eng-field-errors" id={`${id}-error`} role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="eng-actions">
          <button type="submit" className="eng-button eng-button--primary" disabled={busy || code.length !== 6}>
            {t('signin.confirm')}
          </button>
          <button type="button" className="eng-button eng-button--secondary" onClick={onCancel}>
            {t('signin.settings.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}

function DevicesSection({ devices, onRemove }: { devices: Device[] | undefined; onRemove(device: Device): Promise<void> }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [asking, setAsking] = useState<number>();
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('signin.settings.devices.title')}</h2>
      {!devices ? (
        <p role="status">{t('signin.working')}</p>
      ) : devices.length === 0 ? (
        <p className="signin-step__muted">{t('signin.settings.devices.none')}</p>
      ) : (
        <ul className="security-settings__devices">
          {devices.map((device) => (
            <li key={device.id}>
              <span>
                <strong>{device.name}</strong> <span className="signin-step__muted">{device.type === 'ios' ? 'iOS' : 'Android'}</span>
                {device.lastActivityAt && (
                  <span className="signin-step__muted">
                    {' · '}
                    {t('signin.settings.devices.lastUsed', { date: new Date(device.lastActivityAt).toLocaleDateString(intlLocale(i18n.language)) })}
                  </span>
                )}
              </span>
              {asking === device.id ? (
                <span className="eng-actions" role="group" aria-label={t('signin.settings.devices.confirm', { name: device.name })}>
                  <span>{t('signin.settings.devices.confirm', { name: device.name })}</span>
                  {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the question replaces the Remove button the user just pressed; focus moves to its answer so keyboard users keep their place. */}
                  <button type="button" className="eng-button eng-button--danger" autoFocus onClick={() => void onRemove(device).finally(() => setAsking(undefined))}>
                    {t('signin.settings.devices.remove')}
                  </button>
                  <button type="button" className="eng-button eng-button--secondary" onClick={() => setAsking(undefined)}>
                    {t('signin.settings.cancel')}
                  </button>
                </span>
              ) : (
                <button type="button" className="eng-button eng-button--secondary" aria-label={t('signin.settings.devices.removeNamed', { name: device.name })} onClick={() => setAsking(device.id)}>
                  {t('signin.settings.devices.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
