import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import type { CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { intlLocale } from '../../engine/index.ts';

/**
 * The public Terms of Service page: the current version's sections as headings and paragraphs, which a
 * spec's detail kind cannot lay out as a readable document.
 */
export function TermsOfService(_props: CustomScreenProps) {
  const { rpc } = useApp();
  const { t, i18n } = useTranslation();
  const { data, error } = useSWR(['termsOfService', {}], () => rpc('termsOfService', {}));
  if (error) return <p role="alert">{t('legalTerms.unavailable')}</p>;
  if (!data) return <p role="status">{t('legalTerms.loading')}</p>;
  const effective = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(data.effectiveDate));
  return (
    <article className="terms-of-service" lang="en">
      <p>{t('legalTerms.version', { version: data.version, date: effective })}</p>
      {data.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          <p>{section.text}</p>
        </section>
      ))}
    </article>
  );
}
