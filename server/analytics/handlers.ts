import type { RpcHandlerMap } from '../../generated/methods.ts';
import { adminCustomerDetail } from '../admin/customers.ts';
import type { RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/**
 * The admin replay (issue 19 item 4): a customer's session recordings, read through the analytics adapter.
 * A customer's recordings are those whose distinct id is the customer's number (the browser identifies the
 * signed-in customer by it). Declared `access: 'admin'`.
 */
export const analyticsHandlers: Pick<RpcHandlerMap<RpcContext>, 'adminRecordingList' | 'adminRecordingGet'> = {
  async adminRecordingList(params, ctx) {
    const customer = await adminCustomerDetail(ctx.db, Number(params.customerId));
    return { recordings: await ctx.adapters.analyticsRecordings.listForPerson(String(customer.customerId)) };
  },
  async adminRecordingGet(params, ctx) {
    const customer = await adminCustomerDetail(ctx.db, Number(params.customerId));
    const recording = await ctx.adapters.analyticsRecordings.batches(params.replayId);
    // A recording of someone else is refused as if it did not exist.
    if (!recording || recording.distinctId !== String(customer.customerId)) throw new RpcRefusal('ENOA');
    return { batches: recording.batches.map((batch) => ({ sequence: batch.sequence, events: batch.events as Record<string, unknown>[] })) };
  },
};
