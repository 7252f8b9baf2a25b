import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { useDateTime } from '../security/shared.tsx';
import { useLoaded } from '../app/use-loaded.ts';
import { startViewing } from './admin-guard.ts';

/**
 * One customer in the admin overview: who they are, who signs in for them, a glance at their
 * security settings, and 'View as this customer', which opens the product as they see it, read-only.
 */
export function AdminCustomerScreen({ params }: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc, feedback } = useApp();
  const formatDateTime = useDateTime();
  const customerId = Number(params.customerId);
  const { data } = useLoaded(() => rpc('adminCustomerGet', { customerId }));
  const [starting, setStarting] = useState(false);

  const view = async () => {
    setStarting(true);
    try {
      const started = await rpc('adminViewStart', { customerId });
      startViewing(started.customerId, sessionStorage);
    } catch (error) {
      feedback.showError(error);
      setStarting(false);
    }
  };

  if (!data) return null;
  const { customer } = data;
  return (
    <div className="eng-section">
      <p>
        <Link to="/admin-overview">{t('admin.customer.back')}</Link>
      </p>
      <section className="eng-panel" aria-labelledby="admin-customer-name">
        <h2 id="admin-customer-name">{customer.name}</h2>
        <dl className="security-detail">
          <dt>{t('admin.columns.customerId')}</dt>
          <dd>{customer.customerId}</dd>
          <dt>{t('admin.customer.type')}</dt>
          <dd>{t(`admin.customer.types.${customer.customerType}`)}</dd>
          <dt>{t('admin.customer.email')}</dt>
          <dd>{customer.email ?? '—'}</dd>
          <dt>{t('admin.customer.status')}</dt>
          <dd>{[customer.verified ? t('admin.customer.verified') : t('admin.customer.unverified'), customer.limited ? t('admin.customer.limited') : ''].filter(Boolean).join(', ')}</dd>
          <dt>{t('admin.customer.since')}</dt>
          <dd>{formatDateTime(customer.created)}</dd>
          <dt>{t('admin.customer.ipAllowList')}</dt>
          <dd>{data.ipAllowListEnabled ? t('security.common.on') : t('security.common.off')}</dd>
          <dt>{t('admin.customer.blacklist')}</dt>
          <dd>{data.blacklistEntries}</dd>
        </dl>
        <div className="security-form__buttons">
          <button type="button" className="eng-button eng-button--primary" disabled={starting} onClick={() => void view()}>
            {t('admin.customer.viewAs')}
          </button>
          <Link className="eng-button eng-button--secondary" to={`/admin-overview/customers/${customer.customerId}/audit`}>
            {t('admin.customer.audit')}
          </Link>
        </div>
        <p className="security-list__meta">{t('admin.customer.readOnly')}</p>
      </section>
      <section className="eng-panel" aria-labelledby="admin-customer-users">
        <h2 id="admin-customer-users">{t('admin.customer.users')}</h2>
        <ul className="security-list">
          {data.users.map((user) => (
            <li key={user.userId}>
              <span className="security-list__main">
                <span>{user.login}</span>
                <span className="security-list__meta">{t(`admin.customer.relation.${user.relation}`)}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
