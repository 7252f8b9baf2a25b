import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { LOGIN } from '../session/guards.ts';
import { TokenServiceError, type Tokens } from '../transport/token-service.ts';
import { createSignInFactors, type ApproveMethod, type PushOutcome, type SignInFactors } from './factors-client.ts';
import { pendingSignIn, type MigrationRequirement, type PendingStep, type PendingStore } from './pending.ts';
import { completeSignIn } from './sign-in-flow.ts';
import './signin.css';

const defaultFactors = createSignInFactors();

/** A wrong code, in the user's language when the service says how many tries remain. */
function wrongCode(t: (key: string, options?: Record<string, unknown>) => string, failure: TokenServiceError): string {
  return failure.attemptsLeft === undefined ? failure.message : t('signin.wrongCode', { count: failure.attemptsLeft });
}

/** What every step needs: finishing the sign-in with tokens, and the factor paths. */
interface StepContext {
  finish(tokens: Tokens, after: 'start' | 'accounts'): Promise<void>;
  restart(): void;
  factors: SignInFactors;
}

/**
 * The steps after the password (screens/login-step.yaml), one per login flow of document 000
 * section 4: the authenticator code (otp), the SMS code (sms, with the masked phone and the message
 * id), waiting for the phone's approval on a live channel (push, with re-send and a QR code), the
 * approval of a new browser by a chosen method (verifyDevice), and the migration notice (soft: days
 * left and continue; strict: set it up first). Without a pending sign-in it goes back to sign in.
 */
export function SignInStep({ props }: CustomScreenProps) {
  const store = (props.store as PendingStore | undefined) ?? pendingSignIn;
  const factors = (props.factors as SignInFactors | undefined) ?? defaultFactors;
  const pending = useSyncExternalStore(store.subscribe, store.current);
  const { tokenService, session, customer, feedback } = useApp();
  const navigate = useNavigate();
  const finishing = useRef(false);

  useEffect(() => {
    if (!pending && !finishing.current) void navigate(LOGIN, { replace: true });
  }, [pending, navigate]);
  if (!pending) return null;

  const context: StepContext = {
    factors,
    async finish(tokens, after) {
      finishing.current = true;
      try {
        const next = await completeSignIn({ tokenService, session, customer, pending: store, storage: sessionStorage }, tokens, {
          migration: pending.migration,
          after,
        });
        if (store.current()?.step.flow !== 'migration') void navigate(next, { replace: true });
      } catch (error) {
        finishing.current = false;
        feedback.showError(error);
      }
    },
    restart() {
      store.set(null);
    },
  };
  const step = pending.step;
  return (
    <div className="signin-step">
      {step.flow === 'otp' && <CodeStep step={step} context={context} />}
      {step.flow === 'sms' && <CodeStep step={step} context={context} />}
      {step.flow === 'push' && <PushStep step={step} context={context} />}
      {step.flow === 'verifyDevice' && <DeviceStep step={step} context={context} />}
      {step.flow === 'migration' && <MigrationNotice migration={step.migration} next={step.next} onDone={() => store.set(null)} />}
    </div>
  );
}

/** A six-digit code field with its label, hint and error, and the submit button. */
function CodeForm({
  label,
  hint,
  submit,
  busy,
  error,
  onSubmit,
  name = 'otp',
}: {
  label: string;
  hint?: string;
  submit: string;
  busy: boolean;
  error?: string;
  onSubmit(code: string): void;
  name?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (error) input.current?.focus();
  }, [error]);
  const send = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code.trim());
  };
  return (
    <form className="eng-form signin-step__form" onSubmit={send} noValidate>
      <div className={`eng-field${error ? ' eng-field--invalid' : ''}`}>
        <label className="eng-label" htmlFor={id}>
          {label}
        </label>
        {hint && (
          <p className="eng-help" id={`${id}-hint`}>
            {hint}
          </p>
        )}
        <input
          ref={input}
          id={id}
          name={name}
          className="eng-input signin-step__code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          // eslint-disable-next-line jsx-a11y/no-autofocus -- this field appears because the user just asked for a code; focus goes where they type it.
          autoFocus
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
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
          {busy ? t('signin.working') : submit}
        </button>
      </div>
    </form>
  );
}

/** When the code itself is spent (too many attempts, expired), the only way on is a new sign-in. */
function Restart({ message, context }: { message: string; context: StepContext }) {
  const { t } = useTranslation();
  return (
    <div className="signin-step__over">
      <p role="alert" className="eng-notice signin-step__alert">
        {message}
      </p>
      <button type="button" className="eng-button eng-button--primary" onClick={context.restart}>
        {t('signin.again')}
      </button>
    </div>
  );
}

