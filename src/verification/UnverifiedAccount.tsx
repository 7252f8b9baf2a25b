import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { FileUpload, UploadedList, useCall } from './shared.tsx';
import { useLoaded } from '../app/use-loaded.ts';
import { requiredActions, verificationStatus, type RequiredAction } from './status.ts';

/** Where each required action is done. Identity and video are started here instead. */
const ACTION_LINKS: Record<Exclude<RequiredAction, 'identity' | 'videoIdentity'>, string> = {
  fatca: '/self-certification',
  address: '/profile',
  proofOfResidence: '/profile',
  phone: '/profile',
};

/** Starts an identity verification at the provider and opens its session screen. */
export function StartIdentityVerification({ label }: { label: string }) {
  const { rpc } = useApp();
  const navigate = useNavigate();
  const { run, pending } = useCall();
  const startVerification = async () => {
    const started = await run(() => rpc('customerJumioDocumentCreate', {}));
    if (started) void navigate(started.sessionPath);
  };

  return (
    <button
      type="button"
      className="eng-button eng-button--primary"
      disabled={pending}
      onClick={() => void startVerification()}
    >
      {label}
    </button>
  );
}

/**
 * /unverified-account: what keeps the account from being verified, each with where to do it: the
 * required actions, KYC, the due diligence document (levels 1 and 4, uploaded here), limit documents.
 * The guard sends a verified customer home.
 */
export function UnverifiedAccount(_props: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc } = useApp();
  const { data, reload } = useLoaded(async () => {
    const { facts } = await rpc('verificationStatusGet', {});
    const level = facts.dueDiligence.level;
    const dueDiligence = level === 1 || level === 4 ? (await rpc('dueDiligenceInfoGet', {})).dueDiligence : undefined;
    return { facts, dueDiligence };
  });
  if (!data) return <p className="eng-loading">{t('verification.loading')}</p>;
  const { facts, dueDiligence } = data;
  const { state } = verificationStatus(facts);
  const actions = requiredActions(facts);
  const limitOpen = facts.limitDocuments.required > facts.limitDocuments.uploaded;
  const nothingMissing = actions.length === 0 && !facts.needsKyc && !dueDiligence?.required && !limitOpen;

  return (
    <div className="verification-screen">
      <p className={`verification-notice${nothingMissing ? ' verification-notice--success' : ''}`} data-state={state}>
        {t(`verification.states.${state}`)}
      </p>

      {!nothingMissing && (
        <section className="verification-section" aria-labelledby="missing-title">
          <h2 id="missing-title">{t('verification.unverified.missing')}</h2>
          <ul className="verification-list">
            {actions.map((action) => (
              <li key={action} data-action={action}>
                <span>{t(`verification.actions.${action}`)}</span>
                {action === 'identity' || action === 'videoIdentity' ? (
                  <StartIdentityVerification label={t('verification.identity.start')} />
                ) : (
                  <Link to={ACTION_LINKS[action]}>{t(`verification.actionLinks.${action}`)}</Link>
                )}
              </li>
            ))}
            {facts.needsKyc && (
              <li data-action="kyc">
                <span>{t('verification.actions.kyc')}</span>
                <Link to={facts.customerType === 'business' ? '/kyc?variant=business' : '/kyc'}>{t('verification.actionLinks.kyc')}</Link>
              </li>
            )}
            {limitOpen && (
              <li data-action="limit">
                <span>{t('verification.actions.limit')}</span>
                <Link to="/limited-account">{t('verification.actionLinks.limit')}</Link>
              </li>
            )}
          </ul>
        </section>
      )}

      {dueDiligence?.level && dueDiligence.document && (
        <section className="verification-section" aria-labelledby="due-diligence-title">
          <h2 id="due-diligence-title">{t('verification.dueDiligence.title', { level: dueDiligence.level })}</h2>
          <p>{t(`verification.dueDiligence.asks.${dueDiligence.document.kind}`)}</p>
          {dueDiligence.address && (
            <p className="verification-muted">
              {t('verification.dueDiligence.address')}{' '}
              {[dueDiligence.address.address1, dueDiligence.address.address2, dueDiligence.address.city, dueDiligence.address.postalCode, dueDiligence.address.countryCode].filter(Boolean).join(', ')}
            </p>
          )}
          <h3>{t('verification.upload.uploaded')}</h3>
          <UploadedList documents={dueDiligence.uploadedDocuments} />
          {dueDiligence.required && (
            <FileUpload
              label={t(`verification.kinds.${dueDiligence.document.kind}`)}
              onUpload={async (file) => {
                const answer = await rpc('dueDiligenceDocumentUpload', { isDueDiligence: true, file });
                await reload();
                return answer;
              }}
            />
          )}
        </section>
      )}
    </div>
  );
}
