import { useTranslation } from 'react-i18next';

/** The id of every layout's main region, the target of the skip link. */
export const CONTENT_ID = 'content';

/** The first focusable element of a page: keyboard users jump over the header to the content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href={`#${CONTENT_ID}`}>
      {t('layout.skipToContent')}
    </a>
  );
}
