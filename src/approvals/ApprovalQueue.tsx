import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepUpChallenge, TransactionRequest } from '../../generated/entities.ts';
import type {
  TransactionRequestApproveResponse,
  TransactionRequestListRequest,
  TransactionRequestListResponse,
  TransactionRequestUsersResponse,
} from '../../generated/methods.ts';
import { formatDateTime, formatMoney, useConfirm, type CustomScreenProps, intlLocale } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { useStepUp, type ChallengeConfirm } from '../app/StepUpDialog.tsx';
import { newIdempotencyKey } from '../transfers/idempotency.ts';
import { announceApprovalsChanged } from './approvals-events.ts';
import './approvals.css';

/** Approvals page size (document 001 section 9). */
export const APPROVALS_PAGE_SIZE = 50;

type Filters = Omit<TransactionRequestListRequest, 'page' | 'size'>;
type Decisions = Exclude<TransactionRequestApproveResponse, StepUpChallenge>;
type Outcome = Decisions['results'][number]['outcome'];

/** A decision taken on this screen, shown per request after the list reloads. */
interface Decided {
  request: TransactionRequest;
  outcome: Outcome;
}

/**
 * The business approval queue, /transfer/approved (document 001 sections 4 and 7, 'Business queue'):
 * requests other users created, 50 a page, filtered by status, type, single or batch, dates and
 * creator. An approver selects rows and approves or declines them (after a confirmation), or
 * decides a whole batch; the outcome of each request is listed. A user who may only initiate sees
 * their own requests.
 */
