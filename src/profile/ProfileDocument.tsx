import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, type CustomScreenProps, intlLocale } from '../../engine/index.ts';
import type { UploadedDocument } from '../../generated/entities.ts';
import { useApp } from '../app/app-context.tsx';
import { LoadingState } from './LoadingState.tsx';
import './profile.css';

/** Saves a data URL as a file through a temporary link (the browser's own download). */
function saveDataUrl(fileName: string, dataUrl: string) {
  const link = document.createElement('a');
  link.href = dataUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * One uploaded document: its type, status, dates and reject reason, and its files, each downloadable.
 * A custom screen because downloading a file (an authenticated call whose answer is saved) is not
 * something a spec says.
 */
export function ProfileDocument({ params }: CustomScreenProps) {
  const { t, i18n } = useTranslation();
  const { rpc, feedback } = useApp();
  const [document, setDocument] = useState<UploadedDocument | null | undefined>(undefined);
  const documentId = Number(params.documentId);

  useEffect(() => {
    let live = true;
    rpc('documentsInquiry', {}).then(
      ({ documents }) => live && setDocument(documents.find((candidate) => candidate.id === documentId) ?? null),
      (caught: unknown) => feedback.showError(caught),
    );
    return () => {
      live = false;
    };
  }, [rpc, feedback, documentId]);

  if (document === undefined) return <LoadingState />;
  if (document === null) return <p>{t('profile.document.notFound')}</p>;

  const download = async (fileId: number) => {
    try {
      const file = await rpc('documentFileDownload', { documentId: document.id, fileId });
      saveDataUrl(file.fileName, file.content);
    } catch (caught) {
      feedback.showError(caught);
    }
  };
  const locale = intlLocale(i18n.language);

  return (
    <div className="profile-document">
      <dl className="eng-details">
        <div className="eng-details__item">
          <dt>{t('fields.documentType')}</dt>
          <dd>{t(`documentTypes.${document.documentTypeId}`, { defaultValue: document.documentType })}</dd>
        </div>
        <div className="eng-details__item">
          <dt>{t('fields.statusId')}</dt>
          <dd>
            <span className="eng-badge" data-value={String(document.statusId)}>
              {t(`enums.statusId.${document.statusId}`)}
            </span>
          </dd>
        </div>
        <div className="eng-details__item">
          <dt>{t('fields.uploaded')}</dt>
          <dd>{formatDateTime(document.uploaded, locale)}</dd>
        </div>
        {document.issuedDate && (
          <div className="eng-details__item">
            <dt>{t('fields.issuedDate')}</dt>
            <dd>{formatDate(document.issuedDate, locale)}</dd>
          </div>
        )}
        {document.expiresDate && (
          <div className="eng-details__item">
            <dt>{t('fields.expiresDate')}</dt>
            <dd>{formatDate(document.expiresDate, locale)}</dd>
          </div>
        )}
        {document.rejectReason && (
          <div className="eng-details__item">
            <dt>{t('fields.rejectReason')}</dt>
            <dd>{document.rejectReason}</dd>
          </div>
        )}
      </dl>
      <h2 className="eng-section__title">{t('profile.document.files')}</h2>
      <ul className="profile-files">
        {document.files.map((file) => (
          <li key={file.fileId}>
            <span>
              {file.fileName}
              {file.page && file.page !== 'front' ? ` · ${t(`profile.document.page.${file.page}`)}` : ''}
            </span>
            <button type="button" className="eng-button eng-button--secondary" onClick={() => void download(file.fileId)}>
              {t('profile.document.download', { name: file.fileName })}
            </button>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/profile">{t('profile.backToProfile')}</Link>
      </p>
    </div>
  );
}
