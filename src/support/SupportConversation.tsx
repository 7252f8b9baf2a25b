import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, isMethodCallError, type CustomScreenProps } from '../../engine/index.ts';
import type { SupportThread } from '../../generated/entities.ts';
import { useApp } from '../app/app-context.tsx';
import { useLocale, useRefreshSupportLists, useSupportData } from './support-data.ts';
import './support.css';

function ThreadItem({ thread }: { thread: SupportThread }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const mine = thread.direction === 'in';
  return (
    <li className="support-message" data-direction={thread.direction}>
      <p className="support-message__author">
        <span>{mine ? t('support.conversation.you') : thread.authorName}</span>
        <time dateTime={thread.createdAt}>{formatDateTime(thread.createdAt, locale)}</time>
      </p>
      <p className="support-message__text">{thread.content}</p>
      {thread.attachment && <p className="support-message__attachment">{t('support.conversation.attachment', { name: thread.attachment.fileName })}</p>}
    </li>
  );
}

/**
 * One support ticket (/messages/:ticketNumber): the conversation, oldest first, up to the newest 100
 * messages; an unread answer is marked read on sight (the read time is stored at the help desk) and
 * the conversation is checked again every 60 s. The reply box adds the customer's message.
 */
export function SupportConversation({ params }: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc, feedback } = useApp();
  const ticketNumber = params.ticketNumber ?? '';
  const { data, error, mutate } = useSupportData('supportTicketGet', { ticketNumber });
  const refreshLists = useRefreshSupportLists();
  const [reply, setReply] = useState('');
  const [replyError, setReplyError] = useState<string>();
  const [sending, setSending] = useState(false);
  const markedFor = useRef<string | null>(null);
  const replyId = useId();

  const ticket = data?.ticket;
  const unreadSince = ticket?.unread ? (ticket.lastThread?.createdAt ?? '') : null;
  useEffect(() => {
    if (unreadSince === null || markedFor.current === unreadSince) return;
    markedFor.current = unreadSince;
    // An admin viewing the customer may read but not mark read; the ticket then simply stays unread.
    rpc('supportTicketMarkRead', { ticketNumber })
      .then(() => Promise.all([mutate(), refreshLists()]))
      .catch(() => undefined);
  }, [unreadSince, ticketNumber, rpc, mutate, refreshLists]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (reply.trim() === '') {
      setReplyError(t('support.conversation.replyRequired'));
      return;
    }
    setSending(true);
    setReplyError(undefined);
    try {
      await rpc('supportTicketReply', { ticketNumber, message: reply });
      setReply('');
      feedback.notify('support.notices.replySent');
      await Promise.all([mutate(), refreshLists()]);
    } catch (failure) {
      if (isMethodCallError(failure) && failure.fieldErrors.message) setReplyError(failure.fieldErrors.message);
      else feedback.showError(failure);
    } finally {
      setSending(false);
    }
  };

  if (error && !data) {
    return (
      <div className="eng-error-state" role="alert">
        <p>{isMethodCallError(error) && error.code === '13' ? t('support.conversation.notYours') : t('support.conversation.failed')}</p>
      </div>
    );
  }
  if (!ticket || !data) return <span className="eng-spinner" aria-hidden="true" />;

  return (
    <div className="support-screen">
      <section className="support-conversation" aria-labelledby={`${replyId}-subject`}>
        <header className="support-conversation__header">
          <h2 id={`${replyId}-subject`}>{ticket.subject}</h2>
          <p className="support-ticket__meta">
            {t('support.list.number', { number: ticket.ticketNumber })}{' '}
            <span className="eng-badge" data-value={ticket.derivedStatus}>
              {t(`enums.derivedStatus.${ticket.derivedStatus}`)}
            </span>
          </p>
        </header>
        <ol className="support-thread" aria-label={t('support.conversation.label')}>
          {data.conversations.map((thread) => (
            <ThreadItem key={thread.id} thread={thread} />
          ))}
        </ol>
      </section>
      <form className="support-reply" onSubmit={(event) => void send(event)} noValidate>
        <div className={`eng-field${replyError ? ' eng-field--invalid' : ''}`}>
          <label className="eng-label" htmlFor={replyId}>
            {t('support.conversation.reply')}
          </label>
          <textarea
            id={replyId}
            name="message"
            className="eng-input eng-textarea"
            rows={4}
            maxLength={10000}
            value={reply}
            aria-invalid={replyError ? true : undefined}
            aria-describedby={replyError ? `${replyId}-error` : `${replyId}-help`}
            onChange={(event) => setReply(event.target.value)}
          />
          {replyError ? (
            <p id={`${replyId}-error`} className="eng-field-errors" role="alert">
              {replyError}
            </p>
          ) : (
            <p id={`${replyId}-help`} className="eng-help">
              {ticket.derivedStatus === 'closed' ? t('support.conversation.reopenHelp') : t('support.conversation.replyHelp')}
            </p>
          )}
        </div>
        <div className="eng-form__buttons">
          <button type="submit" className="eng-button eng-button--primary" disabled={sending}>
            {t('support.conversation.send')}
          </button>
        </div>
      </form>
    </div>
  );
}
