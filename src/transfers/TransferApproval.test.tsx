import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MethodCallError } from '../../engine/index.ts';
import type { SubmitResult } from '../../generated/entities.ts';
import type { RpcCall } from '../../generated/methods.ts';
import { AppProvider } from '../app/app-context.tsx';
import { testServices } from '../testing/app-services.ts';
import { SMS_SUCCESS_CLOSE_MS, TransferApproval } from './TransferApproval.tsx';

const base: SubmitResult = {
  operationId: 41,
  status: 'awaitingConfirmation',
  approveType: 'sms',
  approvalSentTo: '+44 ••• ••• 123',
  availableApprovalMethods: ['sms', 'approvalCode'],
  amount: '25.00',
  toAmount: '25.00',
  fee: '0.25',
  currencyCode: 'USD',
  toCurrencyCode: 'USD',
  exchangeRate: '1',
};

function show(result: SubmitResult | null, rpc: RpcCall, handlers: { onClose?: () => void; onFinished?: (status: string) => void } = {}) {
  const onClose = handlers.onClose ?? vi.fn();
  render(
    <AppProvider services={testServices({ rpc })}>
      <TransferApproval result={result} onClose={onClose} {...(handlers.onFinished ? { onFinished: handlers.onFinished } : {})} />
    </AppProvider>,
  );
  return onClose;
}

afterEach(() => vi.useRealTimers());

describe('TransferApproval', () => {
  it('asks for the sms code, shows a wrong code on its field, then succeeds and closes after 3000 ms', async () => {
    const rpc = vi.fn(async (method: string, params: { approvalCode?: string }) => {
      if (method === 'transferApprove' && params.approvalCode === '111111')
        throw new MethodCallError('TA1', 'Invalid', { approvalCode: 'The code is wrong. 4 attempts left.' });
      if (method === 'transferApprove') return { operationId: 41, status: 'completed' };
      if (method === 'transferStatus') return { operationId: 41, status: 'awaitingConfirmation' };
      throw new Error(`unexpected ${method}`);
    });
    const onFinished = vi.fn();
    const onClose = show(base, rpc as unknown as RpcCall, { onFinished });
    const dialog = screen.getByRole('dialog', { name: 'money.approval.codeTitle' });
    expect(within(dialog).getByText('money.approval.codeSent.sms')).toBeTruthy();
    const input = within(dialog).getByLabelText('money.approval.codeLabel');

    fireEvent.change(input, { target: { value: '111111' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'money.approval.confirm' })));
    expect(await within(dialog).findByText('The code is wrong. 4 attempts left.')).toBeTruthy();
    expect(onFinished).not.toHaveBeenCalled();

    vi.useFakeTimers();
    fireEvent.change(input, { target: { value: '123456' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'money.approval.confirm' })));
    expect(rpc).toHaveBeenCalledWith('transferApprove', { trxid: 41, approvalCode: '123456' });
    expect(onFinished).toHaveBeenCalledWith('completed');
    expect(screen.getByRole('alertdialog', { name: 'money.approval.completedTitle' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(SMS_SUCCESS_CLOSE_MS - 1);
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('says on the code field when no new code can be sent yet, and keeps the popup open', async () => {
    const rpc = vi.fn(async (method: string) => {
      if (method === 'transferApprovalResend')
        throw new MethodCallError('TA1', 'Invalid', { approvalCode: 'A code was sent a moment ago: wait 21 seconds before asking for a new one.' });
      throw new Error(`unexpected ${method}`);
    });
    show(base, rpc as unknown as RpcCall);
    const dialog = screen.getByRole('dialog', { name: 'money.approval.codeTitle' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'money.approval.resend' })));
    expect(rpc).toHaveBeenCalledWith('transferApprovalResend', { trxid: 41 });
    const input = within(dialog).getByLabelText('money.approval.codeLabel');
    expect(within(dialog).getByText('A code was sent a moment ago: wait 21 seconds before asking for a new one.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a code that is not digits before any call', async () => {
    const rpc = vi.fn();
    show(base, rpc as unknown as RpcCall);
    fireEvent.change(screen.getByLabelText('money.approval.codeLabel'), { target: { value: 'abc' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'money.approval.confirm' })));
    expect(screen.getByText('money.approval.codeInvalid')).toBeTruthy();
    expect(rpc).not.toHaveBeenCalled();
  });

  it("says 'Not Operation Id, Fail Operation' for an answer without an operation id", () => {
    show({ ...base, operationId: 0 }, vi.fn() as unknown as RpcCall);
    expect(screen.getByText('money.approval.noOperationId')).toBeTruthy();
  });

  it('shows the approval-request-created title for a business request', () => {
    const onFinished = vi.fn();
    show({ ...base, status: 'awaitingApproval' }, vi.fn() as unknown as RpcCall, { onFinished });
    expect(screen.getByRole('alertdialog', { name: 'money.approval.awaitingApprovalTitle' })).toBeTruthy();
    expect(onFinished).toHaveBeenCalledWith('awaitingApproval');
  });

  it('waits for the phone in push mode and shows the outcome it reports', async () => {
    vi.useFakeTimers();
    let status = 'awaitingConfirmation';
    const rpc = vi.fn(async (method: string) => {
      if (method === 'transferStatus') return { operationId: 41, status };
      throw new Error(`unexpected ${method}`);
    });
    show({ ...base, approveType: 'push', approvalSentTo: 'Pixel 8', availableApprovalMethods: ['push', 'sms'] }, rpc as unknown as RpcCall);
    expect(screen.getByRole('dialog', { name: 'money.approval.pushTitle' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    status = 'completed';
    await act(async () => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('alertdialog', { name: 'money.approval.completedTitle' })).toBeTruthy();
  });

  it('cancels a waiting transfer', async () => {
    const rpc = vi.fn(async (method: string) => {
      if (method === 'transferCancel') return { operationId: 41, status: 'canceled' };
      throw new Error(`unexpected ${method}`);
    });
    show(base, rpc as unknown as RpcCall);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'money.approval.cancelTransfer' })));
    expect(rpc).toHaveBeenCalledWith('transferCancel', { trxid: 41 });
    expect(screen.getByRole('alertdialog', { name: 'money.approval.canceledTitle' })).toBeTruthy();
  });

  it('renders nothing without a result', () => {
    show(null, vi.fn() as unknown as RpcCall);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