function CodeStep({ step, context }: { step: Extract<PendingStep, { flow: 'otp' | 'sms' }>; context: StepContext }) {
  const { t } = useTranslation();
  const { tokenService } = useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [over, setOver] = useState<string>();
  const submit = async (code: string) => {
    setBusy(true);
    setError(undefined);
    try {
      const tokens = await tokenService.exchange(step.code, step.verifier, code);
      await context.finish(tokens, step.flow === 'sms' ? 'accounts' : 'start');
    } catch (failure) {
      if (failure instanceof TokenServiceError && failure.field === 'otp') setError(wrongCode(t, failure));
      else if (failure instanceof TokenServiceError) setOver(failure.message);
      else throw failure;
    } finally {
      setBusy(false);
    }
  };
  if (over) return <Restart message={over} context={context} />;
  return (
    <section aria-labelledby="signin-step-heading">
      <h2 id="signin-step-heading">{t(step.flow === 'otp' ? 'signin.otp.title' : 'signin.sms.title')}</h2>
      <p>{step.flow === 'otp' ? t('signin.otp.intro') : t('signin.sms.intro', { phone: step.phone, smsId: step.smsId })}</p>
      <CodeForm
        label={t(step.flow === 'otp' ? 'signin.otp.label' : 'signin.sms.label')}
        hint={step.flow === 'sms' ? t('signin.sms.hint', { smsId: step.smsId }) : undefined}
        submit={t('signin.confirm')}
        busy={busy}
        error={error}
        onSubmit={(code) => void submit(code)}
      />
      <p>
        <Link to={LOGIN} onClick={context.restart}>
          {t('signin.back')}
        </Link>
      </p>
    </section>
  );
}

