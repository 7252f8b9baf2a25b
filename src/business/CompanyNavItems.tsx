import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useApp } from '../app/app-context.tsx';
import { useCustomer } from '../session/customer-store.ts';
import { REPRESENTATIVE_HOME } from './representative-access.ts';

/** The company's own pages (screens/company*.yaml), whose guard turns a personal customer away. */
export const COMPANY_ROUTES = { company: '/company', access: '/company-access', documents: REPRESENTATIVE_HOME } as const;

/**
 * The company's entries in the main navigation, under "More": its profile (documents, info, addresses,
 * e-mails, representatives) and its users' access. Shown only to users of a business customer, as their
 * screens are (guard `businessCustomer`); a user who may not manage access is told so on that page. A
 * representative (no balance-info access, document 002 section 6) is offered only the company documents.
 */
export function CompanyNavItems() {
  const { t } = useTranslation();
  const { customer } = useApp();
  const signedIn = useCustomer(customer);
  if (signedIn?.customer.customerType !== 'business') return null;
  if (signedIn.representativeOnly) {
    return (
      <li>
        <NavLink to={COMPANY_ROUTES.documents}>{t('nav.companyDocuments')}</NavLink>
      </li>
    );
  }
  return (
    <>
      <li>
        <NavLink to={COMPANY_ROUTES.company}>{t('nav.company')}</NavLink>
      </li>
      <li>
        <NavLink to={COMPANY_ROUTES.access}>{t('nav.companyAccess')}</NavLink>
      </li>
    </>
  );
}
