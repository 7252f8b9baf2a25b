import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomScreenProps } from '../../engine/index.ts';
import { formatDate, formatMoney, intlLocale } from '../../engine/index.ts';
import type { Invoice } from '../../generated/entities.ts';
import { useApp } from '../app/app-context.tsx';
import { StatusBadge } from './parts.tsx';
import './invoices.css';

/** Invoices page size (document 001 section 9). */
export const INVOICE_PAGE_SIZE = 20;

type Direction = 'received' | 'sent';

/**
 * Invoices (document 001 sections 4 and 7): the received and the sent list, switched in place, each
 * with its filter (received: unpaid; sent: awaiting payment), 20 a page, newest first. A row opens the
 * invoice; the header links to a new invoice and a funding invoice.
 */
export function InvoicesScreen(_props: CustomScreenProps) {
  const { t, i18n } = useTranslation();
  const { rpc, feedback } = useApp();
  const [direction, setDirection] = useState<Direction>('received');
  const [openOnly, setOpenOnly] = useState(true);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ invoices: Invoice[]; total: number } | undefined>();
  const locale = intlLocale(i18n.language);

  useEffect(() => {
    let live = true;
    setData(undefined);
    const answer =
      direction === 'received'
        ? rpc('invoiceListReceived', { filter: openOnly ? 'unpaid' : 'all', pageNumber: page, pageSize: INVOICE_PAGE_SIZE })
        : rpc('invoiceListSent', { filter: openOnly ? 'awaitingPayment' : 'all', pageNumber: page, pageSize: INVOICE_PAGE_SIZE });
    answer.then(
      (result) => live && setData(result),
      (error: unknown) => live && feedback.showError(error),
    );
    return () => {
      live = false;
    };
  }, [rpc, feedback, direction, openOnly, page]);

  const switchTo = (next: Direction) => {
    setDirection(next);
    setPage(1);
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / INVOICE_PAGE_SIZE)) : 1;

  return (
    <div className="eng-section invoices">
      <div className="invoices__toolbar">
        <div className="invoices__switch" role="group" aria-label={t('invoices.lists')}>
          {(['received', 'sent'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className={`eng-button ${direction === option ? 'eng-button--primary' : 'eng-button--secondary'}`}
              aria-pressed={direction === option}
              onClick={() => switchTo(option)}
            >
              {t(`invoices.${option}`)}
            </button>
          ))}
        </div>
        <div className="invoices__links">
          <Link className="eng-button eng-button--secondary" to="/transfer/invoices/funding">
            {t('invoices.newFunding')}
          </Link>
          <Link className="eng-button eng-button--primary" to="/transfer/invoices/new">
            {t('invoices.new')}
          </Link>
        </div>
      </div>
      <label className="eng-checkbox-row invoices__filter">
        <input
          type="checkbox"
          className="eng-checkbox"
          name="openOnly"
          checked={openOnly}
          onChange={(event) => {
            setOpenOnly(event.target.checked);
            setPage(1);
          }}
        />
        <span>{t(direction === 'received' ? 'invoices.filterUnpaid' : 'invoices.filterAwaitingPayment')}</span>
      </label>

      {!data ? (
        <p className="eng-empty" role="status">
          {t('invoices.loading')}
        </p>
      ) : data.invoices.length === 0 ? (
        <p className="eng-empty">{t(direction === 'received' ? 'invoices.noneReceived' : 'invoices.noneSent')}</p>
      ) : (
        <div className="eng-table-wrap">
          <table className="eng-table invoices__table" data-invoices={direction}>
            <caption className="eng-visually-hidden">{t(`invoices.${direction}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('invoices.number')}</th>
                <th scope="col">{t(direction === 'received' ? 'invoices.label.payee' : 'invoices.label.payer')}</th>
                <th scope="col" className="eng-cell--number">
                  {t('fields.amount')}
                </th>
                <th scope="col">{t('fields.dueDate')}</th>
                <th scope="col">{t('fields.status')}</th>
              </tr>
            </thead>
            <tbody>
              {data.invoices.map((invoice) => (
                <tr key={invoice.id} data-invoice={invoice.id}>
                  <td>
                    <Link to={`/transfer/invoices/${invoice.id}`}>{t(invoice.isFunding ? 'invoices.fundingNumber' : 'invoices.invoiceNumber', { id: invoice.id })}</Link>
                  </td>
                  <td>{direction === 'received' ? invoice.payeeName : invoice.isFunding ? t('invoices.bankTransfer') : (invoice.payerName ?? invoice.payerEmail)}</td>
                  <td className="eng-cell--number">{formatMoney(invoice.amount, invoice.currencyCode, locale)}</td>
                  <td>{invoice.dueDate ? formatDate(invoice.dueDate, locale) : '—'}</td>
                  <td>
                    <StatusBadge status={invoice.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && pages > 1 && (
        <nav className="eng-pagination" aria-label={t('invoices.pages')}>
          <button type="button" className="eng-button eng-button--secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('invoices.previous')}
          </button>
          <span>{t('invoices.pageOf', { page, pages })}</span>
          <button type="button" className="eng-button eng-button--secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('invoices.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
