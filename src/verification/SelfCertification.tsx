import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CustomScreenProps } from '../../engine/index.ts';
import type { RpcRequest, RpcResponse } from '../../generated/methods.ts';
import { useApp } from '../app/app-context.tsx';
import { authSecretFrom } from '../navigation/stored-paths.ts';
import { Field, FileUpload, ProfileStatusBadge, useCall, useCountries } from './shared.tsx';
import { useLoaded } from '../app/use-loaded.ts';

type Certification = RpcRequest<'personalFatcaCrsUpdate'>['certification'];
type FatcaInfo = RpcResponse<'personalFatcaCrsGet'>;
type Residency = Certification['taxResidencies'][number];

const MAX_RESIDENCIES = 5;
const EMPTY: Certification = { usCitizen: false, usResident: false, bornInUs: false, taxResidencies: [{ countryCode: '' }] };

/** A residency as the form edits it: every value text. */
const asText = ({ countryCode, taxId, noTaxIdReason }: Residency): Residency => ({
  countryCode: String(countryCode),
  ...(taxId === undefined ? {} : { taxId: String(taxId) }),
  ...(noTaxIdReason === undefined ? {} : { noTaxIdReason: String(noTaxIdReason) }),
});

/** Drops empty optional fields, so the server's schema sees only what was answered. */
function cleaned(certification: Certification): Certification {
  return {
    ...certification,
    taxResidencies: certification.taxResidencies.map(({ countryCode, taxId, noTaxIdReason }) => ({
      countryCode,
      ...(taxId?.trim() ? { taxId: taxId.trim() } : {}),
      ...(!taxId?.trim() && noTaxIdReason?.trim() ? { noTaxIdReason: noTaxIdReason.trim() } : {}),
    })),
  };
}

