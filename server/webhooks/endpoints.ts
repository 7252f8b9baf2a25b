import type { Kysely, Selectable } from 'kysely';
import { seal, unseal } from '../cards/processor.ts';
import { keptRandomKey } from '../db/app-settings.ts';
import type { Database, WebhookEndpointsTable } from '../db/schema.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { messageBody, newMessageId } from './events.ts';
import { sendSigned, type SentRequest, type Transport } from './send.ts';
import { newSigningSecret } from './signing.ts';

/** A webhook endpoint as its screen shows it; the secret never leaves after creation. */
export interface WebhookEndpoint {
  id: number;
  customerId: number;
  name: string;
  enabled: boolean;
  url: string;
  /** 'failing' when the delivery runner disabled it (a delivery failed through the whole retry schedule). */
  disabledReason?: 'failing';
  disabledAt?: string;
  created: string;
}

/** What a new endpoint needs. */
export interface EndpointInput {
  name: string;
  url: string;
  enabled?: boolean;
}

const NAME_LIMIT = 256;
const URL_LIMIT = 2048;

/** The key the signing secrets are sealed under (AES-256-GCM, as the card vault's), kept in app_settings. */
const secretKey = (db: Kysely<Database>) => keptRandomKey(db, 'webhook_secret_key');

const refuse = (field: string, key: string) => new RpcRefusal('TA1', { validationErrors: [{ field, key: `server.webhooks.${key}` }] });

function checkName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw refuse('name', 'nameRequired');
  if (trimmed.length > NAME_LIMIT) throw refuse('name', 'nameTooLong');
  return trimmed;
}

/**
 * A webhook URL must be absolute http or https, at most 2048 characters. Answers it normalised.
 *
 * @example
 * checkUrl('https://shop.example/hooks'); // 'https://shop.example/hooks'
 * checkUrl('ftp://shop.example'); // throws TA1 on url
 */
export function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw refuse('url', 'urlNotHttp');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw refuse('url', 'urlNotHttp');
  if (parsed.username || parsed.password) throw refuse('url', 'urlNotHttp');
  const normalised = parsed.toString();
  if (normalised.length > URL_LIMIT) throw refuse('url', 'urlTooLong');
  return normalised;
}

const endpointView = (row: Selectable<WebhookEndpointsTable>): WebhookEndpoint => ({
  id: row.id,
  customerId: row.customer_id,
  name: row.name,
  enabled: row.enabled,
  url: row.url,
  ...(row.disabled_reason ? { disabledReason: row.disabled_reason } : {}),
  ...(row.disabled_at ? { disabledAt: row.disabled_at.toISOString() } : {}),
  created: row.created_at.toISOString(),
});

/**
 * Creates an endpoint for the customer with a new signing secret, which is answered here ONCE (show it to
 * the customer now; it is kept sealed, only to sign deliveries).
 *
 * @example
 * const { endpoint, secret } = await createEndpoint(db, customerId, { name: 'Shop', url: 'https://shop.example/hooks' });
 * secret; // 'whsec_…'
 */
export async function createEndpoint(db: Kysely<Database>, customerId: number, input: EndpointInput): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const name = checkName(input.name);
  const url = checkUrl(input.url);
  const secret = newSigningSecret();
  const row = await db
    .insertInto('webhook_endpoints')
    .values({ customer_id: customerId, name, url, enabled: input.enabled ?? true, secret_sealed: seal(await secretKey(db), secret) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { endpoint: endpointView(row), secret };
}

/**
 * The customer's endpoints, oldest first.
 *
 * @example
 * const endpoints = await listEndpoints(db, customerId);
 */
export async function listEndpoints(db: Kysely<Database>, customerId: number): Promise<WebhookEndpoint[]> {
  const rows = await db.selectFrom('webhook_endpoints').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
  return rows.map(endpointView);
}

/**
 * Changes an endpoint of the customer (name, url, enabled). Enabling one the runner disabled clears its
 * failure, and its waiting deliveries go on. An endpoint of another customer is not found.
 *
 * @example
 * await updateEndpoint(db, customerId, 3, { enabled: true });
 */
export async function updateEndpoint(db: Kysely<Database>, customerId: number, id: number, change: Partial<EndpointInput>): Promise<WebhookEndpoint> {
  const set = {
    ...(change.name !== undefined ? { name: checkName(change.name) } : {}),
    ...(change.url !== undefined ? { url: checkUrl(change.url) } : {}),
    ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
    ...(change.enabled === true ? { disabled_reason: null, disabled_at: null } : {}),
  };
  // Nothing to change: the endpoint as it is (an empty SET is no SQL).
  const row =
    Object.keys(set).length === 0
      ? await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst()
      : await db.updateTable('webhook_endpoints').set(set).where('id', '=', id).where('customer_id', '=', customerId).returningAll().executeTakeFirst();
  if (!row) throw refuse('id', 'notFound');
  return endpointView(row);
}

/**
 * Deletes an endpoint of the customer, with its queue and its log.
 *
 * @example
 * await deleteEndpoint(db, customerId, 3);
 */
export async function deleteEndpoint(db: Kysely<Database>, customerId: number, id: number): Promise<void> {
  const deleted = await db.deleteFrom('webhook_endpoints').where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw refuse('id', 'notFound');
}

/**
 * The signing secret of an endpoint, unsealed to sign a delivery. Server use only: never answer it to a caller.
 *
 * @example
 * const secret = await endpointSecret(db, endpoint.secret_sealed);
 */
export async function endpointSecret(db: Kysely<Database>, sealed: string): Promise<string> {
  return unseal(await secretKey(db), sealed);
}

/** What a ping answers: the request's outcome, at once. */
export type PingResult = Pick<SentRequest, 'delivered' | 'status' | 'responseBody' | 'error' | 'durationMs'>;

/**
 * A signed test delivery (`webhook.ping`), sent now and answered at once; not queued, not retried, not logged.
 * Give an endpoint of the customer (signed with its secret) or a URL: one of the customer's endpoints with
 * that URL signs it with its secret, another URL (checked before an endpoint is saved) with a throwaway one.
 *
 * @example
 * await pingEndpoint(db, customerId, { url: 'https://shop.example/hooks' }); // { delivered: true, status: 200, … }
 */
export async function pingEndpoint(
  db: Kysely<Database>,
  customerId: number,
  target: { endpointId: number } | { url: string },
  options: Transport & { now?: Date } = {},
): Promise<PingResult> {
  const query = db.selectFrom('webhook_endpoints').select(['url', 'secret_sealed']).where('customer_id', '=', customerId);
  let url: string;
  let sealed: string | undefined;
  if ('endpointId' in target) {
    const endpoint = await query.where('id', '=', target.endpointId).executeTakeFirst();
    if (!endpoint) throw refuse('id', 'notFound');
    ({ url, secret_sealed: sealed } = endpoint);
  } else {
    url = checkUrl(target.url);
    sealed = (await query.where('url', '=', url).orderBy('id').executeTakeFirst())?.secret_sealed;
  }
  const secret = sealed ? await endpointSecret(db, sealed) : newSigningSecret();
  const at = options.now ?? new Date();
  const sent = await sendSigned({ url, secret, id: newMessageId(), at, body: messageBody('webhook.ping', at, { message: 'Webhook test' }) }, options);
  return { delivered: sent.delivered, status: sent.status, responseBody: sent.responseBody, error: sent.error, durationMs: sent.durationMs };
}
