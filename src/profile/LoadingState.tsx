import { useTranslation } from 'react-i18next';

/** A polite "loading" line for the profile's custom screens while their data arrives. */
export function LoadingState() {
  const { t } = useTranslation();
  return (
    <p role="status" className="profile-loading">
      {t('profile.loading')}
    </p>
  );
}
