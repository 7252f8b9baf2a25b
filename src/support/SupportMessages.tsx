import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime, type CustomScreenProps } from '../../engine/index.ts';
import type { SupportTicket } from '../../generated/entities.ts';
import { useLocale, useSupportData } from './support-data.ts';
import './support.css';

const FILTERS = ['all', 'open', 'new', 'closed'] as const;
type Filter = (typeof FILTERS)[number];
const PAGE_SIZE = 20;
const TICKET_NUMBER = /^[0-9]{1,12}$/;

function TicketRow({ ticket }: { ticket: SupportTicket }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <li className="support-ticket" data-unread={ticket.unread} data-ticket={ticket.ticketNumber}>
      <Link className="support-ticket__link" to={`/messages/${ticket.ticketNumber}`}>
        <span className="support-ticket__top">
          <span className="support-ticket__subject">
            {ticket.unread && <span className="support-ticket__dot" aria-hidden="true" />}
            {ticket.subject}
          </span>
          <span className="eng-badge" data-value={ticket.derivedStatus}>
            {t(`enums.derivedStatus.${ticket.derivedStatus}`)}
          </span>
        </span>
        <span className="support-ticket__meta">
          {t('support.list.number', { number: ticket.ticketNumber })} · {t('support.list.lastActivity', { date: formatDateTime(ticket.lastThread?.createdAt ?? ticket.updatedAt, locale) })}
          {ticket.unread && <strong className="support-ticket__unread"> · {t('support.list.unread')}</strong>}
        </span>
      </Link>
    </li>
  );
}

/**
 * The support messages (document 002: /messages with an optional ticketNumber): the acting customer's
 * tickets, 20 a page, most recently active first, each with its derived status and an unread marker,
 * filtered by all, open, new or closed, and checked again every 60 s. `?ticketNumber=N` opens that
 * conversation. Custom because a table spec can neither follow the query parameter nor recheck.
 */
export function SupportMessages(_props: CustomScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [status, setStatus] = useState<Filter>('all');
  const [pageNumber, setPageNumber] = useState(1);
  const ticketNumber = search.get('ticketNumber');
  const opening = ticketNumber !== null && TICKET_NUMBER.test(ticketNumber);

  useEffect(() => {
    if (opening) void navigate(`/messages/${ticketNumber}`, { replace: true });
  }, [opening, ticketNumber, navigate]);

  const { data, error, isLoading, mutate } = useSupportData('supportTicketList', { pageNumber, pageSize: PAGE_SIZE, status });
  if (opening) return <span className="eng-spinner" aria-hidden="true" />;

  const pages = data ? Math.max(1, Math.ceil(data.results / PAGE_SIZE)) : 1;
  const unread = data?.unreadTicketNumbers.length ?? 0;
  return (
    <div className="support-screen">
      <div className="support-filters" role="group" aria-label={t('support.list.filterLabel')}>
        {FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            className={`eng-button ${filter === status ? 'eng-button--primary' : 'eng-button--secondary'}`}
            aria-pressed={filter === status}
            onClick={() => {
              setStatus(filter);
              setPageNumber(1);
            }}
          >
            {t(`support.filters.${filter}`)}
          </button>
        ))}
      </div>
      <p className="support-summary" aria-live="polite">
        {unread > 0 ? t('support.list.unreadCount', { count: unread }) : ''}
      </p>
      {isLoading && !data && <span className="eng-spinner" aria-hidden="true" />}
      {error && !data && (
        <div className="eng-error-state" role="alert">
          <p>{t('support.list.failed')}</p>
          <button type="button" className="eng-button eng-button--secondary" onClick={() => void mutate()}>
            {t('support.list.retry')}
          </button>
        </div>
      )}
      {data && data.tickets.length === 0 && (
        <div className="support-empty">
          <p className="eng-empty">{t(status === 'all' ? 'support.list.empty' : 'support.list.emptyFiltered')}</p>
          {status === 'all' && (
            <Link className="eng-button eng-button--primary" to="/messages/new">
              {t('support.list.write')}
            </Link>
          )}
        </div>
      )}
      {data && data.tickets.length > 0 && (
        <ul className="support-tickets" aria-label={t('support.list.label')}>
          {data.tickets.map((ticket) => (
            <TicketRow key={ticket.id} ticket={ticket} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="eng-pagination" aria-label={t('support.list.pages')}>
          <button type="button" className="eng-button eng-button--secondary" disabled={pageNumber <= 1} onClick={() => setPageNumber(pageNumber - 1)}>
            {t('support.list.previous')}
          </button>
          <span className="eng-pagination__status">{t('support.list.page', { page: pageNumber, pages })}</span>
          <button type="button" className="eng-button eng-button--secondary" disabled={pageNumber >= pages} onClick={() => setPageNumber(pageNumber + 1)}>
            {t('support.list.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
