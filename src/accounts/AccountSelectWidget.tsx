import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../generated/entities.ts';
import { ChoiceSelect, intlLocale, type WidgetProps } from '../../engine/index.ts';
import { accountLabel } from './format.ts';
import { useAccounts } from './use-accounts.ts';
import { isCardAccountType } from '../cards/card-data.ts';

/** What `ui:options` of an account select may say. */
export interface AccountSelectOptions {
  /** Account type codes to offer, e.g. [1001]; all types when absent. */
  types?: number[];
  /** Offer only accounts in this currency. */
  currency?: string;
  /** Offer only accounts in the currency another field of the form holds, e.g. 'currency' (needs formContext.formData). */
  currencyField?: string;
  /** Leave out the account another field of the form holds, e.g. 'fromAccount' on the destination (needs formContext.formData). */
  excludeField?: string;
  /** Leave out crypto accounts (true) or offer only them (false omitted means both). */
  crypto?: boolean;
  /**
   * Choose the first account offered while none is chosen, as forms that always send from some account do;
   * an account chosen before that is no longer offered (another currency) gives way to it.
   */
  chooseFirst?: boolean;
  /**
   * With chooseFirst: choose first an account in the currency at this field of the data the form sits
   * beside (formContext.data: the invoice a form pays), e.g. 'currencyCode'.
   */
  preferCurrencyOf?: string;
  /** i18n key the select's empty choice says when no account is offered, interpolated with the form's data ("You need a payment account in {{currency}}…"). */
  emptyText?: string;
}

/**
 * The accounts a select offers: open ones only (closed accounts never move money), card accounts only
 * when `types` names them (a card is loaded from its own screen), filtered by the
 * options against the rest of the form's data.
 *
 * @example
 * selectableAccounts(accounts, { types: [1001], excludeField: 'fromAccount' }, { fromAccount: 12 });
 */
export function selectableAccounts(accounts: readonly Account[], options: AccountSelectOptions, formData: Record<string, unknown> = {}): Account[] {
  const currency = options.currency ?? (options.currencyField ? formData[options.currencyField] : undefined);
  const excluded = options.excludeField ? formData[options.excludeField] : undefined;
  return accounts.filter(
    (account) =>
      account.accountStatusId === 1 &&
      (options.types ? options.types.includes(account.type) : !isCardAccountType(account.type)) &&
      (typeof currency !== 'string' || currency === '' || account.currencyCode === currency) &&
      (options.crypto === undefined || Boolean(account.crypto) === options.crypto) &&
      (excluded === undefined || excluded === null || account.accountId !== Number(excluded)),
  );
}

/**
 * `ui:widget: accountSelect`: the acting customer's open accounts as a select reading
 * "USD · Payment · $1,234.50" (balances from balanceInquiry, through the throttled cache); the value is
 * the accountId (an integer field). `ui:options` narrows the list and may choose the first account (see
 * {@link AccountSelectOptions}).
 *
 * @example
 * ```yaml
 * # screens/transfer-account.yaml
 * form:
 *   fields: [fromAccount, toAccount, amount]
 *   uiSchema:
 *     fromAccount: { ui:widget: accountSelect, ui:options: { types: [1001, 4001] } }
 *     toAccount: { ui:widget: accountSelect, ui:options: { excludeField: fromAccount } }
 * ```
 */
export function AccountSelectWidget(props: WidgetProps) {
  const { registry } = props;
  const { t, i18n } = useTranslation();
  const { accounts } = useAccounts({ reportErrors: false });
  // Options that name another field read the form's data from rjsf's formContext ({ formData }), which the engine's forms provide.
  const formData = ((registry.formContext as { formData?: Record<string, unknown> } | undefined)?.formData ?? {}) as Record<string, unknown>;
  const locale = intlLocale(i18n.language);
  const offered = accounts ? selectableAccounts(accounts, props.options as AccountSelectOptions, formData) : null;
  const options = offered ? offered.map((account) => ({ value: account.accountId, label: accountLabel(account, t, locale) })) : null;
  const { chooseFirst, preferCurrencyOf, emptyText } = props.options as AccountSelectOptions;
  // The data the form sits beside (the invoice it pays) may name the currency to choose first.
  const beside = (registry.formContext as { data?: Record<string, unknown> } | undefined)?.data;
  const preferred = preferCurrencyOf ? beside?.[preferCurrencyOf] : undefined;
  const first = chooseFirst ? (offered?.find((account) => account.currencyCode === preferred) ?? offered?.[0])?.accountId : undefined;
  const { value, onChange } = props;
  const empty = value === undefined || value === null || value === '';
  // A chosen account the select no longer offers (the form's currency changed) gives way to the first offered.
  const stale = chooseFirst === true && !empty && offered !== null && !offered.some((account) => account.accountId === Number(value));
  useEffect(() => {
    if (first !== undefined && (empty || stale)) onChange(first);
    else if (stale) onChange(undefined);
  }, [first, empty, stale, onChange]);
  // With nothing to choose, the empty choice says why (and what to do), where keyboard and screen-reader users meet it.
  // ChoiceSelect translates its placeholder again: a worded sentence is no key, so it stays as it is.
  // It speaks of the field it filters by ("no account in {{currencyCode}}") only once that field has a value.
  const { currencyField } = props.options as AccountSelectOptions;
  const filterChosen = !currencyField || (formData[currencyField] !== undefined && formData[currencyField] !== null && formData[currencyField] !== '');
  const placeholder = emptyText && options?.length === 0 && filterChosen ? t(emptyText, formData) : props.placeholder;
  return <ChoiceSelect props={{ ...props, placeholder }} choices={options} />;
}
