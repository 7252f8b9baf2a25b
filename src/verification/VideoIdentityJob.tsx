import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { Field, useCall } from './shared.tsx';
import { useLoaded } from '../app/use-loaded.ts';
import { intlLocale } from '../../engine/index.ts';

/** A datetime-local value (the browser's local time) for a date. */
function localInputValue(date: Date): string {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/**
 * /video-identity-job/{id}: a video identity job (pending, scheduled, completed, rejected). A pending
 * or scheduled job can be booked or moved; a scheduled one links to the call at the provider.
 */
export function VideoIdentityJob({ params }: CustomScreenProps) {
  const { t, i18n } = useTranslation();
  const { rpc } = useApp();
  const id = params.id ?? '';
  const { data, setData, failed } = useLoaded(() => rpc('videoIdentityJobGet', { id }));
  const { run, pending, fieldErrors } = useCall();
  const [when, setWhen] = useState(() => localInputValue(new Date(Date.now() + 86_400_000)));

  if (failed) return <p className="verification-notice verification-notice--danger">{t('verification.video.unknown')}</p>;
  if (!data) return <p className="eng-loading">{t('verification.loading')}</p>;
  const { job } = data;
  const locale = intlLocale(i18n.language);
  const tone = job.status === 'completed' ? ' verification-notice--success' : job.status === 'rejected' ? ' verification-notice--danger' : '';

  const schedule = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await run(() => rpc('videoIdentityJobSchedule', { id, scheduledFor: new Date(when).toISOString() }));
    if (answer) setData(answer);
  };

  return (
    <div className="verification-screen">
      <p className={`verification-notice${tone}`} role="status" data-status={job.status}>
        {t(`verification.video.status.${job.status}`, {
          time: job.scheduledFor ? new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(job.scheduledFor)) : '',
        })}
      </p>
      {job.rejectReason && (
        <p>
          {t('verification.identity.reason')} {job.rejectReason}
        </p>
      )}
      {job.callUrl && (
        <p>
          <a className="eng-button eng-button--primary" href={job.callUrl}>
            {t('verification.video.join')}
          </a>
        </p>
      )}
      {(job.status === 'pending' || job.status === 'scheduled') && (
        <form
          className="verification-form"
          onSubmit={(event) => void schedule(event)}
        >
          <Field label={t('verification.video.when')} error={fieldErrors.scheduledFor}>
            {({ id: inputId, describedBy }) => (
              <input id={inputId} className="eng-input" type="datetime-local" required value={when} aria-describedby={describedBy} onChange={(event) => setWhen(event.target.value)} />
            )}
          </Field>
          <div className="verification-buttons">
            <button type="submit" className="eng-button eng-button--primary" disabled={pending || !when}>
              {t(job.status === 'pending' ? 'verification.video.book' : 'verification.video.move')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
