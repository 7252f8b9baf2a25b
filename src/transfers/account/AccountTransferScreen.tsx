import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, isMethodCallError, useAnswerFlow, type CustomScreenProps, type FlowTarget, intlLocale } from '../../../engine/index.ts';
import { useApp } from '../../app/app-context.tsx';
import { accountLabel } from '../../accounts/format.ts';
import { selectableAccounts } from '../../accounts/AccountSelectWidget.tsx';
import { useAccounts } from '../../accounts/use-accounts.ts';
import { compareAmounts, isAmount } from './fields.tsx';
import { Field } from '../../app/Field.tsx';
import './account-transfer.css';

const FREQUENCIES = ['daily', 'weekly', 'biweekly', 'monthly', 'quarterly', 'yearly'] as const;
type Frequency = (typeof FREQUENCIES)[number];
/** Which amount the customer typed; the other is computed from the rate. */
type Side = 'amount' | 'toAmount';

interface Quote {
  amount: string;
  toAmount: string;
  fee: string;
  feeCurrencyCode: string;
  exchangeRate: string;
}
interface Limits {
  perTransactionMax: string;
  dailyMax: string;
  dailyLeft: string;
  currencyCode: string;
}

/** How long typing must pause before the quote is asked. */
const QUOTE_DELAY_MS = 300;

/**
 * The submit as the engine runs it: an idempotency key per intent, the transfer's second factor (the
 * application's `transfer` challenge), then the outcome, which closes by itself after an sms success
 * (document 001 section 4). Done, and the form empties, only once completed.
 */
const TRANSFER: FlowTarget = {
  method: 'accountTransfer',
  idempotencyKey: 'idempotencyKey',
  challenge: 'transfer',
  result: {
    title: 'money.approval.{{status}}Title',
    text: 'money.approval.{{status}}Text',
    items: [
      { field: 'amount', label: 'transferAccount.amount', format: 'money', currencyField: 'currencyCode' },
      { field: 'fee', label: 'transferAccount.fee', format: 'money', currencyField: 'currencyCode' },
      { field: 'toAmount', label: 'transferAccount.toAmount', format: 'money', currencyField: 'toCurrencyCode' },
    ],
    closeAfterMs: 3000,
    closeWhen: {
      all: [
        { field: 'status', equals: 'completed' },
        { field: 'challenge.method', equals: 'sms' },
      ],
    },
    close: 'money.approval.close',
  },
  doneWhen: { field: 'status', equals: 'completed' },
};

/**
 * Between own accounts (document 001 sections 3, 5 and 7): from and to account, the amount to send
 * or to receive (the other computed live at the rate of the day), the fee, the maximum with a
 * 'send max' button, the limits and the rate; optionally a recurring payment (frequency, end date,
 * number of payments). Submitting runs the engine's answer-driven flow (see `TRANSFER`).
 */
