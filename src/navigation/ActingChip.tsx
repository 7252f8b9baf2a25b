import { useTranslation } from 'react-i18next';
import { useApp } from '../app/app-context.tsx';
import { customerName, useCustomer } from '../session/customer-store.ts';
import { CompanySwitcher } from './CompanySwitcher.tsx';
import { NavIcon } from './NavIcon.tsx';

/**
 * Whom the signed-in user acts as, always in the header: a person's name, or for a business the
 * company's name (a select of the companies when the user acts for several) with the user's login under it.
 *
 * @example
 * <ActingChip />
 */
export function ActingChip() {
  const { t } = useTranslation();
  const { customer } = useApp();
  const signedIn = useCustomer(customer);
  if (!signedIn) return null;
  const business = signedIn.customer.customerType === 'business';
  const name = customerName(signedIn);
  return (
    <div className="acting-chip" data-business={business}>
      <NavIcon name={business ? 'company' : 'person'} />
      <span className="acting-chip__text">
        {business ? (
          <>
            <CompanySwitcher
              single={
                <span className="acting-chip__name">
                  <span className="visually-hidden">{t('layout.actingFor')} </span>
                  {signedIn.customer.businessName ?? name}
                </span>
              }
            />
            <span className="acting-chip__user">
              <span className="visually-hidden">{t('layout.signedInAs')} </span>
              {signedIn.customer.login}
            </span>
          </>
        ) : (
          <span className="acting-chip__name">
            <span className="visually-hidden">{t('layout.signedInAs')} </span>
            {name}
          </span>
        )}
      </span>
    </div>
  );
}
