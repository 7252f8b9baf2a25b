import type { EngineOptions } from '../../engine/index.ts';
import type { RpcCall } from '../../generated/methods.ts';

/**
 * The engine's `lookUpCall`: what became of a money-moving call whose answer the network lost, asked with
 * `moneyCallOutcome` by its idempotency key. A key the server kept for another method is not this call's.
 *
 * @example
 * createScreenRouter({ …, lookUpCall: createCallLookup(rpc) });
 */
export function createCallLookup(rpc: RpcCall): NonNullable<EngineOptions['lookUpCall']> {
  return async (idempotencyKey, method) => {
    const found = await rpc('moneyCallOutcome', { idempotencyKey });
    if (found.outcome === 'none' || (found.method !== undefined && method !== '' && found.method !== method)) return { outcome: 'none' };
    if (found.outcome === 'pending') return { outcome: 'pending' };
    return { outcome: 'answered', answer: found.answer ?? {} };
  };
}
