import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney, intlLocale } from '../../engine/index.ts';
import type { Account } from '../../generated/entities.ts';
import { accountLabel } from '../accounts/format.ts';
import { useApp } from '../app/app-context.tsx';

/**
 * One card action at a time: `pending` while `run(action)` runs; a failure goes to `onError`
 * (by default the error popup).
 *
 * @example
 * const { pending, run } = usePending();
 * await run(async () => { await rpc('cardBlock', { accountId }); feedback.notify('cards.done.cardBlock'); });
 */
export function usePending(): { pending: boolean; run: (action: () => Promise<void>, onError?: (error: unknown) => void) => Promise<void> } {
  const { feedback } = useApp();
  const [pending, setPending] = useState(false);
  const run = async (action: () => Promise<void>, onError: (error: unknown) => void = (error) => feedback.showError(error)) => {
    setPending(true);
    try {
      await action();
    } catch (error) {
      onError(error);
    } finally {
      setPending(false);
    }
  };
  return { pending, run };
}

/**
 * The buttons under a card form: back (a link, "Cancel" unless `backLabel`) and the action, a submit
 * button unless `onClick` is given.
 */
export function CardFormButtons({
  back,
  backLabel,
  label,
  disabled,
  onClick,
  danger,
}: {
  back: string;
  backLabel?: string;
  label: string;
  disabled: boolean;
  onClick?: () => void;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="card-form__buttons">
      <Link className="eng-button eng-button--secondary" to={back}>
        {backLabel ?? t('cards.cancel')}
      </Link>
      <button type={onClick ? 'button' : 'submit'} className={`eng-button eng-button--${danger ? 'danger' : 'primary'}`} disabled={disabled} onClick={onClick}>
        {label}
      </button>
    </div>
  );
}

/** The options of an account select, one per account, labelled as everywhere in the app. */
export function AccountOptions({ accounts }: { accounts: Account[] }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  return (
    <>
      {accounts.map((account) => (
        <option key={account.accountId} value={String(account.accountId)}>
          {accountLabel(account, t, locale)}
        </option>
      ))}
    </>
  );
}

/** A fee row: `cards.fees.<name>` and the amount; `fact` marks its cell `data-fact="<name>"`. */
export interface FeeRow {
  name: 'issue' | 'annual' | 'monthly' | 'shipping' | 'total';
  amount: string;
  fact?: boolean;
}

/** The fees a card product states (annual, issue, monthly), each marked as a fact. */
export function productFeeRows(fees: { annual: string; issue: string; monthly: string }): FeeRow[] {
  return [
    { name: 'annual', amount: fees.annual, fact: true },
    { name: 'issue', amount: fees.issue, fact: true },
    { name: 'monthly', amount: fees.monthly, fact: true },
  ];
}

/** A card's fees in `currency`, as a table with `caption`; the total row stands out. */
export function CardFees({ caption, currency, rows }: { caption: string; currency: string; rows: Array<FeeRow | false> }) {
  const { t, i18n } = useTranslation();
  return (
    <table className="card-fees">
      <caption>{caption}</caption>
      <tbody>
        {rows
          .filter((row): row is FeeRow => row !== false)
          .map((row) => (
            <tr key={row.name} className={row.name === 'total' ? 'card-fees__total' : undefined}>
              <th scope="row">{t(`cards.fees.${row.name}`)}</th>
              <td data-fact={row.fact ? row.name : undefined}>{formatMoney(row.amount, currency, i18n.language)}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
