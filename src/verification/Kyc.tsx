import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { CustomScreenProps } from '../../engine/index.ts';
import type { RpcRequest } from '../../generated/methods.ts';
import { useApp } from '../app/app-context.tsx';
import { Field, useCall, useCountries } from './shared.tsx';
import { useLoaded } from '../app/use-loaded.ts';
import { StartIdentityVerification } from './UnverifiedAccount.tsx';

type Answers = RpcRequest<'kycInfoUpdate'>['answers'];
type PersonalInfo = RpcRequest<'kycCustomerPersonalInfoUpdate'>;

const SOURCES = ['salary', 'business', 'savings', 'investments', 'inheritance', 'other'] as const;
const PURPOSES = ['personalPayments', 'receivingIncome', 'businessPayments', 'savings', 'other'] as const;
const VOLUMES = ['upTo1000', 'upTo10000', 'upTo50000', 'over50000'] as const;

function Choice<T extends string>({ name, options, value, onChange, error }: { name: string; options: readonly T[]; value: T | undefined; onChange: (value: T) => void; error?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Field label={t(`verification.fields.${name}`)} error={error}>
      {({ id, describedBy }) => (
        <select id={id} className="eng-input" required value={value ?? ''} aria-describedby={describedBy} onChange={(event) => onChange(event.target.value as T)}>
          <option value="">{t('verification.kyc.choose')}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {t(`verification.enums.${name}.${option}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function Text({ name, value, onChange, error, type = 'text', autoComplete }: { name: string; value: string; onChange: (value: string) => void; error?: string | undefined; type?: string; autoComplete?: string }) {
  const { t } = useTranslation();
  return (
    <Field label={t(`verification.fields.${name}`)} error={error}>
      {({ id, describedBy }) => (
        <input id={id} className="eng-input" type={type} value={value} autoComplete={autoComplete} aria-describedby={describedBy} aria-invalid={error ? true : undefined} onChange={(event) => onChange(event.target.value)} />
      )}
    </Field>
  );
}

/** Field errors of the questionnaire arrive as answers.<field>. */
const answerError = (errors: Record<string, string>, field: string) => errors[`answers.${field}`];

/** The personal details a personal customer confirms on the KYC page. */
function PersonalDetails({ initial }: { initial: Partial<PersonalInfo> }) {
  const { t } = useTranslation();
  const { rpc, customer } = useApp();
  const countries = useCountries();
  const { run, pending, fieldErrors } = useCall();
  const [info, setInfo] = useState<Partial<PersonalInfo>>(initial);
  const [saved, setSaved] = useState(false);
  const set = (change: Partial<PersonalInfo>) => setInfo((current) => ({ ...current, ...change }));
  const country = (name: 'nationality' | 'residenceCountryCode') => (
    <Field label={t(`verification.fields.${name}`)} error={fieldErrors[name]}>
      {({ id, describedBy }) => (
        <select id={id} className="eng-input" value={info[name] ?? ''} aria-describedby={describedBy} onChange={(event) => set({ [name]: event.target.value })}>
          <option value="">{t('verification.fatca.chooseCountry')}</option>
          {countries.map((one) => (
            <option key={one.code} value={one.code}>
              {one.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const saveDetails = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await run(() => rpc('kycCustomerPersonalInfoUpdate', info as PersonalInfo));
    if (answer) {
      setSaved(true);
      void customer.load().catch(() => undefined);
    }
  };

  return (
    <form
      className="verification-form"
      noValidate
      onSubmit={(event) => void saveDetails(event)}
    >
      <Text name="firstName" value={info.firstName ?? ''} onChange={(firstName) => set({ firstName })} error={fieldErrors.firstName} autoComplete="given-name" />
      <Text name="lastName" value={info.lastName ?? ''} onChange={(lastName) => set({ lastName })} error={fieldErrors.lastName} autoComplete="family-name" />
      <Text name="birthDay" type="date" value={info.birthDay ?? ''} onChange={(birthDay) => set({ birthDay })} error={fieldErrors.birthDay} autoComplete="bday" />
      {country('nationality')}
      {country('residenceCountryCode')}
      <div className="verification-buttons">
        <button type="submit" className="eng-button eng-button--primary" disabled={pending}>
          {t('verification.kyc.saveDetails')}
        </button>
      </div>
      {saved && (
        <p className="verification-notice verification-notice--success" role="status">
          {t('verification.kyc.detailsSaved')}
        </p>
      )}
    </form>
  );
}

/**
 * /kyc (personal and business variants, ?variant=business): the customer's details and the
 * know-your-customer questionnaire, and the identity check. Submitting clears the need for KYC, so the
 * guard no longer sends the customer here.
 */
export function Kyc(_props: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc, customer } = useApp();
  const { search } = useLocation();
  const { data, setData } = useLoaded(async () => {
    const [{ customerInfo }, { customerKycRequest }] = await Promise.all([rpc('kycCustomerInfoGet', {}), rpc('kycRequestGet', {})]);
    return { customerInfo, customerKycRequest };
  });
  const { run, pending, fieldErrors } = useCall();
  const [answers, setAnswers] = useState<Partial<Answers>>({});
  const savedAnswers = data?.customerKycRequest.answers;
  useEffect(() => {
    if (savedAnswers) setAnswers(savedAnswers as Partial<Answers>);
  }, [savedAnswers]);
  if (!data) return <p className="eng-loading">{t('verification.loading')}</p>;

  const business = new URLSearchParams(search).get('variant') === 'business' || data.customerInfo.customerType === 'business';
  const set = (change: Partial<Answers>) => setAnswers((current) => ({ ...current, ...change }));
  const submitted = data.customerKycRequest.status === 'submitted';

  const saveAnswers = async (event: FormEvent) => {
    event.preventDefault();
    const clean = Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== '' && value !== undefined)) as Answers;
    const answer = await run(() => rpc('kycInfoUpdate', { answers: clean }));
    if (answer) {
      setData({ customerInfo: answer.customerInfo, customerKycRequest: answer.customerKycRequest });
      void customer.load().catch(() => undefined);
    }
  };

  return (
    <div className="verification-screen" data-variant={business ? 'business' : 'personal'}>
      {submitted && (
        <p className="verification-notice verification-notice--success" role="status">
          {t('verification.kyc.submitted')} <Link to="/home">{t('verification.kyc.toHome')}</Link>
        </p>
      )}
      {!business && (
        <section className="verification-section" aria-labelledby="kyc-details">
          <h2 id="kyc-details">{t('verification.kyc.details')}</h2>
          <PersonalDetails initial={data.customerInfo as Partial<PersonalInfo>} />
        </section>
      )}
      <section className="verification-section" aria-labelledby="kyc-questions">
        <h2 id="kyc-questions">{t(business ? 'verification.kyc.businessQuestions' : 'verification.kyc.personalQuestions')}</h2>
        <form
          className="verification-form"
          noValidate
          onSubmit={(event) => void saveAnswers(event)}
        >
          {business ? (
            <>
              <Text name="industry" value={answers.industry ?? ''} onChange={(industry) => set({ industry })} error={answerError(fieldErrors, 'industry')} />
              <Text name="website" type="url" value={answers.website ?? ''} onChange={(website) => set({ website })} error={answerError(fieldErrors, 'website')} autoComplete="url" />
            </>
          ) : (
            <>
              <Text name="occupation" value={answers.occupation ?? ''} onChange={(occupation) => set({ occupation })} error={answerError(fieldErrors, 'occupation')} autoComplete="organization-title" />
              <Text name="employerName" value={answers.employerName ?? ''} onChange={(employerName) => set({ employerName })} error={answerError(fieldErrors, 'employerName')} autoComplete="organization" />
            </>
          )}
          <Choice name="sourceOfFunds" options={SOURCES} value={answers.sourceOfFunds} onChange={(sourceOfFunds) => set({ sourceOfFunds })} error={answerError(fieldErrors, 'sourceOfFunds')} />
          <Choice name="purposeOfAccount" options={PURPOSES} value={answers.purposeOfAccount} onChange={(purposeOfAccount) => set({ purposeOfAccount })} error={answerError(fieldErrors, 'purposeOfAccount')} />
          <Choice name="expectedMonthlyVolume" options={VOLUMES} value={answers.expectedMonthlyVolume} onChange={(expectedMonthlyVolume) => set({ expectedMonthlyVolume })} error={answerError(fieldErrors, 'expectedMonthlyVolume')} />
          <label className="verification-check">
            <input type="checkbox" checked={answers.politicallyExposed ?? false} onChange={(event) => set({ politicallyExposed: event.target.checked })} />
            <span>{t('verification.fields.politicallyExposed')}</span>
          </label>
          {fieldErrors.answers && <p className="eng-field-errors">{fieldErrors.answers}</p>}
          <div className="verification-buttons">
            <button type="submit" className="eng-button eng-button--primary" disabled={pending}>
              {t('verification.kyc.submit')}
            </button>
          </div>
        </form>
      </section>
      {!business && (
        <section className="verification-section" aria-labelledby="kyc-identity">
          <h2 id="kyc-identity">{t('verification.kyc.identity')}</h2>
          <p>{t('verification.kyc.identityExplained')}</p>
          <StartIdentityVerification label={t('verification.identity.start')} />
        </section>
      )}
    </div>
  );
}
