import { describe, expect, it, vi } from 'vitest';
import { approvalChallenge } from './approval-challenge.ts';

const asked = {
  status: 'awaitingConfirmation',
  requestId: 9001,
  approveType: 'sms',
  approvalSentTo: '+44 ••• 123',
  availableApprovalMethods: ['sms'],
  expiresInSeconds: 300,
};

describe('the approval challenge', () => {
  it('reads the code the answer asks for, and nothing once the requests are decided', () => {
    const challenge = approvalChallenge();
    expect(challenge.detect(asked)).toEqual({ step: 'code', method: 'sms', methods: ['sms'], sentTo: '+44 ••• 123', canResend: true });
    expect(challenge.detect({ ...asked, approveType: 'otp', approvalSentTo: undefined })).toEqual({
      step: 'code',
      method: 'otp',
      methods: ['otp'],
      canResend: false,
    });
    expect(challenge.detect({ results: [], approved: 1, declined: 0, skipped: 0 })).toBeNull();
    // After the code, the engine merges the decisions over the challenge's answer: still final.
    expect(
      challenge.detect({ ...asked, results: [{ transactionId: 4, outcome: 'approved', status: 'completed' }], approved: 1, declined: 0, skipped: 0 }),
    ).toBeNull();
  });

  it('sends the code back with the same call under a key of its own, the same key for the same code request, a new one after a new code', async () => {
    const challenge = approvalChallenge();
    const callAgain = vi.fn(async () => ({}));
    const ctx = { answer: asked, callAgain, callMethod: vi.fn() };
    await challenge.confirm('000000', ctx);
    await challenge.confirm('123456', ctx);
    const [[wrong], [right]] = callAgain.mock.calls as unknown as [[Record<string, unknown>], [Record<string, unknown>]];
    expect(right).toEqual({ idempotencyKey: expect.any(String), confirm: { requestId: '9001', approvalCode: '123456' } });
    expect(wrong!.idempotencyKey).toBe(right!.idempotencyKey);

    await challenge.resend!(undefined, ctx);
    const [again] = callAgain.mock.calls[2] as unknown as [Record<string, unknown>];
    expect(again).toEqual({ idempotencyKey: expect.any(String) });
    expect(again.idempotencyKey).not.toBe(right!.idempotencyKey);
    await challenge.confirm('654321', { ...ctx, answer: { ...asked, requestId: 9002 } });
    const [next] = callAgain.mock.calls[3] as unknown as [Record<string, unknown>];
    expect(next.idempotencyKey).not.toBe(right!.idempotencyKey);
  });
});
