import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink, LoadingIndicator, type CustomScreenProps } from '../../engine/index.ts';
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
  // A link that names no session is said on the screen (`verification.identity.unknown`), not by a popup.
  const { data, reload, failed } = useLoaded(() => rpc('identityVerificationSessionGet', { workflowRunId, token }), { popup: false });
  const status = data?.session.status;

  useEffect(() => {
    if (status !== 'started') return;
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [status, reload]);

  if (failed) return <p className="verification-notice verification-notice--danger">{t('verification.identity.unknown')}</p>;
  if (!data) return <LoadingIndicator label={t('verification.loading')} />;
  const { session } = data;
  const tone =
    session.status === 'completed'
      ? session.identityDocumentStatusId === 64
        ? ' verification-notice--danger'
        : ' verification-notice--success'
      : session.status === 'failed'
        ? ' verification-notice--danger'
        : '';
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
            <ButtonLink to={session.providerUrl} external>
              {t('verification.identity.continue')}
            </ButtonLink>
            <Button variant="secondary" onClick={() => void reload()}>
              {t('verification.identity.refresh')}
            </Button>
          </>
        )}
        {session.status === 'videoRequested' && session.videoIdentityJobId && (
          <ButtonLink to={`/video-identity-job/${session.videoIdentityJobId}`}>{t('verification.identity.bookVideo')}</ButtonLink>
        )}
        {signIn.isSignedIn() && session.status !== 'started' && (
          <ButtonLink variant="secondary" to={session.status === 'completed' && message !== 'nameMismatch' ? '/home' : '/unverified-account'}>
            {t(session.status === 'completed' && message !== 'nameMismatch' ? 'verification.identity.home' : 'verification.identity.whatElse')}
          </ButtonLink>
        )}
      </div>
    </div>
  );
}
