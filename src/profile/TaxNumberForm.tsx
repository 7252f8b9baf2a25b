import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isMethodCallError, type CustomScreenProps } from '../../engine/index.ts';
import type { TaxNumber } from '../../generated/entities.ts';
import { useApp } from '../app/app-context.tsx';
import { LoadingState } from './LoadingState.tsx';
import './profile.css';

/**
 * The tax number form. A custom screen because its label is data: the name of the tax number in the
 * customer's residence country and kind, from the per-country tax-id table (e.g. "Social Security
 * Number (SSN)"), with whether it is required. Sends taxId (document 000 section 5); a refusal shows on
 * the field.
 */
export function TaxNumberForm(_props: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc, feedback } = useApp();
  const navigate = useNavigate();
  const [tax, setTax] = useState<TaxNumber | null>(null);
  const [taxId, setTaxId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let live = true;
    rpc('profileInquiry', {}).then(
      (answer) => {
        if (!live || !answer.tax) return;
        setTax(answer.tax);
        setTaxId(answer.tax.taxId ?? '');
      },
      (caught: unknown) => feedback.showError(caught),
    );
    return () => {
      live = false;
    };
  }, [rpc, feedback]);

  if (!tax) return <LoadingState />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (taxId.trim() === '') {
      setError(t('profile.tax.empty'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await rpc('taxNumberUpdate', { taxId: taxId.trim() });
      feedback.notify('profile.tax.saved');
      await navigate('/profile');
    } catch (caught) {
      if (isMethodCallError(caught) && caught.fieldErrors.taxId) setError(caught.fieldErrors.taxId);
      else feedback.showError(caught);
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="profile-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="eng-field">
        <label className="eng-label" htmlFor="tax-id">
          {`${tax.name} (${tax.shortName})`}
          {tax.required && (
            <span className="eng-required" aria-hidden="true">
              {' *'}
            </span>
          )}
        </label>
        <p id="tax-id-help" className="eng-help">
          {tax.required ? t('profile.tax.required') : t('profile.tax.optional')}
          {tax.crs ? ` ${t('profile.tax.crs')}` : ''}
        </p>
        <input
          id="tax-id"
          name="taxId"
          className="eng-input"
          value={taxId}
          maxLength={40}
          autoComplete="off"
          required={tax.required}
          onChange={(event) => setTaxId(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'tax-id-help tax-id-error' : 'tax-id-help'}
        />
        {error && (
          <p id="tax-id-error" className="profile-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="eng-actions">
        <button type="submit" className="eng-button eng-button--primary" disabled={pending} aria-busy={pending || undefined}>
          {t('profile.tax.save')}
        </button>
        <Link className="eng-button eng-button--secondary" to="/profile">
          {t('profile.backToProfile')}
        </Link>
      </div>
    </form>
  );
}
