import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { CustomerAccess } from '../../generated/entities.ts';
import { useApp } from '../app/app-context.tsx';
import { actFor, actingCustomerId } from '../session/acting-customer.ts';
import { useCustomer } from '../session/customer-store.ts';
import { businessStartPage } from '../session/start-page.ts';

/**
 * The company a business user acts for, switchable from the main layout's header when they act for more
 * than one (else `single`, the company's name as the header shows it). Switching makes the new company the Customer-Id, reloads the customer and applies the
 * business start-page list with the current page as the remembered path (so the user stays where they
 * are unless KYC or company documents come first).
 */
export function CompanySwitcher({ single = null }: { single?: ReactNode }) {
  const { t } = useTranslation();
  const { rpc, customer, feedback } = useApp();
  const signedIn = useCustomer(customer);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [companies, setCompanies] = useState<CustomerAccess[]>([]);
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  const isBusiness = signedIn?.customer.customerType === 'business';

  useEffect(() => {
    if (!isBusiness) return;
    let live = true;
    rpc('customerAccessList', {}).then(
      ({ customers }) => live && setCompanies(customers.filter((company) => company.authorised)),
      () => live && setCompanies([]),
    );
    return () => {
      live = false;
    };
  }, [rpc, isBusiness]);

  if (!signedIn || companies.length < 2) return single;
  const current = actingCustomerId(sessionStorage) ?? signedIn.customer.customerId;

  const switchTo = async (customerId: number) => {
    const previous = actingCustomerId(sessionStorage);
    setBusy(true);
    try {
      actFor(customerId, sessionStorage);
      customer.clear();
      const info = await rpc('businessAccessInfo', {});
      await customer.load();
      void navigate(businessStartPage({ ...info, hasBalanceInfoAccess: info.accessList.balanceInfo }, `${pathname}${search}`));
    } catch (error) {
      actFor(previous, sessionStorage);
      feedback.showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="company-switcher">
      <label htmlFor={selectId} className="visually-hidden">
        {t('session.switcher.label')}
      </label>
      <select id={selectId} value={current} disabled={busy} onChange={(event) => void switchTo(Number(event.target.value))}>
        {companies.map((company) => (
          <option key={company.customerId} value={company.customerId}>
            {company.customerName}
          </option>
        ))}
      </select>
    </span>
  );
}
