import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useApp } from '../app/app-context.tsx';
import { afterAuthorizeAnswer } from './redirect-rules.ts';
import { postSessionRules } from './session-rules-api.ts';
import './navigation.css';

interface Authorization {
  authorizationId: string;
  client: { clientId: string; name: string };
  redirectOrigin: string;
}

type View = { step: 'opening' } | { step: 'ask'; authorization: Authorization } | { step: 'refused'; message: string } | { step: 'leaving' };

/**
 * /auth/sei (document 000 sections 2 and 7): a third-party client sent the signed-in user here. The
 * screen opens the authorization (`POST /auth/sei/authorize` with this address), shows who asks and
 * where the user will be sent, and on the user's answer goes to the `redirect_uri` the approval call
 * returns. An authorize call answered 404 sends the user to the root path. The server's own words (English,
 * for developers) never reach the screen: each refusal is told in the user's language.
 */
export function SeiAuthorize() {
  const { t } = useTranslation();
  const { session, feedback } = useApp();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [view, setView] = useState<View>({ step: 'opening' });

  useEffect(() => {
    let live = true;
    postSessionRules<Authorization>('/auth/sei/authorize', { authorizeUrl: `${pathname}${search}` }, session).then(
      ({ status, body }) => {
        if (!live) return;
        if (status === 200) return setView({ step: 'ask', authorization: body });
        const target = afterAuthorizeAnswer(status);
        if (target) {
          feedback.showError(new Error(t('session.sei.unknownClient')));
          void navigate(target, { replace: true });
          return;
        }
        setView({ step: 'refused', message: t('session.sei.failed') });
      },
      (error: unknown) => live && feedback.showError(error),
    );
    return () => {
      live = false;
    };
  }, [pathname, search, session, feedback, navigate, t]);

  const decide = async (authorization: Authorization, approve: boolean) => {
    setView({ step: 'leaving' });
    try {
      const { status, body } = await postSessionRules<{ redirect_uri: string }>(`/auth/sei/authorize/${authorization.authorizationId}`, { approve }, session);
      if (status === 200) {
        location.assign(body.redirect_uri);
        return;
      }
      const target = afterAuthorizeAnswer(status);
      feedback.showError(new Error(t('session.sei.failed')));
      if (target) void navigate(target, { replace: true });
      else setView({ step: 'ask', authorization });
    } catch (error) {
      feedback.showError(error);
      setView({ step: 'ask', authorization });
    }
  };

  return (
    <section className="session-screen" aria-busy={view.step === 'opening' || view.step === 'leaving'}>
      {view.step === 'opening' && <p className="session-screen__muted">{t('session.sei.opening')}</p>}
      {view.step === 'refused' && (
        <div className="session-screen__card">
          <p className="session-screen__error">{view.message}</p>
          <div className="session-screen__actions">
            <Link className="button button--primary" to="/home">
              {t('session.sei.toHome')}
            </Link>
          </div>
        </div>
      )}
      {view.step === 'leaving' && <p className="session-screen__muted">{t('session.sei.leaving')}</p>}
      {view.step === 'ask' && (
        <div className="session-screen__card">
          <p>
            <strong>{view.authorization.client.name}</strong> {t('session.sei.asks')}
          </p>
          <p className="session-screen__muted">{t('session.sei.destination', { origin: view.authorization.redirectOrigin })}</p>
          <div className="session-screen__actions">
            <button type="button" className="button button--primary" onClick={() => void decide(view.authorization, true)}>
              {t('session.sei.approve')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => void decide(view.authorization, false)}>
              {t('session.sei.decline')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
