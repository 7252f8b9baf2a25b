import { describe, expect, it, vi } from 'vitest';
import { MethodCallError } from '../../engine/index.ts';
import type { RpcCall } from '../../generated/methods.ts';
import { transferChallenge } from './transfer-challenge.ts';

const waiting = {
  operationId: 41,
  status: 'awaitingConfirmation',
  approveType: 'sms',
  approvalSentTo: '+44 ••• 123',
  availableApprovalMethods: ['sms', 'push', 'otp'],
  amount: '25.00',
  fee: '0.25',
  currencyCode: 'USD',
};

function handler(answers: Record<string, (params: Record<string, unknown>) => unknown>) {
  const rpc = vi.fn(async (method: string, params: Record<string, unknown>) => {
    const answer = answers[method];
    if (!answer) throw new Error(`unexpected ${method}`);
    return answer(params);
  });
  const ctx = { answer: waiting, callAgain: vi.fn(), callMethod: vi.fn() };
  return { challenge: transferChallenge(rpc as unknown as RpcCall), rpc, ctx };
}

describe('the transfer challenge', () => {
  it('reads the second factor the answer asks for: a code, or approval on the phone; nothing once final', () => {
    const { challenge } = handler({});
    expect(challenge.detect(waiting)).toEqual({ step: 'code', method: 'sms', methods: ['sms', 'push', 'otp'], sentTo: '+44 ••• 123', canResend: true });
    expect(challenge.detect({ ...waiting, approveType: 'push' })).toMatchObject({ step: 'wait', method: 'push' });
    expect(challenge.detect({ ...waiting, approveType: 'otp' })).toMatchObject({ step: 'code', canResend: false });
    expect(challenge.detect({ ...waiting, status: 'completed' })).toBeNull();
    expect(challenge.detect({ status: 'awaitingConfirmation', approveType: 'sms' })).toBeNull();
  });

  it('sends the code to transferApprove, and a refused code that ended the transfer ends the step with its status', async () => {
    const { challenge, rpc, ctx } = handler({
      transferApprove: (params) => {
        if (params.approvalCode === '111111') throw new MethodCallError('TA1', 'Invalid', { approvalCode: 'Too many attempts.' });
        return { operationId: 41, status: 'completed' };
      },
      transferStatus: () => ({ operationId: 41, status: 'declined' }),
    });
    await expect(challenge.confirm('123456', ctx)).resolves.toEqual({ operationId: 41, status: 'completed' });
    expect(rpc).toHaveBeenCalledWith('transferApprove', { trxid: 41, approvalCode: '123456' });
    await expect(challenge.confirm('111111', ctx)).resolves.toEqual({ operationId: 41, status: 'declined' });
  });

  it('keeps a refused code on the code field while the transfer still waits for one', async () => {
    const { challenge, ctx } = handler({
      transferApprove: () => {
        throw new MethodCallError('TA1', 'Invalid', { approvalCode: 'The code is wrong. 4 attempts left.' });
      },
      transferStatus: () => ({ operationId: 41, status: 'awaitingConfirmation' }),
    });
    await expect(challenge.confirm('111111', ctx)).rejects.toMatchObject({ fieldErrors: { approvalCode: 'The code is wrong. 4 attempts left.' } });
    expect(challenge.codeFields).toEqual(['approvalCode']);
  });

  it('resends by another method, polls and cancels with the operation id', async () => {
    const { challenge, rpc, ctx } = handler({
      transferApprovalResend: () => ({ operationId: 41, status: 'awaitingConfirmation', approveType: 'push', availableApprovalMethods: ['sms', 'push'] }),
      transferStatus: () => ({ operationId: 41, status: 'completed' }),
      transferCancel: () => ({ operationId: 41, status: 'canceled' }),
    });
    await challenge.resend!('push', ctx);
    await challenge.poll!(ctx);
    await challenge.cancel!(ctx);
    expect(rpc.mock.calls).toEqual([
      ['transferApprovalResend', { trxid: 41, approveType: 'push' }],
      ['transferStatus', { trxid: 41 }],
      ['transferCancel', { trxid: 41 }],
    ]);
  });

  it("checks a code with transferApprove's own rule before sending it", () => {
    const { challenge } = handler({});
    expect(new RegExp(String(challenge.codeSchema!.pattern)).test('123456')).toBe(true);
    expect(new RegExp(String(challenge.codeSchema!.pattern)).test('12a')).toBe(false);
  });
});
