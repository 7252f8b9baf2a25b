import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubmitResult } from '../../generated/entities.ts';
import { Dialog, formatMoney, isMethodCallError } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { useCodeField } from '../app/use-code-field.tsx';
import './transfers.css';

/** The sms success popup closes by itself after this long (document 001 section 4). */
export const SMS_SUCCESS_CLOSE_MS = 3000;
/** How often the push wait asks whether the phone has answered. */
const PUSH_POLL_MS = 2000;

type Status = SubmitResult['status'];
type ApproveType = NonNullable<SubmitResult['approveType']>;

/** Where the dialog stands: the server's answer, then the customer's code, then the outcome. */
type Stage =
  | { kind: 'code'; approveType: Exclude<ApproveType, 'push'>; sentTo?: string; methods: ApproveType[] }
  | { kind: 'push'; sentTo?: string; methods: ApproveType[] }
  | { kind: 'outcome'; status: Status; confirmedBy?: ApproveType };

const isFinal = (status: Status) => status !== 'awaitingConfirmation';

function firstStage(result: SubmitResult): Stage {
  if (result.status !== 'awaitingConfirmation' || !result.approveType) return { kind: 'outcome', status: result.status };
  const methods = result.availableApprovalMethods ?? [result.approveType];
  if (result.approveType === 'push') return { kind: 'push', ...(result.approvalSentTo ? { sentTo: result.approvalSentTo } : {}), methods };
  return { kind: 'code', approveType: result.approveType, ...(result.approvalSentTo ? { sentTo: result.approvalSentTo } : {}), methods };
}

/** What the customer sees once the transfer is answered for, by status. */
const OUTCOME_TITLE: Record<Status, string> = {
  completed: 'money.approval.completedTitle',
  awaitingPayee: 'money.approval.awaitingPayeeTitle',
  awaitingApproval: 'money.approval.awaitingApprovalTitle',
  awaitingConfirmation: 'money.approval.codeTitle',
  declined: 'money.approval.declinedTitle',
  canceled: 'money.approval.canceledTitle',
  failed: 'money.approval.failedTitle',
};

/**
 * The second factor after a transfer is created, and its outcome (document 001 section 4):
 * - no approval mode: the success straight away;
 * - push: 'confirm on your device', waiting for the phone's answer, with re-send and cancel;
 * - sms, otp or approval code: a code popup calling `transferApprove`, with re-send and a choice of
 *   another method; the sms success popup closes itself after 3000 ms;
 * - a business request (access-right value 3): the approval-request-created title;
 * - an answer without an operation id: 'Not Operation Id, Fail Operation'.
 * Renders nothing while `result` is null.
 *
 * @example
 * ```tsx
 * const [result, setResult] = useState<SubmitResult | null>(null);
 * // after submit: setResult(await rpc('p2pTransfer', params));
 * <TransferApproval result={result} onClose={() => setResult(null)} onFinished={(status) => status === 'completed' && reset()} />
 * ```
 */
export function TransferApproval({
  result,
  onClose,
  onFinished,
}: {
  result: SubmitResult | null;
  /** The dialog was closed: by the customer, or by itself after an sms success. */
  onClose: () => void;
  /** The transfer reached a status that needs nothing more from the customer. */
  onFinished?: (status: Status) => void;
}) {
  if (!result) return null;
  if (!result.operationId) return <NoOperation onClose={onClose} />;
  return <ApprovalFlow key={result.operationId} result={result} onClose={onClose} onFinished={onFinished} />;
}

function NoOperation({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog role="alertdialog" title={t('money.approval.failedTitle')} onClose={onClose} buttons={<CloseButton onClose={onClose} />}>
      <p>{t('money.approval.noOperationId')}</p>
    </Dialog>
  );
}

function CloseButton({ onClose, label }: { onClose: () => void; label?: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="eng-button eng-button--primary" onClick={onClose}>
      {label ?? t('money.approval.close')}
    </button>
  );
}

