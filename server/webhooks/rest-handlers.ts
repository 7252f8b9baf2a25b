import type { RestContext, RestHandler } from '../rpc/context.ts';
import { RestNotFound, RpcRefusal } from '../rpc/response-codes.ts';
import { checkUrl, createEndpoint, deleteEndpoint, listEndpoints, pingEndpoint, updateEndpoint } from './endpoints.ts';
import { listRequests, replay } from './log.ts';

/** The customer the call acts for: the declared-REST gate checked the input's customerId against the caller. */
const customerOf = (ctx: RestContext): number => {
  if (!ctx.caller) throw new Error('A webhook management handler needs a signed-in caller: declare its operation with x-access "customer".');
  return ctx.caller.customerId;
};

/**
 * A URL a customer gives for the server to post to: http(s) (checkUrl), and its host resolving only to
 * public addresses (the server's OutboundTargets), else TA1 on `url`. Answers it normalised.
 */
async function publicUrl(url: string, ctx: RestContext): Promise<string> {
  const normalised = checkUrl(url);
  const refused = await ctx.adapters.outboundTargets.refusedAddresses(normalised);
  if (refused.length > 0) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'url', key: 'server.webhooks.urlNotPublic' }] });
  return normalised;
}

/** A refusal of the library that the customer has no such object becomes the REST paths' 404. */
async function foundOr404<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RpcRefusal && error.details.validationErrors?.some((fieldError) => fieldError.key === 'server.webhooks.notFound')) {
      throw new RestNotFound();
    }
    throw error;
  }
}

type Change = { name?: string; url?: string; enabled?: boolean };

/**
 * The webhook paths of the public API (document 002 'Public API (direct paths)'): a customer's endpoints
 * (`public-api/webhook`), a test ping, and the log of delivery attempts (`public-api/webhookRequest`) with
 * replay. Each acts for the customer its customerId names, which the gate checked the caller may act for
 * with companySettings. Served by server/rpc/declared-rest.ts through server/public-api/handlers.ts.
 *
 * @example
 * await declaredRestRoutes(app, { ..., handlers: { ...webhookRestHandlers } });
 */
export const webhookRestHandlers: Record<string, RestHandler> = {
  async webhookList(_input, ctx) {
    return { webhooks: await listEndpoints(ctx.db, customerOf(ctx)) };
  },
  async webhookCreate(input, ctx) {
    const { name, url, enabled } = input as { name: string; url: string; enabled?: boolean };
    const { endpoint, secret } = await createEndpoint(ctx.db, customerOf(ctx), {
      name,
      url: await publicUrl(url, ctx),
      ...(enabled !== undefined ? { enabled } : {}),
    });
    return { webhook: endpoint, secret };
  },
  async webhookUpdate(input, ctx) {
    const { id, name, url, enabled } = input as Change & { id: number };
    const change: Change = {
      ...(name !== undefined ? { name } : {}),
      ...(url !== undefined ? { url: await publicUrl(url, ctx) } : {}),
      ...(enabled !== undefined ? { enabled } : {}),
    };
    return { webhook: await foundOr404(() => updateEndpoint(ctx.db, customerOf(ctx), id, change)) };
  },
  async webhookDelete(input, ctx) {
    await foundOr404(() => deleteEndpoint(ctx.db, customerOf(ctx), (input as { id: number }).id));
    return { deleted: true };
  },
  async webhookPing(input, ctx) {
    const url = await publicUrl((input as { url: string }).url, ctx);
    return pingEndpoint(ctx.db, customerOf(ctx), { url }, { targets: ctx.adapters.outboundTargets });
  },
  async webhookRequestList(input, ctx) {
    const { customerId: _customer, ...filters } = input as {
      customerId?: number;
      limit?: number;
      query?: string;
      fromDate?: string;
      toDate?: string;
      cursor?: string;
    };
    return listRequests(ctx.db, customerOf(ctx), filters);
  },
  async webhookRequestReplay(input, ctx) {
    return { deliveryIds: await foundOr404(() => replay(ctx.db, customerOf(ctx), (input as { id: string }).id)) };
  },
};
