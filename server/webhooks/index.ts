/**
 * Webhooks (issue 18 item 3): a customer's endpoints, events raised inside the business transaction that
 * caused them, signed deliveries (Standard Webhooks) retried by schedule, a log, and replay. The REST paths
 * (`public-api/webhook`, `public-api/webhook/ping`, `public-api/webhookRequest`) and the screens call these.
 */
export { webhookRestHandlers } from './rest-handlers.ts';
export { checkUrl, createEndpoint, deleteEndpoint, listEndpoints, pingEndpoint, updateEndpoint } from './endpoints.ts';
export type { EndpointInput, PingResult, WebhookEndpoint } from './endpoints.ts';
export { checkEventData, enqueueEvent, WEBHOOK_EVENT_TYPES, WebhookEventError } from './events.ts';
export type { WebhookEvent } from './events.ts';
export { deliverDueWebhooks } from './delivery.ts';
export type { DeliveryOptions, DeliveryOutcome } from './delivery.ts';
export { listRequests, replay, WEBHOOK_LOG_MAX_PAGE, WEBHOOK_LOG_PAGE } from './log.ts';
export type { WebhookRequest, WebhookRequestPage, WebhookRequestQuery } from './log.ts';
export { MAX_ATTEMPTS, nextAttemptAt, RETRY_DELAYS_MS } from './schedule.ts';
export { newSigningSecret, signatureHeaders } from './signing.ts';
export type { SignatureHeaders } from './signing.ts';
