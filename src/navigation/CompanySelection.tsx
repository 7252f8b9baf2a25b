import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CustomerAccess } from '../../generated/entities.ts';
import { useApp } from '../app/app-context.tsx';
import { actFor } from '../session/acting-customer.ts';
import { businessStartPage, companySelectionStep, type CompanySelectionStep } from '../session/start-page.ts';
import './navigation.css';

type View = { step: 'loading' } | { step: CompanySelectionStep; companies: CustomerAccess[] } | { step: 'failed' } | { step: 'personal' };

/**
 * Company selection (document 000 section 2, start page rule 3): lists the companies the business user
 * acts for. Choosing one makes it the acting customer (the Customer-Id header), loads its access info
 * and applies the second start-page list, with the path remembered before sign-in (`next`). With one
 * authorised company it is chosen at once; with none authorised yet the user is told so; with none at
 * all a business user is signed out and goes to sign-in, while a personal customer who opened the page
 * (it is never on their way) is told they act for no company and offered the way home.
 */
export function CompanySelection() {
  const { t } = useTranslation();
  const { rpc, customer, feedback, actions } = useApp();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [view, setView] = useState<View>({ step: 'loading' });
  const [choosing, setChoosing] = useState<number | null>(null);
  const next = query.get('next');

  const choose = async (customerId: number) => {
    setChoosing(customerId);
    try {
      actFor(customerId, sessionStorage);
      customer.clear();
      const info = await rpc('businessAccessInfo', {});
      void navigate(businessStartPage({ ...info, hasBalanceInfoAccess: info.accessList.balanceInfo }, next), { replace: true });
    } catch (error) {
      actFor(null, sessionStorage);
      setChoosing(null);
      feedback.showError(error);
    }
  };

  /** What the list says: sign out, choose the one authorised company at once, or show the list. */
  const showCompanies = useEffectEvent((customers: CustomerAccess[], customerType: string) => {
    const authorised = customers.filter((company) => company.authorised);
    const step = companySelectionStep({ authorisedCount: authorised.length, pendingCount: customers.length - authorised.length });
    if (step === 'login' && customerType !== 'business') {
      setView({ step: 'personal' });
      return;
    }
    if (step === 'login') {
      void actions.signOut().then(({ navigate: to }) => navigate(to, { replace: true }));
      return;
    }
    if (step === 'selectCompany' && authorised.length === 1) void choose(authorised[0]!.customerId);
    setView({ step, companies: customers });
  });
  const showFailure = useEffectEvent((error: unknown) => {
    setView({ step: 'failed' });
    feedback.showError(error);
  });

  // Loaded once per visit; the answer is read by the effect events above, with the current services.
  useEffect(() => {
    let live = true;
    actFor(null, sessionStorage);
    Promise.all([rpc('customerAccessList', {}), customer.load()]).then(
      ([{ customers }, signedIn]) => {
        if (live) showCompanies(customers, signedIn.customer.customerType);
      },
      (error: unknown) => {
        if (live) showFailure(error);
      },
    );
    return () => {
      live = false;
    };
  }, [rpc, customer]);

  return (
    <section className="session-screen" aria-busy={view.step === 'loading' || choosing !== null}>
      {view.step === 'loading' && <p className="session-screen__muted">{t('session.companySelection.loading')}</p>}
      {view.step === 'failed' && <p className="session-screen__error">{t('session.companySelection.failed')}</p>}
      {view.step === 'personal' && (
        <div className="session-screen__card">
          <p>{t('session.companySelection.noCompanies')}</p>
          <div className="session-screen__actions">
            <Link className="button button--primary" to="/home">
              {t('session.companySelection.toHome')}
            </Link>
          </div>
        </div>
      )}
      {view.step === 'authorisedUserInformation' && (
        <div className="session-screen__card">
          <p>{t('session.companySelection.notAuthorised')}</p>
          <ul>
            {view.companies.map((company) => (
              <li key={company.customerId}>{company.customerName}</li>
            ))}
          </ul>
        </div>
      )}
      {view.step === 'selectCompany' && (
        <>
          <p>{t('session.companySelection.intro')}</p>
          <ul className="company-list">
            {view.companies
              .filter((company) => company.authorised)
              .map((company) => (
                <li key={company.customerId}>
                  <button type="button" disabled={choosing !== null} onClick={() => void choose(company.customerId)}>
                    <span className="company-list__name">{company.customerName}</span>
                    <span className="company-list__rights">{company.accessRights.map((right) => t(`session.rights.${right}`)).join(', ')}</span>
                  </button>
                </li>
              ))}
          </ul>
        </>
      )}
    </section>
  );
}
