import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, formatDate, formatDateTime, type CustomScreenProps, intlLocale } from '../../engine/index.ts';
import type { Announcement } from '../../generated/entities.ts';
import { useApp } from '../app/app-context.tsx';
import './news.css';

type Choice = NonNullable<Announcement['choice']>;

/** The `Intl` locale of the interface language (the product calls Ukrainian `ua`). */
function useLocale(): string {
  const { i18n } = useTranslation();
  return intlLocale(i18n.language);
}

/** The text of an announcement: paragraphs are separated by an empty line. */
function Body({ text }: { text: string }) {
  return (
    <div className="news-body">
      {text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
    </div>
  );
}

/**
 * One announcement (route /news/:id): its title, date and text, marked read by the server when opened.
 * When it asks for an answer the customer has not given, Accept and Decline, each confirmed in a
 * dialog first; once answered, what was recorded and when.
 */
export function AnnouncementScreen({ params }: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc, feedback } = useApp();
  const locale = useLocale();
  const id = Number(params.id);
  const [announcement, setAnnouncement] = useState<Announcement>();
  const [failed, setFailed] = useState(false);
  const [asking, setAsking] = useState<Choice | null>(null);
  const [pending, setPending] = useState<Choice | null>(null);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setAnnouncement((await rpc('announcementGet', { id })).announcement);
    } catch (error) {
      setFailed(true);
      feedback.showError(error);
    }
  }, [feedback, id, rpc]);

  useEffect(() => {
    if (Number.isInteger(id) && id > 0) void load();
    else setFailed(true);
  }, [id, load]);

  const answer = async (choice: Choice, yes: boolean) => {
    setAsking(null);
    if (!yes) return;
    setPending(choice);
    try {
      setAnnouncement((await rpc('announcementChoice', { id, choice })).announcement);
      feedback.notify(choice === 'accept' ? 'news.notices.accepted' : 'news.notices.declined');
    } catch (error) {
      feedback.showError(error);
      // Another device may have answered meanwhile: show what is recorded now.
      void load();
    } finally {
      setPending(null);
    }
  };

  if (failed) {
    return (
      <div className="eng-error-state" role="alert">
        <p>{t('news.unavailable')}</p>
      </div>
    );
  }
  if (!announcement) {
    return (
      <p role="status" className="news-loading">
        <span className="eng-spinner eng-spinner--inline" aria-hidden="true" /> {t('news.loading')}
      </p>
    );
  }

  return (
    <article className="news-article" aria-labelledby="news-article-title" data-announcement={announcement.id}>
      <header className="news-article__header">
        <h2 id="news-article-title" className="news-article__title">
          {announcement.title}
        </h2>
        <p className="news-article__meta">
          <time dateTime={announcement.publishedAt}>{t('news.publishedOn', { date: formatDate(announcement.publishedAt, locale) })}</time>
          {announcement.expiresAt && (
            <>
              {' · '}
              <time dateTime={announcement.expiresAt}>{t('news.shownUntil', { date: formatDate(announcement.expiresAt, locale) })}</time>
            </>
          )}
        </p>
      </header>
      <Body text={announcement.body ?? announcement.summary} />
      {announcement.requiresConfirmation && (
        <section className="news-answer" aria-labelledby="news-answer-title">
          <h3 id="news-answer-title" className="news-answer__title">
            {t('news.answer.title')}
          </h3>
          {announcement.choice ? (
            <p className="news-answer__recorded" data-choice={announcement.choice} role="status">
              {t(announcement.choice === 'accept' ? 'news.answer.accepted' : 'news.answer.declined', {
                date: announcement.chosenAt ? formatDateTime(announcement.chosenAt, locale) : '',
              })}
            </p>
          ) : (
            <>
              <p>{t('news.answer.prompt')}</p>
              <div className="eng-actions news-answer__buttons">
                {(['accept', 'decline'] as const).map((choice) => (
                  <button
                    key={choice}
                    type="button"
                    className={`eng-button eng-button--${choice === 'accept' ? 'primary' : 'secondary'}`}
                    disabled={pending !== null}
                    aria-busy={pending === choice || undefined}
                    onClick={() => setAsking(choice)}
                  >
                    {pending === choice && <span className="eng-spinner eng-spinner--inline" aria-hidden="true" />}
                    {t(`news.choice.${choice}`)}
                  </button>
                ))}
              </div>
            </>
          )}
        </section>
      )}
      {asking && (
        // An answer is recorded once, so Cancel has the focus first.
        <ConfirmDialog
          message={t(`news.confirm.${asking}.message`, { title: announcement.title })}
          wording={{ title: t(`news.confirm.${asking}.title`), yes: t(`news.choice.${asking}`), no: t('news.confirm.cancel'), tone: asking === 'accept' ? 'primary' : 'danger' }}
          onAnswer={(yes) => void answer(asking, yes)}
        />
      )}
    </article>
  );
}
