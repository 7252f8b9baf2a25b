import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import './onboarding.css';
import { registrationOffers } from './registration-offers.ts';

/**
 * /register: the choice between a personal and a business account, showing only what the brand
 * offers (its registration types); when the brand does not allow registration (document 000
 * section 5), a clear message and the way to sign in instead.
 */
export function RegisterChoice(_props: CustomScreenProps) {
  const { t } = useTranslation();
  const { brand } = useApp();
  const offers = registrationOffers(brand);
  if (!offers.personal && !offers.business) {
    return (
      <div className="onboarding-closed">
        <p>{t('onboarding.register.closed', { projectName: brand.projectName })}</p>
        <p>
          <Link className="eng-button eng-button--primary" to="/login">
            {t('onboarding.links.signIn')}
          </Link>
        </p>
        <p className="eng-help">
          {t('onboarding.register.closedHelp')} <a href={`mailto:${brand.support.defaultEmail}`}>{brand.support.defaultEmail}</a>
        </p>
      </div>
    );
  }
  return (
    <div className="onboarding-choice">
      <ul className="onboarding-choice__list">
        {offers.personal && (
          <li>
            <Link className="onboarding-choice__option" to="/register/personal">
              <span className="onboarding-choice__title">{t('onboarding.register.personal')}</span>
              <span className="onboarding-choice__text">{t('onboarding.register.personalText')}</span>
            </Link>
          </li>
        )}
        {offers.business && (
          <li>
            <Link className="onboarding-choice__option" to="/register/business">
              <span className="onboarding-choice__title">{t('onboarding.register.business')}</span>
              <span className="onboarding-choice__text">{t('onboarding.register.businessText')}</span>
            </Link>
          </li>
        )}
      </ul>
      <p className="onboarding-links">
        {t('onboarding.register.haveAccount')} <Link to="/login">{t('onboarding.links.signIn')}</Link>
      </p>
    </div>
  );
}