export function AccountTransferScreen({ spec }: CustomScreenProps) {
  const { t, i18n } = useTranslation();
  const { rpc, feedback } = useApp();
  const locale = intlLocale(i18n.language);
  const { accounts, reload } = useAccounts();
  const flow = useAnswerFlow(spec, TRANSFER);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const [fromId, setFromId] = useState<number>();
  const [toId, setToId] = useState<number>();
  const [side, setSide] = useState<Side>('amount');
  const [amount, setAmount] = useState('');
  const [toAmount, setToAmount] = useState('');
  const [quote, setQuote] = useState<Quote>();
  const [max, setMax] = useState<{ maxAmount: string; currencyCode: string }>();
  const [limits, setLimits] = useState<Limits>();
  const [rate, setRate] = useState<string>();
  const [recurring, setRecurring] = useState(false);
  const [frequency, setFrequency] = useState<Frequency>('monthly');
  const [endDate, setEndDate] = useState('');
  const [count, setCount] = useState('');

  const from = accounts?.find((a) => a.accountId === fromId);
  const to = accounts?.find((a) => a.accountId === toId);
  const sources = useMemo(() => (accounts ? selectableAccounts(accounts, {}) : []), [accounts]);
  const targets = useMemo(() => (accounts ? selectableAccounts(accounts, { excludeField: 'fromAccount' }, { fromAccount: fromId }) : []), [accounts, fromId]);
  const money = (value: string, currency: string) => formatMoney(value, currency, i18n.language);

  // The rate, the maximum and the limits need both accounts (document 001 section 5).
  useEffect(() => {
    setMax(undefined);
    setLimits(undefined);
    setRate(undefined);
    if (!from || !to) return;
    let current = true;
    void (async () => {
      try {
        const [maxAnswer, limitAnswer, rateAnswer] = await Promise.all([
          rpc('transferMaxAmount', { operation: 'betweenAccounts', fromAccountId: from.accountId, toAccountId: to.accountId }),
          rpc('customerLimits', { type: 'betweenAccounts', fromAccountId: from.accountId }),
          rpc('exchangeRate', { fromCurrencyCode: from.currencyCode, toCurrencyCode: to.currencyCode }),
        ]);
        if (!current) return;
        setMax({ maxAmount: maxAnswer.maxAmount, currencyCode: maxAnswer.currencyCode });
        setLimits(limitAnswer);
        setRate(rateAnswer.rate);
      } catch (error) {
        if (current) feedback.showError(error);
      }
    })();
    return () => {
      current = false;
    };
  }, [from, to, rpc, feedback]);

  /**
   * The amount to send checked against the limit and the maximum the screen already knows, in the
   * customer's language; the server checks again on submit (and says so in its own words).
   */
  const tooMuch = (value: string): string | undefined => {
    if (!isAmount(value)) return undefined;
    if (limits && compareAmounts(value, limits.perTransactionMax) > 0)
      return t('transferAccount.overLimit', { amount: money(limits.perTransactionMax, limits.currencyCode) });
    if (max && compareAmounts(value, max.maxAmount) > 0) return t('transferAccount.overMax', { amount: money(max.maxAmount, max.currencyCode) });
    return undefined;
  };

  // The fee and the other amount, once the amount, the source and the target are given.
  const typed = side === 'amount' ? amount : toAmount;
  const overAmount = side === 'amount' ? tooMuch(amount) : undefined;
  useEffect(() => {
    setQuote(undefined);
    if (overAmount) {
      // Nothing is quoted for an amount that cannot be sent: no stale amount to receive beside it.
      setErrors((previous) => ({ ...previous, amount: overAmount }));
      setToAmount('');
    }
    if (!from || !to || !isAmount(typed) || overAmount) return;
    let current = true;
    const timer = setTimeout(() => {
      rpc('transferFee', { fromAccountId: from.accountId, toAccountId: to.accountId, ...(side === 'amount' ? { amount: typed } : { toAmount: typed }) })
        .then((answer) => {
          if (!current) return;
          setQuote(answer);
          if (side === 'amount') setToAmount(answer.toAmount);
          else setAmount(answer.amount);
        })
        .catch((error) => {
          if (!current) return;
          if (isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
          else feedback.showError(error);
        });
    }, QUOTE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [from, to, side, typed, overAmount, rpc, feedback, setErrors]);

  const type = (which: Side, value: string) => {
    setSide(which);
    setErrors((previous) => ({ ...previous, amount: '', toAmount: '' }));
    if (which === 'amount') {
      setAmount(value);
      if (value === '') setToAmount('');
    } else {
      setToAmount(value);
      if (value === '') setAmount('');
    }
  };

  const chooseFrom = (value: string) => {
    const id = value === '' ? undefined : Number(value);
    setFromId(id);
    if (id !== undefined && id === toId) setToId(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!from) missing.fromAccount = t('transferAccount.chooseFrom');
    if (!to) missing.toAccount = t('transferAccount.chooseTo');
    if (!isAmount(typed)) missing[side] = t('transferAccount.enterAmount');
    else if (tooMuch(amount)) missing.amount = tooMuch(amount)!;
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    const values = {
      fromAccount: from!.accountId,
      toAccount: to!.accountId,
      ...(side === 'amount' ? { amount } : { toAmount }),
      ...(recurring
        ? {
            subscriptionFrequency: frequency,
            ...(endDate ? { subscriptionEndDate: endDate } : {}),
            ...(count ? { subscriptionTransactions: Number(count) } : {}),
          }
        : {}),
    };
    setPending(true);
    setErrors({});
    try {
      if ((await flow.run(values)).status === 'done') finished();
    } catch (error) {
      if (isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
      else feedback.showError(error);
    } finally {
      setPending(false);
    }
  };

  const finished = () => {
    setAmount('');
    setToAmount('');
    setQuote(undefined);
    setRecurring(false);
    void reload();
  };

  const accountOptions = (list: typeof sources) =>
    list.map((account) => (
      <option key={account.accountId} value={String(account.accountId)}>
        {accountLabel(account, t, locale)}
      </option>
    ));

  return (
    <div className="eng-section account-transfer">
      <form className="eng-form account-transfer__form" onSubmit={(event) => void submit(event)} noValidate aria-busy={pending || undefined}>
        <div className="account-transfer__accounts">
          <Field label={t('transferAccount.fromAccount')} error={errors.fromAccount} required>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                name="fromAccount"
                className="eng-input eng-select"
                value={fromId ?? ''}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                disabled={!accounts}
                onChange={(event) => chooseFrom(event.target.value)}
              >
                <option value="">{t('engine.form.choose')}</option>
                {accountOptions(sources)}
              </select>
            )}
          </Field>
          <Field label={t('transferAccount.toAccount')} error={errors.toAccount} required>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                name="toAccount"
                className="eng-input eng-select"
                value={toId ?? ''}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                disabled={!accounts}
                onChange={(event) => setToId(event.target.value === '' ? undefined : Number(event.target.value))}
              >
                <option value="">{t('engine.form.choose')}</option>
                {accountOptions(targets)}
              </select>
            )}
          </Field>
        </div>

        <div className="account-transfer__amounts">
          <Field
            label={from ? t('transferAccount.amountIn', { currency: from.currencyCode }) : t('transferAccount.amount')}
            error={errors.amount}
            help={max ? t('transferAccount.maxHelp', { amount: money(max.maxAmount, max.currencyCode) }) : undefined}
          >
            {({ id, describedBy, invalid }) => (
              <div className="account-transfer__with-button">
                <input
                  id={id}
                  name="amount"
                  className="eng-input"
                  inputMode="decimal"
                  autoComplete="off"
                  value={amount}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  onChange={(event) => type('amount', event.target.value.trim())}
                />
                <button
                  type="button"
                  className="eng-button eng-button--secondary"
                  disabled={!max || max.maxAmount === '0.00'}
                  onClick={() => max && type('amount', max.maxAmount)}
                >
                  {t('transferAccount.sendMax')}
                </button>
              </div>
            )}
          </Field>
          <Field label={to ? t('transferAccount.toAmountIn', { currency: to.currencyCode }) : t('transferAccount.toAmount')} error={errors.toAmount}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                name="toAmount"
                className="eng-input"
                inputMode="decimal"
                autoComplete="off"
                value={toAmount}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                onChange={(event) => type('toAmount', event.target.value.trim())}
              />
            )}
          </Field>
        </div>

        {from && to && (
          <dl className="eng-details account-transfer__facts" aria-live="polite">
            <div className="eng-details__item">
              <dt>{t('transferAccount.rate')}</dt>
              <dd data-fact="rate">{rate ? `1 ${from.currencyCode} = ${rate} ${to.currencyCode}` : '…'}</dd>
            </div>
            <div className="eng-details__item">
              <dt>{t('transferAccount.fee')}</dt>
              <dd data-fact="fee">{quote ? money(quote.fee, quote.feeCurrencyCode) : '—'}</dd>
            </div>
            {limits && (
              <div className="eng-details__item">
                <dt>{t('transferAccount.limits')}</dt>
                <dd data-fact="limits">
                  {t('transferAccount.limitsText', {
                    once: money(limits.perTransactionMax, limits.currencyCode),
                    daily: money(limits.dailyMax, limits.currencyCode),
                    left: money(limits.dailyLeft, limits.currencyCode),
                  })}
                </dd>
              </div>
            )}
          </dl>
        )}

        <fieldset className="eng-fieldset account-transfer__recurring">
          <legend className="eng-legend">{t('transferAccount.recurringTitle')}</legend>
          <label className="eng-checkbox-row">
            <input type="checkbox" className="eng-checkbox" name="recurring" checked={recurring} onChange={(event) => setRecurring(event.target.checked)} />
            <span>{t('transferAccount.recurring')}</span>
          </label>
          {recurring && (
            <div className="account-transfer__schedule">
              <Field label={t('transferAccount.subscriptionFrequency')} error={errors.subscriptionFrequency} required>
                {({ id, describedBy, invalid }) => (
                  <select
                    id={id}
                    name="subscriptionFrequency"
                    className="eng-input eng-select"
                    value={frequency}
                    aria-invalid={invalid}
                    aria-describedby={describedBy}
                    onChange={(event) => setFrequency(event.target.value as Frequency)}
                  >
                    {FREQUENCIES.map((f) => (
                      <option key={f} value={f}>
                        {t(`enums.frequency.${f}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={t('transferAccount.subscriptionEndDate')} error={errors.subscriptionEndDate}>
                {({ id, describedBy, invalid }) => (
                  <input
                    id={id}
                    name="subscriptionEndDate"
                    type="date"
                    className="eng-input"
                    value={endDate}
                    aria-invalid={invalid}
                    aria-describedby={describedBy}
                    onChange={(event) => setEndDate(event.target.value)}
                  />
                )}
              </Field>
              <Field label={t('transferAccount.subscriptionTransactions')} error={errors.subscriptionTransactions} help={t('transferAccount.countHelp')}>
                {({ id, describedBy, invalid }) => (
                  <input
                    id={id}
                    name="subscriptionTransactions"
                    type="number"
                    min={2}
                    max={1000}
                    inputMode="numeric"
                    className="eng-input"
                    value={count}
                    aria-invalid={invalid}
                    aria-describedby={describedBy}
                    onChange={(event) => setCount(event.target.value)}
                  />
                )}
              </Field>
            </div>
          )}
        </fieldset>

        {errors[''] && (
          <p className="eng-form-errors" role="alert">
            {errors['']}
          </p>
        )}
        <div className="eng-form__buttons">
          <button type="submit" className="eng-button eng-button--primary" disabled={pending} aria-busy={pending || undefined}>
            {recurring ? t('transferAccount.submitRecurring') : t('transferAccount.submit')}
          </button>
        </div>
      </form>
      {flow.dialog}
    </div>
  );
}
