import type { RpcHandlerMap } from '../../generated/methods.ts';
import { callerOf, type RpcContext } from './context.ts';
import { moneyCallOutcome } from './money-moving.ts';

/** moneyCallOutcome: a money-moving call looked up by its idempotency key, after a network failure. */
export const moneyOutcomeHandlers: Pick<RpcHandlerMap<RpcContext>, 'moneyCallOutcome'> = {
  moneyCallOutcome: (params, ctx) => moneyCallOutcome(ctx.db, callerOf(ctx).customerId, params.idempotencyKey),
};