function PushStep({ step, context }: { step: Extract<PendingStep, { flow: 'push' }>; context: StepContext }) {
  const { t } = useTranslation();
  const { tokenService } = useApp();
  const [outcome, setOutcome] = useState<PushOutcome['status'] | 'pending'>('pending');
  const [resent, setResent] = useState(false);
  const [qr, setQr] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setOutcome('pending');
    return context.factors.waitForPush(step.key, (answer) => {
      if (answer.status === 'approved') {
        tokenService
          .exchange(answer.code, step.verifier)
          .then((tokens) => context.finish(tokens, 'start'))
          .catch(() => setOutcome('failed'));
        setOutcome('approved');
      } else setOutcome(answer.status);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one channel per sign-in and attempt
  }, [step.key, attempt]);

  useEffect(() => {
    let live = true;
    if (step.qrLink) {
      void import('qrcode').then(async ({ default: QRCode }) => {
        const svg = await QRCode.toString(step.qrLink, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
        if (live) setQr(svg);
      });
    }
    return () => {
      live = false;
    };
  }, [step.qrLink]);

  const resend = async () => {
    try {
      await context.factors.resendPush(step.key);
      setResent(true);
      if (outcome === 'failed') setAttempt((n) => n + 1);
    } catch (error) {
      setOutcome(error instanceof TokenServiceError ? 'expired' : 'failed');
    }
  };

  if (outcome === 'declined') return <Restart message={t('signin.push.declined')} context={context} />;
  if (outcome === 'expired' || outcome === 'unknown') return <Restart message={t('signin.push.expired')} context={context} />;
  return (
    <section aria-labelledby="signin-step-heading" aria-busy={outcome === 'pending'}>
      <h2 id="signin-step-heading">{t('signin.push.title')}</h2>
      <p>{t('signin.push.intro')}</p>
      {step.devices.length > 0 && (
        <ul className="signin-step__devices" aria-label={t('signin.push.devices')}>
          {step.devices.map((device) => (
            <li key={device.id}>
              {device.name} <span className="signin-step__muted">({device.type === 'ios' ? 'iOS' : 'Android'})</span>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="signin-step__waiting">
        {outcome === 'failed' ? t('signin.push.lost') : outcome === 'approved' ? t('signin.push.approved') : t('signin.push.waiting')}
      </p>
      {resent && <p className="signin-step__muted">{t('signin.push.resent')}</p>}
      <div className="eng-actions">
        <button type="button" className="eng-button eng-button--secondary" onClick={() => void resend()}>
          {t('signin.push.resend')}
        </button>
        <Link className="eng-button eng-button--link" to={LOGIN} onClick={context.restart}>
          {t('signin.back')}
        </Link>
      </div>
      {step.qrLink && (
        <figure className="signin-step__qr">
          {qr ? <div className="signin-step__qr-image" role="img" aria-label={t('signin.push.qrAlt')} dangerouslySetInnerHTML={{ __html: qr }} /> : null}
          <figcaption>
            {t('signin.push.qr')}{' '}
            <a href={step.qrLink} target="_blank" rel="noreferrer">
              {t('signin.push.qrLink')}
            </a>
          </figcaption>
        </figure>
      )}
    </section>
  );
}

function DeviceStep({ step, context }: { step: Extract<PendingStep, { flow: 'verifyDevice' }>; context: StepContext }) {
  const { t } = useTranslation();
  const { tokenService } = useApp();
  const [methods, setMethods] = useState<ApproveMethod[]>();
  const [chosen, setChosen] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [over, setOver] = useState<string>();
  const groupId = useId();

  useEffect(() => {
    context.factors.approveMethods(step.key).then(
      (list) => {
        setMethods(list);
        setChosen(list[0]?.id);
      },
      (failure: Error) => setOver(failure.message),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per sign-in
  }, [step.key]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setBusy(true);
    try {
      const answer = await context.factors.chooseApproveMethod(step.key, step.deviceId, chosen);
      setSentTo(answer.destination ?? '');
      setError(undefined);
    } catch (failure) {
      setOver((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (code: string) => {
    setBusy(true);
    setError(undefined);
    try {
      const approved = await context.factors.approveDevice(step.key, step.deviceId, code);
      await context.finish(await tokenService.exchange(approved.code, step.verifier), 'start');
    } catch (failure) {
      if (failure instanceof TokenServiceError && failure.field === 'code') setError(wrongCode(t, failure));
      else setOver((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (over) return <Restart message={over} context={context} />;
  return (
    <section aria-labelledby="signin-step-heading">
      <h2 id="signin-step-heading">{t('signin.device.title')}</h2>
      <p>{t('signin.device.intro')}</p>
      {!methods ? (
        <p role="status">{t('signin.working')}</p>
      ) : sentTo === undefined ? (
        <form className="eng-form signin-step__form" onSubmit={(event) => void send(event)}>
          <fieldset className="eng-fieldset signin-step__methods">
            <legend className="eng-legend" id={groupId}>
              {t('signin.device.choose')}
            </legend>
            {methods.map((method) => (
              <label key={method.id} className="signin-step__method">
                <input type="radio" name="method" value={method.id} checked={chosen === method.id} onChange={() => setChosen(method.id)} />
                <span>
                  {t(`signin.device.method.${method.type}`)} <span className="signin-step__muted">{method.destination}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="eng-actions">
            <button type="submit" className="eng-button eng-button--primary" disabled={busy || !chosen}>
              {t('signin.device.send')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p>{t('signin.device.sent', { destination: sentTo })}</p>
          <CodeForm
            name="code"
            label={t('signin.device.label')}
            submit={t('signin.confirm')}
            busy={busy}
            error={error}
            onSubmit={(code) => void confirm(code)}
          />
          <button type="button" className="eng-button eng-button--link" onClick={() => setSentTo(undefined)}>
            {t('signin.device.other')}
          </button>
        </>
      )}
      <p>
        <Link to={LOGIN} onClick={context.restart}>
          {t('signin.back')}
        </Link>
      </p>
    </section>
  );
}

/** The migration notice after sign-in: soft shows the days left and lets the user continue; strict only offers to do it. */
export function MigrationNotice({ migration, next, onDone }: { migration: MigrationRequirement; next: string; onDone(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const strategy = migration.strategy ?? 'enablePush';
  const go = (path: string) => {
    onDone();
    void navigate(path, { replace: true });
  };
  return (
    <section aria-labelledby="signin-step-heading" className="signin-step__migration">
      <h2 id="signin-step-heading">{t(`signin.migration.title.${strategy}`)}</h2>
      <p className={migration.type === 'strict' ? 'eng-notice signin-step__alert' : 'eng-notice'} role={migration.type === 'strict' ? 'alert' : 'status'}>
        {migration.type === 'strict' ? t('signin.migration.strict') : t('signin.migration.soft', { count: migration.daysLeft ?? 0 })}
      </p>
      <p>{t(`signin.migration.how.${strategy}`)}</p>
      <div className="eng-actions">
        <button type="button" className="eng-button eng-button--primary" onClick={() => go('/setting')}>
          {t('signin.migration.now')}
        </button>
        {migration.type !== 'strict' && (
          <button type="button" className="eng-button eng-button--secondary" onClick={() => go(next)}>
            {t('signin.migration.later')}
          </button>
        )}
      </div>
    </section>
  );
}
