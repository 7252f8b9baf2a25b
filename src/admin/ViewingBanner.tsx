import { useTranslation } from 'react-i18next';
import { useApp } from '../app/app-context.tsx';
import '../security/security.css';
import { actingCustomerId } from '../session/acting-customer.ts';
import { customerName, useCustomer } from '../session/customer-store.ts';
import { stopViewing } from './admin-guard.ts';

/**
 * 'Viewing as <customer>' across the top of the main area while an admin views a customer
 * (document 000 section 6), with the way back to the admin overview. Everything is read-only then:
 * the server refuses any call that would change something.
 */
export function ViewingBanner() {
  const { t } = useTranslation();
  const { customer } = useApp();
  const signedIn = useCustomer(customer);
  if (!signedIn?.customer.isAdmin || actingCustomerId(sessionStorage) === null) return null;
  return (
    <div className="viewing-banner" role="region" aria-label={t('admin.viewing.label')}>
      <span>{t('admin.viewing.text', { customer: customerName(signedIn) })}</span>
      <button type="button" onClick={() => stopViewing(sessionStorage)}>
        {t('admin.viewing.stop')}
      </button>
    </div>
  );
}
