import { useTranslation } from 'react-i18next';
import type { CustomScreenProps } from '../../engine/index.ts';
import type { RpcResponse } from '../../generated/methods.ts';
import { useApp } from '../app/app-context.tsx';
import { FileUpload, UploadedList } from './shared.tsx';
import { useLoaded } from '../app/use-loaded.ts';

type LimitReason = RpcResponse<'customerLimitReasonGet'>['reasons'][number];

/** The document waiting rule: pending, submitted or under investigation. */
const isWaiting = (statusId: number) => statusId === 0 || statusId === 41 || statusId === 31;
const isLive = (statusId: number) => isWaiting(statusId) || statusId === 2;

/** Every requirement has a live upload and some are waiting: the account is being reviewed. */
export function limitProcessing(reasons: LimitReason[]): boolean {
  const requirements = reasons.flatMap((reason) => reason.requirementDocuments);
  const live = requirements.map((requirement) => requirement.uploadedDocuments.filter((document) => isLive(document.statusId)));
  return (
    requirements.length > 0 &&
    live.every((documents) => documents.length > 0) &&
    live.some((documents) => documents.some((document) => isWaiting(document.statusId)))
  );
}

/**
 * /limited-account: why the account is limited (expired documents, unpaid invoice, sanctions, adverse
 * media, account investigation), the documents each reason needs with what was uploaded and its
 * status, and an upload per requirement. Once everything is uploaded and waiting, it says the
 * documents are being processed.
 */
export function LimitedAccount(_props: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc } = useApp();
  const { data, setData } = useLoaded(() => rpc('customerLimitReasonGet', {}));
  if (!data) return <p className="eng-loading">{t('verification.loading')}</p>;
  if (!data.limited && data.reasons.length === 0)
    return <p className="verification-notice verification-notice--success">{t('verification.limited.notLimited')}</p>;
  const processing = limitProcessing(data.reasons);

  return (
    <div className="verification-screen">
      <p className={`verification-notice${processing ? '' : ' verification-notice--danger'}`} data-state={processing ? 'processing' : 'limited'} role="status">
        {t(processing ? 'verification.limited.processing' : 'verification.limited.intro')}
      </p>
      {data.reasons.map((reason) => (
        <section key={reason.limitReasonId} className="verification-section" aria-labelledby={`reason-${reason.limitReasonId}`} data-reason={reason.reasonId}>
          <h2 id={`reason-${reason.limitReasonId}`}>{t(`verification.limitReasons.${reason.reasonId}.title`)}</h2>
          <p>{t(`verification.limitReasons.${reason.reasonId}.text`)}</p>
          {reason.requirementDocuments.map((requirement) => {
            const done = requirement.uploadedDocuments.some((document) => isLive(document.statusId));
            return (
              <div key={requirement.requirementId} className="verification-requirement" data-requirement={requirement.kind}>
                <h3>{t(`verification.kinds.${requirement.kind}`)}</h3>
                <UploadedList documents={requirement.uploadedDocuments} />
                {!done && (
                  <FileUpload
                    label={t('verification.upload.fileFor', { document: t(`verification.kinds.${requirement.kind}`) })}
                    onUpload={async (file) => {
                      const answer = await rpc('customerLimitDocumentUpload', { requirementId: requirement.requirementId, file });
                      setData({ limited: data.limited, reasons: answer.reasons });
                      return answer;
                    }}
                  />
                )}
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}
