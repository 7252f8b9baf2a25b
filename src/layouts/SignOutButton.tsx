import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApp } from '../app/app-context.tsx';

/** Runs the session's signOut action and goes where it says (the sign-in page). */
export function SignOutButton() {
  const { t } = useTranslation();
  const { actions } = useApp();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={async () => {
        const { navigate: to } = await actions.signOut();
        await navigate(to);
      }}
    >
      {t('layout.signOut')}
    </button>
  );
}
