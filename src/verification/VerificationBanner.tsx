import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useApp } from '../app/app-context.tsx';
import type { RpcResponse } from '../../generated/methods.ts';
import { useCustomer } from '../session/customer-store.ts';
import { bannerFor, bannerLink } from './banner.ts';
import './verification.css';

/** Banners whose link text counts the required actions. */
const COUNTED = new Set(['unverified', 'hasRequiredActions']);

/**
 * The status banner of the main area (document 000 section 4): a warning for a limited account,
 * duplicate documents, an unverified account, required actions or a card document, with a title and
 * a link (the limited-account screen; the profile with the number of actions, for a business the company documents). Asked again on every
 * move, so an upload elsewhere shows at once; nothing shows while it loads or when all is well.
 */
export function VerificationBanner() {
  const { t } = useTranslation();
  const { rpc, session, customer } = useApp();
  const signedInCustomer = useCustomer(customer);
  const { pathname } = useLocation();
  const [status, setStatus] = useState<RpcResponse<'verificationStatusGet'>['status'] | null>(null);
  const signedIn = session.isSignedIn();

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    rpc('verificationStatusGet', {})
      .then(({ status: decided }) => live && setStatus(decided))
      .catch(() => live && setStatus(null));
    return () => {
      live = false;
    };
  }, [rpc, pathname, signedIn]);

  const banner = signedIn && status ? bannerFor(status.state) : undefined;
  if (!banner || !status) return null;
  const count = status.requiredActions.length;
  return (
    <section className="verification-banner" aria-label={t(`verification.banner.${banner}.title`)} data-state={banner}>
      <p className="verification-banner__text">
        <span className="verification-banner__title">{t(`verification.banner.${banner}.title`)}</span> {t(`verification.banner.${banner}.text`)}
      </p>
      <Link to={bannerLink(banner, signedInCustomer?.customer.customerType)}>
        {COUNTED.has(banner) && count > 0 ? t('verification.banner.actionsRequired', { count }) : t(`verification.banner.${banner}.link`)}
      </Link>
    </section>
  );
}