/** The four FATCA/CRS documents and their statuses. */
function DocumentStatuses({ statuses }: { statuses: FatcaInfo['statuses'] }) {
  const { t } = useTranslation();
  const rows = ['taxResidencySelfCertificationDocumentStatus', 'w9FormDocumentStatus', 'w8BenFormDocumentStatus', 'certificateOfLossOfNationalityDocumentStatus'] as const;
  return (
    <table className="verification-table">
      <caption className="visually-hidden">{t('verification.fatca.documents')}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row} data-document={row}>
            <th scope="row">{t(`verification.fatca.${row}`)}</th>
            <td>
              <ProfileStatusBadge status={statuses[row]} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The FATCA/CRS self-certification for one subject (a personal customer, or a representative by
 * their link): the US person questions and tax residencies, the four document statuses, signing the
 * W-form the answers call for at the e-signature provider, and the certificate of loss of nationality.
 */
export function FatcaCrsForm({
  load,
  save,
  sign,
  uploadLossOfNationality,
}: {
  load: () => Promise<FatcaInfo>;
  save: (certification: Certification) => Promise<FatcaInfo>;
  sign: () => Promise<{ signData: { signUrl: string } }>;
  uploadLossOfNationality?: (file: string) => Promise<{ statuses: FatcaInfo['statuses'] }>;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const { data, setData } = useLoaded(load);
  const { run, pending, fieldErrors } = useCall();
  const signing = useCall();
  const [form, setForm] = useState<Certification>(EMPTY);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    // The transport turns numeric-looking strings into numbers (document 000 section 5): tax numbers are text.
    if (data?.certification) setForm({ ...data.certification, taxResidencies: data.certification.taxResidencies.map(asText) });
  }, [data?.certification]);
  if (!data) return <p className="eng-loading">{t('verification.loading')}</p>;

  const setResidency = (index: number, change: Partial<Residency>) =>
    setForm((current) => ({ ...current, taxResidencies: current.taxResidencies.map((residency, at) => (at === index ? { ...residency, ...change } : residency)) }));
  const question = (name: 'usCitizen' | 'usResident' | 'bornInUs') => (
    <label className="verification-check">
      <input type="checkbox" name={name} checked={form[name]} onChange={(event) => setForm({ ...form, [name]: event.target.checked })} />
      <span>{t(`verification.fatca.${name}`)}</span>
    </label>
  );
  const wForm = data.wForm;
  const needsLossOfNationality = data.statuses.certificateOfLossOfNationalityDocumentStatus !== 'notRequired';

  const startSigning = async () => {
    const answer = await signing.run(sign);
    // The signing page belongs to the e-signature provider: a full page visit.
    if (answer) window.location.assign(answer.signData.signUrl);
  };

  const saveCertification = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await run(() => save(cleaned(form)));
    if (answer) {
      setData(answer);
      setSaved(true);
    }
  };

  return (
    <div className="verification-screen">
      <section className="verification-section" aria-labelledby="fatca-form-title">
        <h2 id="fatca-form-title">{t('verification.fatca.formTitle')}</h2>
        <form
          className="verification-form"
          noValidate
          onSubmit={(event) => void saveCertification(event)}
        >
          <fieldset>
            <legend>{t('verification.fatca.usPerson')}</legend>
            {question('usCitizen')}
            {question('usResident')}
            {question('bornInUs')}
          </fieldset>
          {form.taxResidencies.map((residency, index) => (
            <fieldset key={index} data-residency={index}>
              <legend>{t('verification.fatca.residency', { number: index + 1 })}</legend>
              <Field label={t('verification.fields.countryCode')} error={fieldErrors[`certification.taxResidencies.${index}.countryCode`]}>
                {({ id, describedBy }) => (
                  <select id={id} className="eng-input" required value={residency.countryCode} aria-describedby={describedBy} onChange={(event) => setResidency(index, { countryCode: event.target.value })}>
                    <option value="">{t('verification.fatca.chooseCountry')}</option>
                    {countries.map((country) => (
                      <option key={country.code} value={country.code}>
                        {country.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={t('verification.fields.taxId')} error={fieldErrors[`certification.taxResidencies.${index}.taxId`]}>
                {({ id, describedBy }) => <input id={id} className="eng-input" value={residency.taxId ?? ''} aria-describedby={describedBy} onChange={(event) => setResidency(index, { taxId: event.target.value })} />}
              </Field>
              {!residency.taxId?.trim() && (
                <Field label={t('verification.fields.noTaxIdReason')} error={fieldErrors[`certification.taxResidencies.${index}.noTaxIdReason`]}>
                  {({ id, describedBy }) => (
                    <input id={id} className="eng-input" value={residency.noTaxIdReason ?? ''} aria-describedby={describedBy} onChange={(event) => setResidency(index, { noTaxIdReason: event.target.value })} />
                  )}
                </Field>
              )}
              {form.taxResidencies.length > 1 && (
                <button type="button" className="eng-button eng-button--secondary" onClick={() => setForm({ ...form, taxResidencies: form.taxResidencies.filter((_, at) => at !== index) })}>
                  {t('verification.fatca.removeResidency')}
                </button>
              )}
            </fieldset>
          ))}
          {fieldErrors.certification && <p className="eng-field-errors">{fieldErrors.certification}</p>}
          <div className="verification-buttons">
            {form.taxResidencies.length < MAX_RESIDENCIES && (
              <button type="button" className="eng-button eng-button--secondary" onClick={() => setForm({ ...form, taxResidencies: [...form.taxResidencies, { countryCode: '' }] })}>
                {t('verification.fatca.addResidency')}
              </button>
            )}
            <button type="submit" className="eng-button eng-button--primary" disabled={pending}>
              {t('verification.fatca.save')}
            </button>
          </div>
          {saved && (
            <p className="verification-notice verification-notice--success" role="status">
              {t('verification.fatca.saved')}
            </p>
          )}
        </form>
      </section>

      <section className="verification-section" aria-labelledby="fatca-documents-title">
        <h2 id="fatca-documents-title">{t('verification.fatca.documents')}</h2>
        <DocumentStatuses statuses={data.statuses} />
        {wForm && (
          <>
            <h3>{t(`verification.fatca.sign.${wForm}`)}</h3>
            <p>{t('verification.fatca.signExplained')}</p>
            <button
              type="button"
              className="eng-button eng-button--primary"
              disabled={signing.pending}
              onClick={() => void startSigning()}
            >
              {t(`verification.fatca.signButton.${wForm}`)}
            </button>
          </>
        )}
        {needsLossOfNationality && uploadLossOfNationality && (
          <>
            <h3>{t('verification.fatca.certificateOfLossOfNationalityDocumentStatus')}</h3>
            <p>{t('verification.fatca.lossExplained')}</p>
            <FileUpload
              label={t('verification.fatca.lossFile')}
              field="file.document"
              onUpload={async (file) => {
                const answer = await uploadLossOfNationality(file);
                setData({ ...data, statuses: answer.statuses });
                return answer;
              }}
            />
          </>
        )}
      </section>
    </div>
  );
}

/** /self-certification: the personal customer's FATCA/CRS self-certification. */
export function SelfCertification(_props: CustomScreenProps) {
  const { rpc } = useApp();
  return (
    <FatcaCrsForm
      load={() => rpc('personalFatcaCrsGet', {})}
      save={(certification) => rpc('personalFatcaCrsUpdate', { certification })}
      sign={() => rpc('personalWFormUpload', {})}
      uploadLossOfNationality={(file) => rpc('certificateOfLossOfNationalityUpload', { file: { document: file } })}
    />
  );
}

/**
 * /self-certification-representative: a business representative finishes the company's
 * self-certification with the auth secret of their link (from the query, or kept for the tab); the
 * guard sends a visitor without one to sign in, and a secret that is no longer valid does the same.
 */
export function RepresentativeSelfCertification(_props: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc } = useApp();
  const navigate = useNavigate();
  const authSecret = authSecretFrom(window.location.search, sessionStorage);
  const { data, failed } = useLoaded(() => rpc('businessRepresentativeFatcaCrsGet', { authSecret: authSecret ?? '' }));
  useEffect(() => {
    if (!authSecret || failed) void navigate('/login', { replace: true });
  }, [authSecret, failed, navigate]);
  if (!authSecret || !data) return <p className="eng-loading">{t('verification.loading')}</p>;
  return (
    <>
      <p className="verification-notice">
        {t('verification.representative.intro', { name: `${data.representative.firstName} ${data.representative.lastName}`, company: data.businessName })}
      </p>
      <FatcaCrsForm
        load={async () => (await rpc('businessRepresentativeFatcaCrsGet', { authSecret })).fatca}
        save={async (certification) => (await rpc('businessRepresentativeFatcaCrsUpdate', { authSecret, certification })).fatca}
        sign={() => rpc('businessRepresentativeWFormUpload', { authSecret })}
      />
    </>
  );
}

/**
 * /self-certification-splash: why the tax self-certification is asked for and what it takes, shown
 * at sign-in when the FATCA section needs an action.
 */
export function SelfCertificationSplash(_props: CustomScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="verification-screen">
      <section className="verification-section" aria-labelledby="splash-why">
        <h2 id="splash-why">{t('verification.splash.whyTitle')}</h2>
        <p>{t('verification.splash.why')}</p>
        <h2>{t('verification.splash.stepsTitle')}</h2>
        <ol>
          <li>{t('verification.splash.step1')}</li>
          <li>{t('verification.splash.step2')}</li>
          <li>{t('verification.splash.step3')}</li>
        </ol>
        <div className="verification-buttons">
          <button type="button" className="eng-button eng-button--primary" onClick={() => void navigate('/self-certification')}>
            {t('verification.splash.start')}
          </button>
          <button type="button" className="eng-button eng-button--secondary" onClick={() => void navigate('/home')}>
            {t('verification.splash.later')}
          </button>
        </div>
      </section>
    </div>
  );
}
