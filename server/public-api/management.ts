import type { RestContext, RestHandler } from '../rpc/context.ts';
import { RestNotFound } from '../rpc/response-codes.ts';
import { createAllowedIp, deleteAllowedIp, listAllowedIps, updateAllowedIp } from './allowed-ips.ts';
import { apiRequests } from './key-gate.ts';
import { createApiKey, deleteApiKey, listApiKeys, updateApiKey } from './keys.ts';

/** The customer the call acts for: the declared-REST gate checked the input's customerId against the caller. */
const customerOf = (ctx: RestContext): number => {
  if (!ctx.caller) throw new Error('A public-api management handler needs a signed-in caller: declare its operation with x-access "customer".');
  return ctx.caller.customerId;
};

const found = <T>(value: T | undefined | false): T => {
  if (value === undefined || value === false) throw new RestNotFound();
  return value;
};

type Input = Record<string, unknown> & { id: number };

/**
 * The public API's management paths (document 002 'Public API (direct paths)'): a customer's API keys,
 * the IP ranges they may be used from, and the log of requests made with them. Each acts for the
 * customer its customerId names, which the gate checked the caller may act for with companySettings.
 */
export const publicApiManagementHandlers: Record<string, RestHandler> = {
  async apikeyList(_input, ctx) {
    return { apiKeys: await listApiKeys(ctx.db, customerOf(ctx)) };
  },
  async apikeyCreate(input, ctx) {
    return createApiKey(ctx.db, customerOf(ctx), input as { name: string; enabled?: boolean });
  },
  async apikeyUpdate(input, ctx) {
    const { id, name, enabled } = input as Input & { name?: string; enabled?: boolean };
    return {
      apiKey: found(
        await updateApiKey(ctx.db, customerOf(ctx), id, { ...(name !== undefined ? { name } : {}), ...(enabled !== undefined ? { enabled } : {}) }),
      ),
    };
  },
  async apikeyDelete(input, ctx) {
    return { deleted: found(await deleteApiKey(ctx.db, customerOf(ctx), (input as Input).id)) };
  },
  async allowedipList(_input, ctx) {
    return { allowedIps: await listAllowedIps(ctx.db, customerOf(ctx)) };
  },
  async allowedipCreate(input, ctx) {
    return { allowedIp: await createAllowedIp(ctx.db, customerOf(ctx), input as { name: string; enabled?: boolean; ipFrom: string; ipTo: string }) };
  },
  async allowedipUpdate(input, ctx) {
    const { id, customerId: _customer, ...change } = input as Input & { name?: string; enabled?: boolean; ipFrom?: string; ipTo?: string };
    return { allowedIp: found(await updateAllowedIp(ctx.db, customerOf(ctx), id, change)) };
  },
  async allowedipDelete(input, ctx) {
    return { deleted: found(await deleteAllowedIp(ctx.db, customerOf(ctx), (input as Input).id)) };
  },
  async apirequestList(input, ctx) {
    const { customerId: _customer, ...filter } = input as {
      customerId?: number;
      apiKeyId?: number;
      fromDate?: string;
      toDate?: string;
      pageNumber?: number;
      pageSize?: number;
    };
    return apiRequests(ctx.db, customerOf(ctx), filter);
  },
};
