import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CustomScreenProps } from '../../engine/index.ts';
import { formatAccountAmount } from './format.ts';
import { useAccounts } from './use-accounts.ts';
import { isCardAccountType } from '../cards/card-data.ts';
import './accounts.css';
import { intlLocale } from '../../engine/index.ts';

/**
 * The customer's accounts (document 001 section 3): one card per account with its balance, held
 * amount, type and status, and what the server's derived flags offer on it: payment instructions,
 * the crypto deposit address, history. Closed accounts with history are shown as closed.
 */
export function AccountsScreen(_props: CustomScreenProps) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const { accounts, failed, reload } = useAccounts();
  return (
    <div className="eng-section accounts">
      <div className="accounts__actions">
        <Link className="eng-button eng-button--primary" to="/accounts/add-currency">
          {t('accounts.addCurrency')}
        </Link>
        <Link className="eng-button eng-button--secondary" to="/accounts/wallet">
          {t('accounts.cryptoWallets')}
        </Link>
      </div>
      {accounts === undefined && !failed && <p role="status">{t('accounts.loading')}</p>}
      {failed && (
        <button type="button" className="eng-button eng-button--secondary" onClick={() => void reload()}>
          {t('accounts.retry')}
        </button>
      )}
      {accounts && accounts.length === 0 && <p className="eng-empty">{t('home.noAccounts')}</p>}
      {accounts && accounts.length > 0 && (
        <ul className="eng-cards accounts__cards">
          {accounts.map((account) => {
            const closed = account.accountStatusId === 11;
            const titleId = `account-${account.accountId}`;
            return (
              <li key={account.accountId} className="eng-card accounts__card" data-account={account.accountId} data-closed={closed || undefined} aria-labelledby={titleId}>
                <h2 id={titleId} className="eng-card__title">
                  {account.currencyCode} · {t(`enums.type.${account.type}`, { defaultValue: isCardAccountType(account.type) ? t('cards.accountType') : String(account.type) })}
                  {closed && <span className="eng-badge accounts__closed">{t('accounts.closed')}</span>}
                </h2>
                <p className="eng-card__value">
                  <span className="eng-visually-hidden">{t('accounts.balance')}: </span>
                  {formatAccountAmount(account.balance, account, locale)}
                </p>
                <dl className="eng-card__footnotes">
                  <div>
                    <dt>{t('home.pending')}</dt>
                    <dd>{formatAccountAmount(account.pendingAmount, account, locale)}</dd>
                  </div>
                  <div>
                    <dt>{t('accounts.number')}</dt>
                    <dd>{account.accountId}</dd>
                  </div>
                </dl>
                <ul className="accounts__links">
                  {account.flags?.instructions && (
                    <li>
                      <Link to={`/accounts/${account.accountId}/instructions`}>
                        {t('accounts.instructionsLink')}
                        <span className="eng-visually-hidden"> {account.currencyCode}</span>
                      </Link>
                    </li>
                  )}
                  {account.crypto && !closed && (
                    <li>
                      <Link to={`/accounts/wallet?currency=${account.currencyCode}`}>
                        {t('accounts.depositAddressLink')}
                        <span className="eng-visually-hidden"> {account.currencyCode}</span>
                      </Link>
                    </li>
                  )}
                  {isCardAccountType(account.type) && !closed && (
                    <li>
                      <Link to={`/cards/${account.accountId}`}>
                        {t('cards.accountLink')}
                        <span className="eng-visually-hidden"> {account.currencyCode}</span>
                      </Link>
                    </li>
                  )}
                  {account.flags?.history && (
                    <li>
                      <Link to="/history">
                        {t('accounts.historyLink')}
                        <span className="eng-visually-hidden"> {account.currencyCode}</span>
                      </Link>
                    </li>
                  )}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
