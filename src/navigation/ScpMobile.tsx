import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApp } from '../app/app-context.tsx';
import { wrapperBridge } from '../wrapper/app-bridge.ts';
import './navigation.css';

/**
 * /scp-mobile (document 000 section 2): the card-to-wallet or device step as the mobile app opens it,
 * with the request of a deeplink (`request`, `purpose`, `secret`). Inside the app the step is handed to
 * the native side through the wrapper bridge and its outcome shown; in a browser the user is told to
 * open it on the phone.
 */
export function ScpMobile() {
  const { t } = useTranslation();
  const { brand } = useApp();
  const [query] = useSearchParams();
  const requestId = query.get('request') ?? '';
  const secret = query.get('secret') ?? '';
  const purpose = query.get('purpose') === 'cardToWallet' ? 'cardToWallet' : 'deviceStep';
  const [outcome, setOutcome] = useState<'sent' | 'added' | 'failed' | 'cancelled' | null>(null);
  const bridge = wrapperBridge();
  const inApp = bridge?.inApp ?? false;

  useEffect(() => {
    if (!bridge?.inApp || !requestId || !secret) return;
    bridge.send({ type: purpose, requestId, secret });
    setOutcome('sent');
    return bridge.onMessage((message) => {
      if (message.type === 'cardToWalletResult' && message.requestId === requestId) setOutcome(message.status);
    });
  }, [bridge, purpose, requestId, secret]);

  return (
    <section className="session-screen">
      {!requestId || !secret ? (
        <p className="session-screen__error">{t('session.scpMobile.missing')}</p>
      ) : !inApp ? (
        <p>{t('session.scpMobile.openInApp', { project: brand.projectName })}</p>
      ) : (
        <p role="status">{t(`session.scpMobile.${outcome ?? 'sent'}`)}</p>
      )}
    </section>
  );
}
