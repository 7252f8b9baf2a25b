import type { Transaction } from 'kysely';
import type { Adapters } from '../adapters/index.ts';
import type { BusinessRight, Database } from '../db/schema.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';

/**
 * What the transfer service needs to move money: the open database transaction, who acts for which
 * customer, the adapters that deliver codes, and the after-commit queue they are delivered from.
 * The recurring-payment scheduler builds one without a user.
 */
export interface TransferScope {
  trx: Transaction<Database>;
  customerId: number;
  /** The signed-in user; null when the bank itself acts (a scheduled occurrence). */
  userId: number | null;
  /**
   * The user's business rights for the customer, when the caller already read them: an array when they act
   * through a `customer_access` row, null when the customer is their own. Undefined: read them when needed.
   */
  rights?: readonly BusinessRight[] | null;
  adapters: Pick<Adapters, 'messages' | 'push'>;
  afterCommit(effect: () => Promise<void>): void;
}

/**
 * The scope of a money-moving RPC call, whose `ctx.db` is the call's transaction.
 *
 * @example
 * const result = await createTransfer(transferScope(ctx), input);
 */
export function transferScope(ctx: RpcContext): TransferScope {
  const caller = callerOf(ctx);
  if (!ctx.db.isTransaction) {
    throw new Error('Transfers run inside the call\'s transaction: declare the method "moneyMoving": true.');
  }
  return {
    trx: ctx.db as Transaction<Database>,
    customerId: caller.customerId,
    userId: caller.user.userId,
    rights: caller.rights ?? null,
    adapters: ctx.adapters,
    afterCommit: (effect) => ctx.afterCommit(effect),
  };
}
