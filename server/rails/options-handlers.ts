import type { RpcHandlerMap } from '../../generated/methods.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { transferOptions } from './transfer-options.ts';

/** The transfer-options hub's call (document 001 section 3, 'Transfer option'; issue 15 item 1). */
export const optionHandlers: Pick<RpcHandlerMap<RpcContext>, 'transferOptions'> = {
  async transferOptions(params, ctx) {
    const caller = callerOf(ctx);
    const options = await transferOptions(ctx.db, {
      customerId: caller.customerId,
      permission: params.permission ?? '3d',
      ...(ctx.brand ? { brand: ctx.brand } : {}),
      ...(caller.rights ? { rights: caller.rights } : {}),
      now: new Date(),
    });
    return { options };
  },
};
