import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { useLoaded } from '../app/use-loaded.ts';

/** How often an open session asks again while the customer is at the provider. */
const POLL_MS = 5000;

/**
 * /identity-verification/{workflowRunId}/{token}: the product's screen of a verification session,
 * reachable without signing in (the token is the link's secret, e.g. opened on a phone). It shows the
 * state, links to the provider's page while the check is open and asks again every few seconds;
 * a video call request links to its video identity job.
 */
export function IdentityVerificationSession({ params }: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc, session: signIn } = useApp();
  const workflowRunId = params.workflowRunId ?? '';
  const token = params.token ?? '';
  const { data, reload, failed } = useLoaded(() => rpc('identityVerificationSessionGet', { workflowRunId, token }));
  const status = data?.session.status;

  useEffect(() => {
    if (status !== 'started') return;
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [status, reload]);

  if (failed) return <p className="verification-notice verification-notice--danger">{t('verification.identity.unknown')}</p>;
  if (!data) return <p className="eng-loading">{t('verification.loading')}</p>;
  const { session } = data;
  const tone = session.status === 'completed' ? (session.identityDocumentStatusId === 64 ? ' verification-notice--danger' : ' verification-notice--success') : session.status === 'failed' ? ' verification-notice--danger' : '';
  const message = session.status === 'completed' && session.identityDocumentStatusId === 64 ? 'nameMismatch' : session.status;

  return (
    <div className="verification-screen">
      <p className={`verification-notice${tone}`} role="status" data-status={session.status}>
        {t(`verification.identity.status.${message}`)}
      </p>
      {session.rejectReason && (
        <p>
          {t('verification.identity.reason')} {session.rejectReason}
        </p>
      )}
      <div className="verification-buttons">
        {session.status === 'started' && (
          <>
            <a className="eng-button eng-button--primary" href={session.providerUrl}>
              {t('verification.identity.continue')}
            </a>
            <button type="button" className="eng-button eng-button--secondary" onClick={() => void reload()}>
              {t('verification.identity.refresh')}
            </button>
          </>
        )}
        {session.status === 'videoRequested' && session.videoIdentityJobId && (
          <Link className="eng-button eng-button--primary" to={`/video-identity-job/${session.videoIdentityJobId}`}>
            {t('verification.identity.bookVideo')}
          </Link>
        )}
        {signIn.isSignedIn() && session.status !== 'started' && (
          <Link className="eng-button eng-button--secondary" to={session.status === 'completed' && message !== 'nameMismatch' ? '/home' : '/unverified-account'}>
            {t(session.status === 'completed' && message !== 'nameMismatch' ? 'verification.identity.home' : 'verification.identity.whatElse')}
          </Link>
        )}
      </div>
    </div>
  );
}
