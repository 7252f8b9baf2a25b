import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isMethodCallError, intlLocale } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import './verification.css';

/**
 * Runs a call from a form: a refusal's field errors are kept for the fields, anything else goes to
 * the popup. `run` resolves with the answer, or undefined when it failed.
 *
 * @example
 * const { run, fieldErrors, pending } = useCall();
 * const answer = await run(() => rpc('kycInfoUpdate', { answers }));
 */
export function useCall() {
  const { feedback } = useApp();
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const run = useCallback(
    async <T,>(call: () => Promise<T>): Promise<T | undefined> => {
      setPending(true);
      setFieldErrors({});
      try {
        return await call();
      } catch (error) {
        if (isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0) setFieldErrors(error.fieldErrors);
        else feedback.showError(error);
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [feedback],
  );
  return { pending, fieldErrors, run };
}

/** Reads a chosen file as the data URL the server takes, with the file name in it. */
export function readFileAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      const type = file.type || 'application/octet-stream';
      resolve(url.replace(/^data:[^;,]*(;base64)?,/, `data:${type};name=${encodeURIComponent(file.name)};base64,`));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** A field's label, control and error, in the engine's look. */
export function Field({
  label,
  error,
  help,
  children,
}: {
  label: string;
  error?: string | undefined;
  help?: string;
  children: (ids: { id: string; describedBy?: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`eng-field${error ? ' eng-field--invalid' : ''}`}>
      <label className="eng-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, ...(describedBy ? { describedBy } : {}) })}
      {help && (
        <p className="eng-help" id={`${id}-help`}>
          {help}
        </p>
      )}
      {error && (
        <p className="eng-field-errors" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A file picker with its upload button: checks nothing itself (the server checks type and size and
 * answers on the field), shows the server's message under the picker.
 *
 * @example
 * <FileUpload label={t('verification.upload.file')} onUpload={(file) => rpc('customerLimitDocumentUpload', { requirementId, file })} />
 */
export function FileUpload({
  label,
  field = 'file',
  onUpload,
  buttonLabel,
}: {
  label: string;
  field?: string;
  buttonLabel?: string;
  onUpload: (dataUrl: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { run, pending, fieldErrors } = useCall();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      return;
    }
    const done = await run(async () => onUpload(await readFileAsDataUrl(file)));
    if (done !== undefined) {
      setFile(null);
      if (input.current) input.current.value = '';
    }
  };
  const error = missing && !file ? t('verification.upload.chooseFile') : fieldErrors[field];
  return (
    <form className="verification-upload" onSubmit={(event) => void submit(event)} noValidate>
      <Field label={label} error={error} help={t('verification.upload.help')}>
        {({ id, describedBy }) => (
          <input
            ref={input}
            id={id}
            className="eng-input"
            type="file"
            accept="application/pdf,image/jpeg,image/png"
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setMissing(false);
            }}
          />
        )}
      </Field>
      <button type="submit" className="eng-button eng-button--primary" disabled={pending}>
        {pending ? t('verification.upload.uploading') : (buttonLabel ?? t('verification.upload.button'))}
      </button>
    </form>
  );
}

/** Document status ids (document 000 section 3) by name, for their labels. */
const DOCUMENT_STATUS_NAMES: Record<number, string> = {
  0: 'submitted',
  2: 'confirmed',
  4: 'canceled',
  5: 'deleted',
  26: 'rejected',
  31: 'underInvestigate',
  38: 'expired',
  41: 'pending',
  64: 'nameMismatch',
};

/** The label of a document status id, as a badge. */
export function DocumentStatusBadge({ statusId }: { statusId: number }) {
  const { t } = useTranslation();
  const name = DOCUMENT_STATUS_NAMES[statusId] ?? 'submitted';
  return (
    <span className="eng-badge" data-value={name}>
      {t(`verification.documentStatus.${name}`)}
    </span>
  );
}

/** The label of a profile document status (none, pending, validated...), as a badge. */
export function ProfileStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className="eng-badge" data-value={status}>
      {t(`verification.profileStatus.${status}`)}
    </span>
  );
}

/** The uploads of a requirement: file, date and status, with the reject reason when there is one. */
export function UploadedList({ documents }: { documents: { id: number; statusId: number; uploaded: string; fileName?: string; rejectReason?: string }[] }) {
  const { t, i18n } = useTranslation();
  if (documents.length === 0) return <p className="verification-muted">{t('verification.upload.none')}</p>;
  return (
    <ul className="verification-uploads">
      {documents.map((document) => (
        <li key={document.id}>
          <span>{document.fileName ?? t('verification.upload.document')}</span>{' '}
          <time dateTime={document.uploaded}>
            {new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium' }).format(new Date(document.uploaded))}
          </time>{' '}
          <DocumentStatusBadge statusId={document.statusId} />
          {document.rejectReason && <span className="verification-muted"> {document.rejectReason}</span>}
        </li>
      ))}
    </ul>
  );
}

/** Countries for a select: codes from the countries dictionary, names in the interface language. */
export function useCountries(): { code: string; name: string }[] {
  const { rpc } = useApp();
  const { i18n } = useTranslation();
  const [codes, setCodes] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    rpc('countries', {})
      .then(({ countries }) => live && setCodes(countries.map((country) => country.code)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [rpc]);
  const names = new Intl.DisplayNames([intlLocale(i18n.language)], { type: 'region' });
  return codes.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name));
}
