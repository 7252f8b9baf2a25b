import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { ApprovalNotificationCountsResponse } from '../../generated/methods.ts';
import { useApp } from '../app/app-context.tsx';
import { useCustomer } from '../session/customer-store.ts';
import { APPROVALS_CHANGED } from './approvals-events.ts';
import './approvals-nav.css';

/** The queue's route (screens/transfer-approved.yaml). */
export const APPROVALS_ROUTE = '/transfer/approved';

/**
 * The approval queue's entry in the main navigation, with a badge counting the requests waiting for
 * this user's decision. Shown only to users of a business customer who may create or approve
 * requests; counted again on every move and after each decision.
 */
export function ApprovalsNavItem() {
  const { t } = useTranslation();
  const { rpc, customer } = useApp();
  const signedIn = useCustomer(customer);
  const { pathname } = useLocation();
  const [counts, setCounts] = useState<ApprovalNotificationCountsResponse | null>(null);
  const [changed, setChanged] = useState(0);
  const business = signedIn?.customer.customerType === 'business';

  useEffect(() => {
    const onChange = () => setChanged((count) => count + 1);
    window.addEventListener(APPROVALS_CHANGED, onChange);
    return () => window.removeEventListener(APPROVALS_CHANGED, onChange);
  }, []);

  useEffect(() => {
    if (!business) return;
    let live = true;
    rpc('approvalNotificationCounts', {}).then(
      (answer) => live && setCounts(answer),
      () => live && setCounts(null),
    );
    return () => {
      live = false;
    };
  }, [rpc, business, pathname, changed]);

  if (!business || !counts || counts.access === 'none') return null;
  return (
    <li>
      <NavLink to={APPROVALS_ROUTE}>
        {t('nav.approvals')}
        {counts.pending > 0 && (
          <span className="approvals-badge" aria-label={t('approvals.pendingBadge', { count: counts.pending })}>
            {counts.pending}
          </span>
        )}
      </NavLink>
    </li>
  );
}
