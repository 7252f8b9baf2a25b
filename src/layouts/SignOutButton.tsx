import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApp } from '../app/app-context.tsx';

/** Runs the session's signOut action and goes where it says (the sign-in page). */
export function SignOutButton() {
  const { t } = useTranslation();
  const { actions } = useApp();
  const navigate = useNavigate();
  const signOut = async () => {
    const { navigate: to } = await actions.signOut();
    await navigate(to);
  };

  return (
    <button type="button" className="button button--secondary" onClick={() => void signOut()}>
      {t('layout.signOut')}
    </button>
  );
}
