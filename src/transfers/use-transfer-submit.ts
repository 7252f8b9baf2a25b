import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { isMethodCallError } from '../../engine/index.ts';
import type { SubmitResult } from '../../generated/entities.ts';
import type { RpcRequest } from '../../generated/methods.ts';
import { useApp } from '../app/app-context.tsx';
import { submissionKeys } from './idempotency.ts';

/** The money-moving methods whose answer is a transfer's submit result. */
export type TransferMethod = 'p2pTransfer' | 'accountTransfer' | 'invoicePay' | 'cardLoad';

/** What a transfer form needs to submit: the call, its progress, field errors, and the answer for the dialog. */
export interface TransferSubmit<M extends TransferMethod> {
  /** Sends the values with an idempotency key; resolves with the answer, or undefined when refused or failed. */
  submit(values: Omit<RpcRequest<M>, 'idempotencyKey'>): Promise<SubmitResult | undefined>;
  pending: boolean;
  errors: Record<string, string>;
  setErrors: Dispatch<SetStateAction<Record<string, string>>>;
  /** The last answer, for `<TransferApproval result={…}>`; null once the dialog is closed. */
  result: SubmitResult | null;
  closeResult(): void;
}

/**
 * Submits a transfer form the one way every transfer screen does: a fresh idempotency key per
 * submission and the same one when the same submission is retried after a network failure (a refusal
 * is an answer, so the next submission is new); field errors land on their fields, other failures in
 * the popup; the answer goes to the TransferApproval dialog.
 *
 * @example
 * const transfer = useTransferSubmit('p2pTransfer');
 * await transfer.submit({ accountId, amount, toEmail });
 * return <TransferApproval result={transfer.result} onClose={transfer.closeResult} />;
 */
export function useTransferSubmit<M extends TransferMethod>(method: M): TransferSubmit<M> {
  const { rpc, feedback } = useApp();
  const keys = useRef(submissionKeys()).current;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<SubmitResult | null>(null);

  const submit = async (values: Omit<RpcRequest<M>, 'idempotencyKey'>) => {
    setPending(true);
    setErrors({});
    try {
      const answer = (await rpc(method, { idempotencyKey: keys.keyFor(values), ...values } as RpcRequest<M>)) as SubmitResult;
      keys.answered();
      setResult(answer);
      return answer;
    } catch (error) {
      if (isMethodCallError(error)) keys.answered();
      if (isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
      else feedback.showError(error);
      return undefined;
    } finally {
      setPending(false);
    }
  };
  return { submit, pending, errors, setErrors, result, closeResult: () => setResult(null) };
}
