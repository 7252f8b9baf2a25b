import type { RestHandler } from '../rpc/context.ts';
import { publicApiManagementHandlers } from './management.ts';
import { merchantApiHandlers } from './merchant-api.ts';
import { webhookRestHandlers } from '../webhooks/index.ts';

export { logKeyRequest, merchantKeyGate } from './key-gate.ts';

/**
 * The public API's handlers by operationId (schemas/api/rest.openapi.json): the management paths
 * (/public-api/apikey, /public-api/allowedip, /public-api/apirequest), the webhook paths
 * (/public-api/webhook, /public-api/webhookRequest: server/webhooks/rest-handlers.ts) and the merchant
 * API the keys open (/merchant-api/v1). Served by server/rpc/declared-rest.ts, composed in server/app.ts.
 */
export const publicApiHandlers: Record<string, RestHandler> = { ...publicApiManagementHandlers, ...webhookRestHandlers, ...merchantApiHandlers };
