import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, ButtonRow, customForm, isMethodCallError, SchemaForm, Section, SubmitButton, type CustomScreenProps } from '../../engine/index.ts';
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
 * code. The code is checked with the spec's `custom.forms.confirm` (phoneConfirm's own schema); errors
 * are shown on the code field, never as a popup (document 000 section 5).
 */
export function PhoneVerification({ spec, params }: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc, session, feedback } = useApp();
  const navigate = useNavigate();
  const confirmForm = customForm(spec, 'confirm');
  const phoneId = params.phoneId ?? '';
  const [verifier, setVerifier] = useState<string | null>(null);
  const [started, setStarted] = useState<Started | null>(null);
  const [data, setData] = useState<Record<string, unknown>>({});
  const [sendError, setSendError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  const sendCode = async () => {
    setPending(true);
    setSendError(null);
    setCodeError({});
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
      setSendError(caught instanceof Error ? caught.message : t('profile.verify.failed'));
    } finally {
      setPending(false);
    }
  };

  const confirm = async (valid: Record<string, unknown>) => {
    if (!verifier) return;
    setPending(true);
    try {
      await rpc('phoneConfirm', { phoneId, codeVerifier: verifier, code: String(valid.code) });
      feedback.notify('profile.verify.confirmed');
      await navigate('/profile');
    } catch (caught) {
      // Whatever the server refused (the code, its verifier, its age), it is said on the code.
      if (isMethodCallError(caught)) setCodeError({ code: caught.fieldErrors.code ?? Object.values(caught.fieldErrors)[0] ?? caught.description });
      else feedback.showError(caught);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="profile-verify">
      <Section title={t('profile.verify.heading')}>
        {!started ? (
          <>
            <p>{t('profile.verify.intro')}</p>
            {sendError && (
              <p className="profile-error" role="alert">
                {sendError}
              </p>
            )}
            <ButtonRow>
              <Button onClick={() => void sendCode()} pending={pending}>
                {t('profile.verify.send')}
              </Button>
            </ButtonRow>
          </>
        ) : (
          <>
            <p role="status">{t('profile.verify.sent', { phone: started.maskedPhone })}</p>
            <SchemaForm
              idPrefix="phoneVerify"
              schema={confirmForm.schema}
              uiSchema={confirmForm.uiSchema}
              formData={data}
              serverErrors={codeError}
              onChange={(next) => {
                setData(next);
                setCodeError({});
              }}
              onSubmit={(valid) => void confirm(valid)}
            >
              <ButtonRow>
                <SubmitButton pending={pending}>{t('profile.verify.confirm')}</SubmitButton>
                <Button variant="secondary" onClick={() => void sendCode()} disabled={pending}>
                  {t('profile.verify.resend')}
                </Button>
              </ButtonRow>
            </SchemaForm>
          </>
        )}
        <p>
          <Link to="/profile">{t('profile.backToProfile')}</Link>
        </p>
      </Section>
    </div>
  );
}
