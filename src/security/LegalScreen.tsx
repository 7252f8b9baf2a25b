import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { useDate, useDateTime } from './shared.tsx';
import { useLoaded } from '../app/use-loaded.ts';

/**
 * Hands a file to the browser to save: a Blob behind a temporary link. The mobile wrapper (when it
 * is there) gets its own download message from the sign-in area; this is the browser's way.
 */
export function saveFile(fileName: string, mediaType: string, base64: string): void {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: mediaType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Legal info (document 001 section 7): the agreements binding the customer with their versions
 * and acceptance dates, each downloadable as a PDF the server makes out to the customer.
 */
export function LegalScreen(_props: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc, feedback } = useApp();
  const formatDate = useDate();
  const formatDateTime = useDateTime();
  const { data } = useLoaded(() => rpc('legalInfo', {}));
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (id: string) => {
    setDownloading(id);
    try {
      const file = await rpc('agreementDownload', { id, pdf: true });
      saveFile(file.fileName, file.mediaType, file.content);
    } catch (error) {
      feedback.showError(error);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <div className="eng-section">
      {data?.agreements.map((agreement) => (
        <section key={agreement.id} className="eng-panel" aria-labelledby={`agreement-${agreement.id}`} data-agreement={agreement.id}>
          <h2 id={`agreement-${agreement.id}`}>{t(`security.legal.agreements.${agreement.id}`, { defaultValue: agreement.title })}</h2>
          <dl className="security-detail">
            <dt>{t('security.legal.version')}</dt>
            <dd>{agreement.version}</dd>
            <dt>{t('security.legal.effective')}</dt>
            <dd>{formatDate(agreement.effectiveDate)}</dd>
            <dt>{t('security.legal.accepted')}</dt>
            <dd>
              {agreement.acceptedAt
                ? t('security.legal.acceptedOn', { date: formatDateTime(agreement.acceptedAt), version: agreement.acceptedVersion })
                : t('security.legal.notAccepted')}
            </dd>
          </dl>
          <div className="security-form__buttons">
            <button
              type="button"
              className="eng-button eng-button--secondary"
              disabled={downloading === agreement.id}
              aria-busy={downloading === agreement.id || undefined}
              onClick={() => void download(agreement.id)}
            >
              {t('security.legal.download')}
              <span className="eng-visually-hidden"> {t(`security.legal.agreements.${agreement.id}`, { defaultValue: agreement.title })}</span>
            </button>
          </div>
        </section>
      ))}
    </div>
  );
}
