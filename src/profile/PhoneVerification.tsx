import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isMethodCallError, type CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { actingCustomerId } from '../session/acting-customer.ts';
import { codeChallengeOf, createCodeVerifier } from '../session/pkce.ts';
import './profile.css';

/** What the verify path answers. */
interface Started {
  reqId: string;
  maskedPhone: string;
}

/**
 * Asks the server to text a code to the phone (POST verification/phones/{phoneId}/verify with type
 * 'sms' and a PKCE code challenge), then confirms it with the code and the verifier (phoneConfirm).
 * The verifier never leaves this screen until the confirmation, so only this browser can use the
 * code. Errors are shown on the code field, never as a popup (document 000 section 5).
 */
export function PhoneVerification({ params }: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc, session, feedback } = useApp();
  const navigate = useNavigate();
  const phoneId = params.phoneId ?? '';
  const [verifier, setVerifier] = useState<string | null>(null);
  const [started, setStarted] = useState<Started | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const sendCode = async () => {
    setPending(true);
    setError(null);
    try {
      const nextVerifier = createCodeVerifier();
      const token = await session.accessToken();
      const acting = actingCustomerId(sessionStorage);
      const response = await fetch(`/verification/phones/${encodeURIComponent(phoneId)}/verify`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(acting ? { 'customer-id': String(acting) } : {}),
        },
        body: JSON.stringify({ type: 'sms', codeChallenge: await codeChallengeOf(nextVerifier) }),
      });
      const body = (await response.json().catch(() => ({}))) as Partial<Started> & { message?: string };
      // Document 000 section 8: phone verify returns the message as the error when there is one.
      if (!response.ok) throw new Error(body.message ?? t('profile.verify.failed'));
      setVerifier(nextVerifier);
      setStarted({ reqId: body.reqId ?? '', maskedPhone: body.maskedPhone ?? '' });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('profile.verify.failed'));
    } finally {
      setPending(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!verifier) return;
    if (!/^[0-9]{6}$/.test(code)) {
      setError(t('profile.verify.codeFormat'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await rpc('phoneConfirm', { phoneId, codeVerifier: verifier, code });
      feedback.notify('profile.verify.confirmed');
      await navigate('/profile');
    } catch (caught) {
      if (isMethodCallError(caught)) setError(Object.values(caught.fieldErrors)[0] ?? caught.description);
      else feedback.showError(caught);
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="profile-verify" aria-labelledby="verify-heading">
      <h2 id="verify-heading" className="eng-section__title">
        {t('profile.verify.heading')}
      </h2>
      {!started ? (
        <>
          <p>{t('profile.verify.intro')}</p>
          {error && (
            <p className="profile-error" role="alert">
              {error}
            </p>
          )}
          <button type="button" className="eng-button eng-button--primary" onClick={() => void sendCode()} disabled={pending} aria-busy={pending || undefined}>
            {t('profile.verify.send')}
          </button>
        </>
      ) : (
        <form onSubmit={(event) => void confirm(event)} noValidate>
          <p role="status">{t('profile.verify.sent', { phone: started.maskedPhone })}</p>
          <div className="eng-field">
            <label className="eng-label" htmlFor="verify-code">
              {t('fields.code')}
            </label>
            <input
              id="verify-code"
              name="code"
              className="eng-input profile-verify__code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'verify-code-error' : undefined}
              required
            />
            {error && (
              <p id="verify-code-error" className="profile-error" role="alert">
                {error}
              </p>
            )}
          </div>
          <div className="eng-actions">
            <button type="submit" className="eng-button eng-button--primary" disabled={pending} aria-busy={pending || undefined}>
              {t('profile.verify.confirm')}
            </button>
            <button type="button" className="eng-button eng-button--secondary" onClick={() => void sendCode()} disabled={pending}>
              {t('profile.verify.resend')}
            </button>
          </div>
        </form>
      )}
      <p>
        <Link to="/profile">{t('profile.backToProfile')}</Link>
      </p>
    </section>
  );
}
