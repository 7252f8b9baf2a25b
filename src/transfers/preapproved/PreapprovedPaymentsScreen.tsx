import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreapprovedPayment } from '../../../generated/entities.ts';
import { Dialog, formatDate, formatMoney, isMethodCallError, useConfirm, type CustomScreenProps } from '../../../engine/index.ts';
import { useApp } from '../../app/app-context.tsx';
import { useLoaded } from '../../app/use-loaded.ts';
import { Field } from '../../app/Field.tsx';
import './preapproved.css';

interface Filter {
  beneficiaryEmail: string;
  fromAmount: string;
  toAmount: string;
  type: '' | 'account' | 'p2p';
}
const EMPTY: Filter = { beneficiaryEmail: '', fromAmount: '', toAmount: '', type: '' };

/** The request of a filter: empty fields left out. */
const request = (filter: Filter) =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value.trim() !== '').map(([key, value]) => [key, value.trim()])) as Partial<Omit<Filter, 'type'>> & { type?: 'account' | 'p2p' };

/**
 * Pre-approved payments (document 001 sections 2, 7, 8, 9): the recurring payments the customer
 * authorised, filtered by beneficiary e-mail, amount range and type (50 a page), each active one
 * cancellable after a confirmation; a failed cancel shows the 'Action Confirmation' popup.
 */
