import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDateTime, formatMoney, useConfirm, useEngine, type CustomScreenProps, intlLocale } from '../../engine/index.ts';
import type { Invoice } from '../../generated/entities.ts';
import { useApp } from '../app/app-context.tsx';
import { accountLabel } from '../accounts/format.ts';
import { useAccounts } from '../accounts/use-accounts.ts';
import { TransferApproval } from '../transfers/TransferApproval.tsx';
import { useTransferSubmit } from '../transfers/use-transfer-submit.ts';
import { Field } from '../app/Field.tsx';
import { StatusBadge } from './parts.tsx';
import './invoices.css';

const isOpen = (invoice: Invoice) => (invoice.status === 'unpaid' || invoice.status === 'overdue') && invoice.paymentStatus !== 'awaitingApproval';

/**
 * One invoice (document 001 sections 3, 4 and 7): parties, amount, fee, total, due date, note and
 * status. The payer pays it from an account (a p2p transfer; its second factor in the
 * TransferApproval dialog, a fresh idempotency key per submission) or rejects it with an optional
 * note after a confirmation; the payee withdraws it; both download the PDF the server writes.
 */
export function InvoiceDetail({ params }: CustomScreenProps) {
  const { t, i18n } = useTranslation();
  const { rpc, feedback } = useApp();
  const { downloadFile } = useEngine();
  const { confirm, dialog } = useConfirm();
  const locale = intlLocale(i18n.language);
  const id = Number(params.invoiceId);
  const [invoice, setInvoice] = useState<Invoice>();
  const [failed, setFailed] = useState(false);
  const { accounts } = useAccounts();
  const [accountId, setAccountId] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const { submit: submitTransfer, pending, errors, result, closeResult } = useTransferSubmit('invoicePay');

  const load = useCallback(async () => {
    try {
      setInvoice((await rpc('invoiceGet', { id })).invoice);
    } catch (error) {
      setFailed(true);
      feedback.showError(error);
    }
  }, [rpc, feedback, id]);
  useEffect(() => {
    void load();
  }, [load]);

  const payable = (accounts ?? []).filter((account) => account.accountStatusId === 1 && !account.crypto);
  useEffect(() => {
    if (!invoice || accountId || payable.length === 0) return;
    const same = payable.find((account) => account.currencyCode === invoice.currencyCode);
    setAccountId(String((same ?? payable[0]!).accountId));
  }, [invoice, payable, accountId]);

  if (!invoice) {
    return (
      <p className="eng-empty" role="status">
        {t(failed ? 'invoices.notFound' : 'invoices.loading')}
      </p>
    );
  }
  const money = (amount: string) => formatMoney(amount, invoice.currencyCode, locale);
  const payer = invoice.direction === 'received';

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const values = { invoiceId: invoice.id, accountId: Number(accountId) };
    await submitTransfer(values);
  };

  const reject = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await confirm('invoices.rejectConfirm', { values: { id: invoice.id }, titleKey: 'invoices.rejectTitle', yesKey: 'invoices.reject', tone: 'danger' }))) return;
    try {
      setInvoice((await rpc('invoiceReject', { invoiceId: invoice.id, ...(note.trim() ? { note: note.trim() } : {}) })).invoice);
      setRejecting(false);
      feedback.notify('invoices.rejected');
    } catch (error) {
      feedback.showError(error);
    }
  };

  const cancel = async () => {
    if (!(await confirm('invoices.cancelConfirm', { values: { id: invoice.id }, titleKey: 'invoices.cancelTitle', yesKey: 'invoices.cancel', tone: 'danger' }))) return;
    try {
      setInvoice((await rpc('invoiceCancel', { invoiceId: invoice.id })).invoice);
      feedback.notify('invoices.canceled');
    } catch (error) {
      feedback.showError(error);
    }
  };

  const download = async () => {
    if (!downloadFile) return;
    try {
      const blob = await downloadFile(invoice.urlPdf, { signal: new AbortController().signal, onProgress: () => {} });
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `invoice-${invoice.id}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      feedback.showError(error);
    }
  };

  const rows: Array<[string, string | undefined]> = [
    [t('invoices.label.payee'), [invoice.payeeName, invoice.payeeEmail].filter(Boolean).join(' · ')],
    [t('invoices.label.payer'), invoice.isFunding ? t('invoices.bankTransfer') : [invoice.payerName, invoice.payerEmail].filter((v, i, all) => v && all.indexOf(v) === i).join(' · ')],
    [t('fields.amount'), money(invoice.amount)],
    ...(!invoice.isFunding ? ([[t('invoices.label.fee'), money(invoice.fee)], [t('invoices.label.total'), money(invoice.total)]] as Array<[string, string]>) : []),
    [t('fields.dueDate'), invoice.dueDate ? formatDate(invoice.dueDate, locale) : undefined],
    [t('invoices.label.sentDate'), formatDateTime(invoice.sentDate, locale)],
    [t('invoices.label.note'), invoice.noteBody],
    [t('invoices.label.rejectNote'), invoice.rejectNote],
  ];

  return (
    <div className="eng-section invoice" data-invoice={invoice.id}>
      <p>
        <Link to="/transfer/invoices">{t('invoices.back')}</Link>
      </p>
      <h2 className="invoice__title">
        {t(invoice.isFunding ? 'invoices.fundingNumber' : 'invoices.invoiceNumber', { id: invoice.id })} <StatusBadge status={invoice.status} />
      </h2>
      {invoice.paymentStatus === 'awaitingApproval' && <p className="eng-notice">{t('invoices.awaitingApproval')}</p>}
      <dl className="eng-details">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div className="eng-details__item" key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>

      {payer && isOpen(invoice) && (
        <form className="eng-form invoice__pay" onSubmit={(event) => void pay(event)} noValidate>
          <Field label={t('invoices.payFrom')} error={errors.accountId} required>
            {({ id: fieldId, describedBy, invalid }) => (
              <select id={fieldId} name="accountId" className="eng-input eng-select" value={accountId} aria-invalid={invalid} aria-describedby={describedBy} onChange={(event) => setAccountId(event.target.value)}>
                {payable.map((account) => (
                  <option key={account.accountId} value={account.accountId}>
                    {accountLabel(account, t, locale)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {(errors.amount || errors[''] || errors.invoiceId) && (
            <p className="eng-form-errors" role="alert">
              {errors.amount ?? errors.invoiceId ?? errors['']}
            </p>
          )}
          <div className="eng-form__buttons">
            <button type="submit" className="eng-button eng-button--primary" disabled={pending || !accountId} aria-busy={pending || undefined}>
              {t('invoices.pay', { amount: money(invoice.amount) })}
            </button>
            {!rejecting && (
              <button type="button" className="eng-button eng-button--secondary" onClick={() => setRejecting(true)}>
                {t('invoices.reject')}
              </button>
            )}
          </div>
        </form>
      )}

      {payer && isOpen(invoice) && rejecting && (
        <form className="eng-form invoice__reject" onSubmit={(event) => void reject(event)} noValidate>
          <Field label={t('invoices.rejectNote')}>
            {({ id: fieldId, describedBy }) => (
              <textarea id={fieldId} name="note" className="eng-input eng-textarea" maxLength={500} rows={3} value={note} aria-describedby={describedBy} onChange={(event) => setNote(event.target.value)} />
            )}
          </Field>
          <div className="eng-form__buttons">
            <button type="submit" className="eng-button eng-button--danger">
              {t('invoices.reject')}
            </button>
            <button type="button" className="eng-button eng-button--secondary" onClick={() => setRejecting(false)}>
              {t('invoices.keep')}
            </button>
          </div>
        </form>
      )}

      <div className="invoice__actions">
        <button type="button" className="eng-button eng-button--secondary" onClick={() => void download()}>
          {t('invoices.downloadPdf')}
        </button>
        {!payer && (invoice.status === 'unpaid' || invoice.status === 'overdue') && !invoice.paymentStatus?.startsWith('awaiting') && (
          <button type="button" className="eng-button eng-button--danger" onClick={() => void cancel()}>
            {t('invoices.cancel')}
          </button>
        )}
      </div>
      {dialog}
      <TransferApproval result={result} onClose={closeResult} onFinished={() => void load()} />
    </div>
  );
}
