import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomScreenProps } from '../../engine/index.ts';
import type { StatementListResponse } from '../../generated/methods.ts';
import { useApp } from '../app/app-context.tsx';
import './history.css';
import { intlLocale, saveAnswerFile } from '../../engine/index.ts';

/** Statement export list page size (document 001 section 9). */
const PAGE_SIZE = 12;

/**
 * Statement export (document 001 section 7): the months each account offering statements has, 12 a
 * page, newest first, each downloadable as a PDF the server writes from the ledger (opening balance,
 * each transaction, closing balance).
 */
export function StatementsScreen(_props: CustomScreenProps) {
  const { t, i18n } = useTranslation();
  const { rpc, feedback } = useApp();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<StatementListResponse>();
  const [downloading, setDownloading] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    rpc('statementList', { pageNumber: page, pageSize: PAGE_SIZE, source: 'monthly' }).then(
      (answer) => live && setData(answer),
      (error: unknown) => feedback.showError(error),
    );
    return () => {
      live = false;
    };
  }, [rpc, feedback, page]);

  const monthName = (year: number, month: number) =>
    new Intl.DateTimeFormat(intlLocale(i18n.language), { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)));

  const download = async (accountId: number, year: number, month: number) => {
    const key = `${accountId}-${year}-${month}`;
    setDownloading(key);
    try {
      const file = await rpc('statementDownload', { accountId, year, month });
      saveAnswerFile(file, 'screens/statements.yaml');
    } catch (error) {
      feedback.showError(error);
    } finally {
      setDownloading(null);
    }
  };

  if (!data) return <p className="eng-empty" role="status">{t('history.loading')}</p>;
  const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  return (
    <div className="eng-section">
      {data.statements.length === 0 ? (
        <p className="eng-empty">{t('history.noStatements')}</p>
      ) : (
        <table className="eng-table">
          <caption className="eng-visually-hidden">{t('screens.statements.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('history.period')}</th>
              <th scope="col">{t('history.account')}</th>
              <th scope="col">{t('columns.currency')}</th>
              <th scope="col">
                <span className="eng-visually-hidden">{t('history.download')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.statements.map((statement) => {
              const key = `${statement.accountId}-${statement.year}-${statement.month}`;
              const period = monthName(statement.year, statement.month);
              return (
                <tr key={key} data-statement={key}>
                  <td>{period}</td>
                  <td>
                    {statement.accountName ?? t(`enums.type.${statement.accountType}`, { defaultValue: t('history.account') })}
                    <span className="history-statements__number"> {t('history.accountNumber', { account: statement.accountId })}</span>
                  </td>
                  <td>{statement.currencyCode}</td>
                  <td>
                    <button
                      type="button"
                      className="eng-button eng-button--secondary"
                      disabled={downloading === key}
                      aria-busy={downloading === key || undefined}
                      onClick={() => void download(statement.accountId, statement.year, statement.month)}
                    >
                      {t('history.download')}
                      <span className="eng-visually-hidden">
                        {' '}
                        {t('history.statementOf', { period, currency: statement.currencyCode, account: statement.accountId })}
                      </span>
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <nav className="eng-pagination" aria-label={t('history.pages')}>
          <button type="button" className="eng-button eng-button--secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('history.previous')}
          </button>
          <span className="eng-pagination__status" aria-live="polite">
            {t('history.pageOf', { page, pages })}
          </span>
          <button type="button" className="eng-button eng-button--secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('history.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