function ApprovalFlow({ result, onClose, onFinished }: { result: SubmitResult; onClose: () => void; onFinished?: ((status: Status) => void) | undefined }) {
  const { t, i18n } = useTranslation();
  const { rpc, feedback } = useApp();
  const [stage, setStage] = useState<Stage>(() => firstStage(result));
  const code = useCodeField(t('money.approval.codeLabel'), t('money.approval.codeInvalid'));
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const trxid = result.operationId;

  const finish = (status: Status, confirmedBy?: ApproveType) => {
    setStage({ kind: 'outcome', status, ...(confirmedBy ? { confirmedBy } : {}) });
    onFinished?.(status);
  };

  // A transfer that needed nothing more is finished as soon as it is shown.
  useEffect(() => {
    if (stage.kind === 'outcome') onFinished?.(stage.status);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the first answer
  }, []);

  // The sms success popup closes itself.
  useEffect(() => {
    if (stage.kind !== 'outcome' || stage.confirmedBy !== 'sms' || stage.status !== 'completed') return;
    const timer = setTimeout(onClose, SMS_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [stage, onClose]);

  // Push: ask until the phone has answered.
  useEffect(() => {
    if (stage.kind !== 'push') return;
    let stopped = false;
    const ask = async () => {
      try {
        const answer = await rpc('transferStatus', { trxid });
        if (!stopped && isFinal(answer.status)) finish(answer.status, 'push');
      } catch {
        // The next tick asks again; a lasting failure shows when the customer acts.
      }
    };
    const timer = setInterval(() => void ask(), PUSH_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one poll per push stage
  }, [stage.kind, trxid]);

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    if (stage.kind !== 'code') return;
    const approvalCode = code.take();
    if (approvalCode === undefined) return;
    setPending(true);
    try {
      const answer = await rpc('transferApprove', { trxid, approvalCode });
      finish(answer.status, stage.approveType);
    } catch (error) {
      if (isMethodCallError(error) && error.fieldErrors.approvalCode) {
        code.refuse(error.fieldErrors.approvalCode);
        const status = await rpc('transferStatus', { trxid }).catch(() => null);
        if (status && isFinal(status.status)) finish(status.status);
      } else {
        feedback.showError(error);
      }
    } finally {
      setPending(false);
    }
  };

  const resend = async (approveType?: ApproveType) => {
    setPending(true);
    code.clearError();
    try {
      const answer = await rpc('transferApprovalResend', { trxid, ...(approveType ? { approveType } : {}) });
      code.reset();
      setStage(firstStage({ ...result, ...answer }));
      setNotice(t('money.approval.resent'));
    } catch (error) {
      // Too many codes, or one a moment ago: said on the code field, where the person is looking.
      if (isMethodCallError(error) && error.fieldErrors.approvalCode) code.refuse(error.fieldErrors.approvalCode);
      else feedback.showError(error);
    } finally {
      setPending(false);
    }
  };

  const cancel = async () => {
    setPending(true);
    try {
      await rpc('transferCancel', { trxid });
      finish('canceled');
    } catch (error) {
      feedback.showError(error);
    } finally {
      setPending(false);
    }
  };

  const amount = formatMoney(result.amount, result.currencyCode, i18n.language);
  const summary = (
    <p className="transfer-approval__summary">
      {t('money.approval.summary', { amount, fee: formatMoney(result.fee, result.currencyCode, i18n.language) })}
      {result.toCurrencyCode !== result.currencyCode
        ? ` ${t('money.approval.receives', { amount: formatMoney(result.toAmount, result.toCurrencyCode, i18n.language), rate: result.exchangeRate })}`
        : ''}
    </p>
  );
  const otherMethods = stage.kind === 'outcome' ? [] : stage.methods.filter((method) => method !== (stage.kind === 'push' ? 'push' : stage.approveType));

  if (stage.kind === 'outcome') {
    const good = ['completed', 'awaitingPayee', 'awaitingApproval'].includes(stage.status);
    return (
      <Dialog role="alertdialog" title={t(OUTCOME_TITLE[stage.status])} onClose={onClose} buttons={<CloseButton onClose={onClose} />}>
        <div className={`transfer-approval__outcome transfer-approval__outcome--${good ? 'good' : 'bad'}`} role="status">
          {summary}
          <p>{t(`money.approval.${stage.status}Text`)}</p>
          {stage.confirmedBy === 'sms' && stage.status === 'completed' ? <p className="transfer-approval__meta">{t('money.approval.closesSoon')}</p> : null}
        </div>
      </Dialog>
    );
  }

  const buttonsCommon = (
    <>
      <button type="button" className="eng-button eng-button--secondary" disabled={pending} onClick={() => void cancel()}>
        {t('money.approval.cancelTransfer')}
      </button>
    </>
  );

  if (stage.kind === 'push') {
    return (
      <Dialog title={t('money.approval.pushTitle')} buttons={buttonsCommon}>
        {summary}
        <p role="status" aria-live="polite" className="transfer-approval__waiting">
          <span className="transfer-approval__spinner" aria-hidden="true" />
          {stage.sentTo ? t('money.approval.pushSent', { to: stage.sentTo }) : t('money.approval.pushWaiting')}
        </p>
        {notice ? <p role="status">{notice}</p> : null}
        <div className="transfer-approval__links">
          <button type="button" className="eng-button eng-button--link" disabled={pending} onClick={() => void resend('push')}>
            {t('money.approval.resend')}
          </button>
          {otherMethods.map((method) => (
            <button key={method} type="button" className="eng-button eng-button--link" disabled={pending} onClick={() => void resend(method)}>
              {t(`money.approval.useMethod.${method}`)}
            </button>
          ))}
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title={t('money.approval.codeTitle')} initialFocus={code.ref}>
      {summary}
      <p>{stage.sentTo ? t(`money.approval.codeSent.${stage.approveType}`, { to: stage.sentTo }) : t(`money.approval.codeAsk.${stage.approveType}`)}</p>
      {notice ? <p role="status">{notice}</p> : null}
      <form className="transfer-approval__form" onSubmit={(event) => void confirm(event)} noValidate>
        {code.field}
        <div className="eng-dialog__buttons">
          {buttonsCommon}
          <button type="submit" className="eng-button eng-button--primary" disabled={pending}>
            {t('money.approval.confirm')}
          </button>
        </div>
      </form>
      <div className="transfer-approval__links">
        {stage.approveType !== 'otp' ? (
          <button type="button" className="eng-button eng-button--link" disabled={pending} onClick={() => void resend()}>
            {t('money.approval.resend')}
          </button>
        ) : null}
        {otherMethods.map((method) => (
          <button key={method} type="button" className="eng-button eng-button--link" disabled={pending} onClick={() => void resend(method)}>
            {t(`money.approval.useMethod.${method}`)}
          </button>
        ))}
      </div>
    </Dialog>
  );
}
