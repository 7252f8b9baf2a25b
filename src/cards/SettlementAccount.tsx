import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../engine/index.ts';
import { accountLabel } from '../accounts/format.ts';
import { useAccounts } from '../accounts/use-accounts.ts';

/** The payment account that settles a card, as the accounts screen names it (its number while loading). */
export function SettlementAccount({ accountId }: { accountId: number }) {
  const { t, i18n } = useTranslation();
  const { accounts } = useAccounts({ reportErrors: false });
  const account = accounts?.find((candidate) => candidate.accountId === accountId);
  return <>{account ? `${accountLabel(account, t, intlLocale(i18n.language))} · ${t('cards.accountNumber', { id: accountId })}` : accountId}</>;
}