export function PreapprovedPaymentsScreen(_props: CustomScreenProps) {
  const { t, i18n } = useTranslation();
  const { rpc, feedback } = useApp();
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [applied, setApplied] = useState<Filter>(EMPTY);
  const [filterErrors, setFilterErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const { confirm, dialog } = useConfirm();
  const { data, reload } = useLoaded(async () => {
    try {
      const answer = await rpc('preapprovedPaymentList', request(applied));
      setFilterErrors({});
      return answer;
    } catch (error) {
      if (isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0) {
        setFilterErrors(error.fieldErrors);
        return { payments: [], total: 0 };
      }
      throw error;
    }
  });

  const search = async (event: FormEvent) => {
    event.preventDefault();
    setApplied(draft);
  };
  // Load again whenever a search applies another filter (the first load is useLoaded's own).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) void reload();
    opened.current = true;
  }, [applied, reload]);

  const money = (amount: string, currency: string) => formatMoney(amount, currency, i18n.language);
  const beneficiary = (payment: PreapprovedPayment) =>
    payment.beneficiaryEmail ?? (payment.toCurrencyCode ? t('preapproved.ownAccount', { currency: payment.toCurrencyCode }) : '—');

  const cancel = async (payment: PreapprovedPayment) => {
    const yes = await confirm('preapproved.confirmCancel', {
      values: { amount: money(payment.amount, payment.currencyCode), to: beneficiary(payment) },
      titleKey: 'preapproved.confirmCancelTitle',
      yesKey: 'preapproved.cancel',
      noKey: 'preapproved.keep',
      tone: 'danger',
    });
    if (!yes) return;
    setBusy(payment.id);
    try {
      await rpc('preapprovedPaymentCancel', { id: payment.id });
      feedback.notify('preapproved.canceled');
      await reload();
    } catch (error) {
      setFailure(isMethodCallError(error) && error.description ? error.description : t('preapproved.cancelFailed'));
    } finally {
      setBusy(null);
    }
  };

  const set = (key: keyof Filter) => (value: string) => setDraft((previous) => ({ ...previous, [key]: value }));

  return (
    <div className="eng-section preapproved">
      <form className="eng-form eng-form--filters preapproved__filters" onSubmit={(event) => void search(event)} noValidate role="search" aria-label={t('preapproved.filters')}>
        <Field label={t('preapproved.beneficiaryEmail')} error={filterErrors.beneficiaryEmail}>
          {({ id, describedBy, invalid }) => (
            <input id={id} name="beneficiaryEmail" type="text" inputMode="email" className="eng-input" value={draft.beneficiaryEmail} aria-invalid={invalid} aria-describedby={describedBy} onChange={(event) => set('beneficiaryEmail')(event.target.value)} />
          )}
        </Field>
        <Field label={t('preapproved.fromAmount')} error={filterErrors.fromAmount}>
          {({ id, describedBy, invalid }) => (
            <input id={id} name="fromAmount" inputMode="decimal" className="eng-input" value={draft.fromAmount} aria-invalid={invalid} aria-describedby={describedBy} onChange={(event) => set('fromAmount')(event.target.value)} />
          )}
        </Field>
        <Field label={t('preapproved.toAmount')} error={filterErrors.toAmount}>
          {({ id, describedBy, invalid }) => (
            <input id={id} name="toAmount" inputMode="decimal" className="eng-input" value={draft.toAmount} aria-invalid={invalid} aria-describedby={describedBy} onChange={(event) => set('toAmount')(event.target.value)} />
          )}
        </Field>
        <Field label={t('preapproved.type')}>
          {({ id }) => (
            <select id={id} name="type" className="eng-input eng-select" value={draft.type} onChange={(event) => set('type')(event.target.value)}>
              <option value="">{t('preapproved.allTypes')}</option>
              <option value="account">{t('preapproved.types.account')}</option>
              <option value="p2p">{t('preapproved.types.p2p')}</option>
            </select>
          )}
        </Field>
        <div className="eng-form__buttons">
          <button type="submit" className="eng-button eng-button--primary">
            {t('preapproved.search')}
          </button>
        </div>
      </form>

      {data && data.payments.length === 0 && (
        <p className="eng-empty">{Object.keys(request(applied)).length > 0 ? t('preapproved.empty') : t('preapproved.none')}</p>
      )}
      {data && data.payments.length > 0 && (
        <ul className="preapproved__list" aria-label={t('preapproved.listLabel', { count: data.total })}>
          {data.payments.map((payment) => (
            <li key={payment.id} className="eng-card preapproved__item" data-payment={payment.id} data-status={payment.status}>
              <div className="preapproved__main">
                <p className="preapproved__amount">
                  {money(payment.amount, payment.currencyCode)}
                  <span className="preapproved__frequency"> · {t(`transferAccount.frequency.${payment.frequency}`)}</span>
                  <span className="eng-badge preapproved__status">{t(`preapproved.status.${payment.status}`)}</span>
                </p>
                <p>{t('preapproved.fromTo', { from: payment.fromCurrencyCode, to: beneficiary(payment) })}</p>
                <p className="preapproved__meta">
                  {payment.maxTransactions ? t('preapproved.progressOf', { done: payment.doneTransactions, count: payment.maxTransactions }) : t('preapproved.progressOpen', { done: payment.doneTransactions })}
                  {payment.nextRunAt ? ` · ${t('preapproved.next', { date: formatDate(payment.nextRunAt, i18n.language) })}` : ''}
                  {payment.endDate ? ` · ${t('preapproved.until', { date: formatDate(payment.endDate, i18n.language) })}` : ''}
                </p>
                {payment.lastError && <p className="preapproved__error">{payment.lastError}</p>}
              </div>
              {payment.status === 'active' && (
                <button type="button" className="eng-button eng-button--secondary" disabled={busy !== null} aria-busy={busy === payment.id || undefined} onClick={() => void cancel(payment)}>
                  {t('preapproved.cancel')}
                  <span className="eng-visually-hidden"> {money(payment.amount, payment.currencyCode)}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {dialog}
      {failure !== null && (
        <Dialog
          role="alertdialog"
          title={t('preapproved.actionConfirmation')}
          onClose={() => setFailure(null)}
          buttons={
            <button type="button" className="eng-button eng-button--primary" onClick={() => setFailure(null)}>
              {t('preapproved.close')}
            </button>
          }
        >
          <p>{failure}</p>
        </Dialog>
      )}
    </div>
  );
}
