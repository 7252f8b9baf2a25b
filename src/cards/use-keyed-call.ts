import { useRef } from 'react';
import { isMethodCallError } from '../../engine/index.ts';
import type { RpcRequest, RpcResponse } from '../../generated/methods.ts';
import { useApp } from '../app/app-context.tsx';
import { submissionKeys } from '../transfers/idempotency.ts';

/** The card calls that charge a fee or move a balance, declared money-moving. */
export type KeyedCardMethod = 'cardActivate' | 'cardBlock' | 'cardReissue' | 'cardUpgradeShipping';

/**
 * Calls a money-moving card method with an idempotency key per user intent: the same key while the same
 * call is unanswered (a retry after a network failure), a new one once the server has answered, so a
 * retry never charges twice.
 *
 * @example
 * const keyedCall = useKeyedCall();
 * await keyedCall('cardBlock', { accountId });
 */
export function useKeyedCall() {
  const { rpc } = useApp();
  const keys = useRef(submissionKeys()).current;
  return async <M extends KeyedCardMethod>(method: M, values: Omit<RpcRequest<M>, 'idempotencyKey'>): Promise<RpcResponse<M>> => {
    try {
      const answer = await rpc(method, { idempotencyKey: keys.keyFor([method, values]), ...values } as RpcRequest<M>);
      keys.answered();
      return answer;
    } catch (error) {
      // A refusal is an answer, so the next try is a new request; a network failure keeps the key.
      if (isMethodCallError(error)) keys.answered();
      throw error;
    }
  };
}
