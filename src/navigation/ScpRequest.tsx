import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../app/app-context.tsx';
import { wrapperBridge } from '../wrapper/app-bridge.ts';
import { postSessionRules } from './session-rules-api.ts';
import './navigation.css';

interface ScpAnswer {
  requestId: string;
  deeplink: string;
  expiresAt: string;
}

/**
 * /scp (document 000 section 2): continues a step in the mobile app. `POST /auth/scp/request` answers
 * a deeplink; inside the app it is handed over through the wrapper bridge, in a browser it is offered
 * as a link and as a QR code to scan with the phone.
 */
export function ScpRequest() {
  const { t } = useTranslation();
  const { session, feedback } = useApp();
  const [answer, setAnswer] = useState<(ScpAnswer & { qr: string }) | null>(null);
  const [busy, setBusy] = useState(false);

  const request = async () => {
    setBusy(true);
    try {
      const { status, body } = await postSessionRules<ScpAnswer>('/auth/scp/request', { purpose: 'device' }, session);
      if (status !== 200) throw new Error(body.message || t('session.scp.failed'));
      const bridge = wrapperBridge();
      if (bridge?.inApp) {
        const link = new URL(body.deeplink);
        bridge.send({ type: 'deviceStep', requestId: body.requestId, secret: link.searchParams.get('secret') ?? '' });
      }
      // The QR code library loads only when a code is drawn, not with the application.
      const { default: QRCode } = await import('qrcode');
      setAnswer({ ...body, qr: await QRCode.toDataURL(body.deeplink, { margin: 1, width: 200 }) });
    } catch (error) {
      feedback.showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="session-screen" aria-busy={busy}>
      <p>{t('session.scp.intro')}</p>
      {!session.isSignedIn() ? (
        <p className="session-screen__muted">{t('session.scp.signInFirst')}</p>
      ) : answer ? (
        <div className="session-screen__card">
          <p>{t('session.scp.scan')}</p>
          <img className="scp-qr" src={answer.qr} alt={t('session.scp.qrAlt')} width={200} height={200} />
          <p className="scp-deeplink">
            <a href={answer.deeplink}>{t('session.scp.open')}</a>
          </p>
          <p className="session-screen__muted">{t('session.scp.expires', { time: new Date(answer.expiresAt).toLocaleTimeString() })}</p>
        </div>
      ) : (
        <div className="session-screen__actions">
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void request()}>
            {t('session.scp.start')}
          </button>
        </div>
      )}
    </section>
  );
}