export function ApprovalQueue(_props: CustomScreenProps) {
  const { t, i18n } = useTranslation();
  const { rpc, feedback } = useApp();
  const { confirm, dialog } = useConfirm();
  const stepUp = useStepUp();
  const locale = intlLocale(i18n.language);
  const [filters, setFilters] = useState<Filters>({ status: 'pending' });
  const [page, setPage] = useState(1);
  const [data, setData] = useState<TransactionRequestListResponse>();
  const [users, setUsers] = useState<TransactionRequestUsersResponse['users']>([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [decided, setDecided] = useState<Decided[]>([]);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    rpc('transactionRequestList', { ...filters, page, size: APPROVALS_PAGE_SIZE }).then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setSelected(new Set());
      },
      (error: unknown) => feedback.showError(error),
    );
    return () => {
      live = false;
    };
  }, [rpc, feedback, filters, page, reload]);

  const mayApprove = data?.mayApprove ?? false;
  useEffect(() => {
    if (!mayApprove) return;
    rpc('transactionRequestUsers', {}).then(
      (answer) => setUsers(answer.users),
      () => setUsers([]),
    );
  }, [rpc, mayApprove]);

  const setFilter = <K extends keyof Filters>(name: K, value: Filters[K] | '') => {
    setPage(1);
    setFilters((current) => {
      const next = { ...current };
      if (value === '' || value === undefined) delete next[name];
      else next[name] = value as Filters[K];
      return next;
    });
  };

  const requests = useMemo(() => data?.requests ?? [], [data?.requests]);
  const deciding = mayApprove && filters.status !== 'decided';
  const batches = useMemo(() => {
    const byId = new Map<number, { batchId: number; name: string; count: number }>();
    for (const request of requests) {
      if (request.batchId === undefined || request.status !== 'awaitingApproval') continue;
      const batch = byId.get(request.batchId) ?? { batchId: request.batchId, name: request.batchName ?? String(request.batchId), count: 0 };
      batch.count++;
      byId.set(request.batchId, batch);
    }
    return [...byId.values()];
  }, [requests]);

  const money = (amount: string, currency: string) => formatMoney(amount, currency, locale);
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allSelected = requests.length > 0 && requests.every((request) => selected.has(request.transactionId));

  const finish = useCallback((answer: Decisions, known: TransactionRequest[]) => {
    const byId = new Map(known.map((request) => [request.transactionId, request]));
    setDecided(
      answer.results.flatMap((result) => {
        const request = byId.get(result.transactionId);
        return request ? [{ request: { ...request, status: result.status }, outcome: result.outcome }] : [];
      }),
    );
    announceApprovalsChanged();
    setReload((count) => count + 1);
  }, []);

  /**
   * Asks first, then approves or declines through `call`, and shows what happened to `known`.
   * Approving asks the approver's second factor: the code goes back with the same call, under a
   * key of its own (a wrong code keeps no key, so the next try may use it again; a lost answer to a
   * right code is replayed).
   */
  const decideAfterConfirm = async (
    declined: boolean,
    question: { key: string; titleKey: string; values: Record<string, unknown> },
    call: (idempotencyKey: string, confirm?: ChallengeConfirm) => Promise<TransactionRequestApproveResponse>,
    known: TransactionRequest[],
  ) => {
    const yes = await confirm(question.key, {
      values: question.values,
      titleKey: question.titleKey,
      yesKey: declined ? 'approvals.decline' : 'approvals.approve',
      noKey: 'approvals.keep',
      tone: declined ? 'danger' : 'primary',
    });
    if (!yes) return;
    setBusy(true);
    try {
      const confirmKey = newIdempotencyKey();
      // Each call without a code asks for a new one ("send a new code" too), so it never replays the last.
      await stepUp.run<Decisions>(
        (code) => call(code ? confirmKey : newIdempotencyKey(), code),
        (answer) => finish(answer, known),
      );
    } finally {
      setBusy(false);
    }
  };

  const decide = async (declined: boolean) => {
    const chosen = requests.filter((request) => selected.has(request.transactionId));
    if (!chosen.length) return;
    await decideAfterConfirm(
      declined,
      {
        key: declined ? 'approvals.confirmDecline' : 'approvals.confirmApprove',
        titleKey: declined ? 'approvals.decline' : 'approvals.approve',
        values: { count: chosen.length },
      },
      (idempotencyKey, code) =>
        rpc('transactionRequestApprove', {
          idempotencyKey,
          transactionIds: chosen.map((request) => request.transactionId),
          declined,
          ...(code ? { confirm: code } : {}),
        }),
      chosen,
    );
  };

  const decideBatch = (batch: { batchId: number; name: string; count: number }, declined: boolean) =>
    decideAfterConfirm(
      declined,
      {
        key: declined ? 'approvals.confirmDeclineBatch' : 'approvals.confirmApproveBatch',
        titleKey: declined ? 'approvals.declineBatch' : 'approvals.approveBatch',
        values: { name: batch.name, count: batch.count },
      },
      (idempotencyKey, code) => rpc('transactionRequestMassApprove', { idempotencyKey, batchId: batch.batchId, declined, ...(code ? { confirm: code } : {}) }),
      requests.filter((request) => request.batchId === batch.batchId),
    );

  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / APPROVALS_PAGE_SIZE));

  return (
    <div className="eng-table-screen approvals">
      {dialog}
      {stepUp.dialog}
      <form className="eng-filters approvals__filters" aria-label={t('approvals.filters')} onSubmit={(event) => event.preventDefault()}>
        <div className="eng-field">
          <label className="eng-label" htmlFor="approvals-status">
            {t('fields.status')}
          </label>
          <select
            id="approvals-status"
            className="eng-input"
            value={filters.status ?? 'pending'}
            onChange={(event) => setFilter('status', event.target.value as Filters['status'])}
          >
            <option value="pending">{t('approvals.statusPending')}</option>
            <option value="decided">{t('approvals.statusDecided')}</option>
          </select>
        </div>
        <div className="eng-field">
          <label className="eng-label" htmlFor="approvals-type">
            {t('fields.transactionType')}
          </label>
          <select
            id="approvals-type"
            className="eng-input"
            value={filters.transactionType ?? ''}
            onChange={(event) => setFilter('transactionType', event.target.value as Filters['transactionType'])}
          >
            <option value="">{t('approvals.any')}</option>
            {(['p2p', 'account', 'invoice'] as const).map((kind) => (
              <option key={kind} value={kind}>
                {t(`approvals.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="eng-field">
          <label className="eng-label" htmlFor="approvals-grouped">
            {t('fields.groupedTransactionType')}
          </label>
          <select
            id="approvals-grouped"
            className="eng-input"
            value={filters.groupedTransactionType ?? ''}
            onChange={(event) => setFilter('groupedTransactionType', event.target.value as Filters['groupedTransactionType'])}
          >
            <option value="">{t('approvals.any')}</option>
            <option value="single">{t('approvals.single')}</option>
            <option value="batch">{t('approvals.batch')}</option>
          </select>
        </div>
        <div className="eng-field">
          <label className="eng-label" htmlFor="approvals-from">
            {t('fields.fromDate')}
          </label>
          <input
            id="approvals-from"
            type="date"
            className="eng-input"
            value={filters.fromDate ?? ''}
            onChange={(event) => setFilter('fromDate', event.target.value)}
          />
        </div>
        <div className="eng-field">
          <label className="eng-label" htmlFor="approvals-to">
            {t('fields.toDate')}
          </label>
          <input
            id="approvals-to"
            type="date"
            className="eng-input"
            value={filters.toDate ?? ''}
            onChange={(event) => setFilter('toDate', event.target.value)}
          />
        </div>
        {mayApprove && (
          <div className="eng-field">
            <label className="eng-label" htmlFor="approvals-created-by">
              {t('fields.createdBy')}
            </label>
            <select
              id="approvals-created-by"
              className="eng-input"
              value={filters.createdBy ?? ''}
              onChange={(event) => setFilter('createdBy', event.target.value ? Number(event.target.value) : '')}
            >
              <option value="">{t('approvals.anyone')}</option>
              {users.map((user) => (
                <option key={user.userId} value={user.userId}>
                  {user.email}
                </option>
              ))}
            </select>
          </div>
        )}
      </form>

      {decided.length > 0 && (
        <section className="approvals__results" role="status" aria-label={t('approvals.results')}>
          <h2>{t('approvals.results')}</h2>
          <ul>
            {decided.map(({ request, outcome }) => (
              <li key={request.transactionId} data-outcome={outcome}>
                <span className="eng-badge" data-value={outcome}>
                  {t(`approvals.outcomes.${outcome}`)}
                </span>{' '}
                {t('approvals.resultLine', { id: request.transactionId, amount: money(request.amount, request.currencyCode), payee: request.payee })}
              </li>
            ))}
          </ul>
          <button type="button" className="eng-button eng-button--link" onClick={() => setDecided([])}>
            {t('approvals.dismiss')}
          </button>
        </section>
      )}

      {!mayApprove && data && <p className="eng-description">{t('approvals.ownOnly')}</p>}

      {deciding && batches.length > 0 && (
        <section className="approvals__batches" aria-label={t('approvals.batches')}>
          <h2>{t('approvals.batches')}</h2>
          <ul>
            {batches.map((batch) => (
              <li key={batch.batchId} data-batch={batch.batchId}>
                <span>{t('approvals.batchLine', { name: batch.name, count: batch.count })}</span>
                <span className="approvals__batch-buttons">
                  <button type="button" className="eng-button eng-button--primary" disabled={busy} onClick={() => void decideBatch(batch, false)}>
                    {t('approvals.approveBatch')}
                  </button>
                  <button type="button" className="eng-button eng-button--secondary" disabled={busy} onClick={() => void decideBatch(batch, true)}>
                    {t('approvals.declineBatch')}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {!data ? (
        <p className="eng-empty" role="status">
          {t('approvals.loading')}
        </p>
      ) : requests.length === 0 ? (
        <p className="eng-empty">{t(filters.status === 'decided' ? 'approvals.emptyDecided' : 'approvals.empty')}</p>
      ) : (
        <>
          <div className="eng-table-toolbar">
            <p className="eng-table-toolbar__count">{t('approvals.count', { count: data.total })}</p>
            {deciding && (
              <span className="approvals__actions">
                <button
                  type="button"
                  className="eng-button eng-button--primary"
                  disabled={busy || selected.size === 0}
                  aria-busy={busy}
                  onClick={() => void decide(false)}
                >
                  {t('approvals.approveSelected', { count: selected.size })}
                </button>
                <button type="button" className="eng-button eng-button--danger" disabled={busy || selected.size === 0} onClick={() => void decide(true)}>
                  {t('approvals.declineSelected', { count: selected.size })}
                </button>
              </span>
            )}
          </div>
          <div className="eng-table-wrap">
            <table className="eng-table approvals__table" aria-busy={busy}>
              <caption className="eng-visually-hidden">{t('screens.transferApproved.title')}</caption>
              <thead>
                <tr>
                  {deciding && (
                    <th scope="col">
                      <input
                        type="checkbox"
                        aria-label={t('approvals.selectAll')}
                        checked={allSelected}
                        onChange={() => setSelected(allSelected ? new Set() : new Set(requests.map((request) => request.transactionId)))}
                      />
                    </th>
                  )}
                  <th scope="col">{t('approvals.columns.created')}</th>
                  <th scope="col">{t('fields.createdBy')}</th>
                  <th scope="col">{t('approvals.columns.payee')}</th>
                  <th scope="col" className="eng-cell--number">
                    {t('columns.amount')}
                  </th>
                  <th scope="col">{t('approvals.columns.batch')}</th>
                  <th scope="col">{t('columns.status')}</th>
                </tr>
              </thead>
              <tbody>
                {requests.map((request) => (
                  <tr key={request.transactionId} data-request={request.transactionId}>
                    {deciding && (
                      <td data-label={t('approvals.columns.select')}>
                        <input
                          type="checkbox"
                          aria-label={t('approvals.select', { id: request.transactionId, payee: request.payee })}
                          checked={selected.has(request.transactionId)}
                          onChange={() => toggle(request.transactionId)}
                        />
                      </td>
                    )}
                    <td data-label={t('approvals.columns.created')}>{formatDateTime(request.createdDate, locale)}</td>
                    <td data-label={t('fields.createdBy')} className="approvals__creator">
                      {request.createdBy.email}
                    </td>
                    <td data-label={t('approvals.columns.payee')}>
                      <div>
                        {request.payee}
                        <span className="approvals__muted"> · {t(`approvals.kinds.${request.transactionType}`)}</span>
                        {request.note && <span className="approvals__note">{request.note}</span>}
                      </div>
                    </td>
                    <td data-label={t('columns.amount')} className="eng-cell--number">
                      <div>
                        {money(request.amount, request.currencyCode)}
                        {request.fee !== '0.00' && (
                          <span className="approvals__note">{t('approvals.fee', { fee: money(request.fee, request.currencyCode) })}</span>
                        )}
                      </div>
                    </td>
                    <td data-label={t('approvals.columns.batch')}>{request.batchName ?? '—'}</td>
                    <td data-label={t('columns.status')}>
                      <div>
                        <span className="eng-badge" data-value={request.status}>
                          {t(`approvals.statuses.${request.status}`)}
                        </span>
                        {request.decidedBy && <span className="approvals__note">{t('approvals.decidedBy', { email: request.decidedBy })}</span>}
                        {request.declineReason && <span className="approvals__note">{request.declineReason}</span>}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <nav className="approvals__pages" aria-label={t('approvals.pages')}>
              <button type="button" className="eng-button eng-button--secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('approvals.previous')}
              </button>
              <span>{t('approvals.page', { page, pages })}</span>
              <button type="button" className="eng-button eng-button--secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('approvals.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
