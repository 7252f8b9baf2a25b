import { SignJWT } from 'jose';
import type { HelpDesk, HelpDeskContact, HelpDeskThread, HelpDeskTicket, HelpDeskTicketField, HelpDeskUpload } from './helpdesk.ts';
import { HelpDeskUnavailable } from './helpdesk.ts';

/** HELPDESK_URL (the desk's API root) and HELPDESK_TOKEN (the secret the desk verifies our JWTs with). */
export interface HelpDeskGateway {
  url: string;
  token: string;
}

/** How long a contact's help-desk JWT lives; a 401 before then gets a fresh one anyway. */
const JWT_LIFETIME_SECONDS = 600;
/** How long the desk is left alone after a 429 that names no Retry-After. */
const DEFAULT_BACKOFF_MS = 60_000;

type Json = Record<string, unknown>;

const dateOf = (value: unknown): Date | null => (typeof value === 'string' || typeof value === 'number' ? new Date(value) : null);
const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

/** A ticket from the desk's JSON (Zoho-style names: createdTime, modifiedTime, cf.cf_customer_read_at). */
function ticketFrom(json: Json): HelpDeskTicket {
  const last = json.lastThread as Json | undefined;
  const lastAt = last ? dateOf(last.createdTime) : null;
  const custom = (json.cf ?? {}) as Json;
  return {
    id: text(json.id),
    ticketNumber: text(json.ticketNumber),
    contactId: text((json.contact as Json | undefined)?.externalId ?? json.contactId),
    subject: text(json.subject),
    status: text(json.status),
    lastThread: last && lastAt ? { createdAt: lastAt, to: last.direction === 'out' ? 'customer' : 'desk' } : null,
    customerReadAt: dateOf(custom.cf_customer_read_at),
    createdAt: dateOf(json.createdTime) ?? new Date(0),
    updatedAt: dateOf(json.modifiedTime) ?? dateOf(json.createdTime) ?? new Date(0),
  };
}

/** A field of GET /ticketsFields (Zoho-style: apiName, isMandatory, allowedValues for a picklist). */
function ticketFieldFrom(json: Json): HelpDeskTicketField {
  const allowed = Array.isArray(json.allowedValues) ? (json.allowedValues as unknown[]) : [];
  return {
    name: text(json.apiName ?? json.name),
    required: json.isMandatory === true,
    choices: allowed
      .map(text)
      .filter((value) => value !== '' && value !== '-None-')
      .map((value) => ({ value, label: value })),
  };
}

function threadFrom(json: Json): HelpDeskThread {
  const attachment = (json.attachments as Json[] | undefined)?.[0];
  return {
    id: text(json.id),
    direction: json.direction === 'out' ? 'out' : 'in',
    authorName: text((json.author as Json | undefined)?.name),
    content: text(json.content ?? json.summary),
    attachment: attachment ? { fileName: text(attachment.name), mediaType: text(attachment.contentType) || 'application/octet-stream' } : null,
    createdAt: dateOf(json.createdTime) ?? new Date(0),
  };
}

/**
 * The real help desk over its REST API. Every call carries a short-lived JWT naming the contact
 * (the help-desk JWT the product's own backend issues, document 002 section 7), signed with
 * HELPDESK_TOKEN, so the desk shows each contact only their own tickets. Error rules of document 002
 * section 8: a 401 gets a fresh JWT and one retry; a 429 marks the desk failed and later calls are
 * cancelled until Retry-After passes; any 2xx clears the failure.
 *
 * @example
 * const desk = restHelpDesk({ url: 'https://desk.example/api/v1', token: process.env.HELPDESK_TOKEN! });
 */
export function restHelpDesk(gateway: HelpDeskGateway, send: typeof fetch = fetch): HelpDesk {
  const secret = new TextEncoder().encode(gateway.token);
  const jwts = new Map<string, { jwt: string; expiresAt: number }>();
  let failedUntil = 0;

  async function jwtFor(contact: HelpDeskContact, fresh: boolean): Promise<string> {
    const kept = jwts.get(contact.id);
    if (!fresh && kept && kept.expiresAt > Date.now() + 10_000) return kept.jwt;
    const jwt = await new SignJWT({ email: contact.email, name: contact.name })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(contact.id)
      .setIssuedAt()
      .setExpirationTime(`${JWT_LIFETIME_SECONDS}s`)
      .sign(secret);
    jwts.set(contact.id, { jwt, expiresAt: Date.now() + JWT_LIFETIME_SECONDS * 1000 });
    return jwt;
  }

  /** One call with the rules of section 8; answers the desk's 2xx (or 404) response. */
  async function respond(contact: HelpDeskContact, method: string, path: string, body?: Json | FormData): Promise<Response> {
    if (Date.now() < failedUntil) {
      throw new HelpDeskUnavailable('The help desk asked us to slow down; try again in a minute.', true, new Date(failedUntil));
    }
    const attempt = async (fresh: boolean) =>
      send(`${gateway.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await jwtFor(contact, fresh)}`,
          ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(30_000),
      });
    let response = await attempt(false).catch((error: Error) => {
      throw new HelpDeskUnavailable(`The help desk at ${gateway.url} could not be reached: ${error.message}`);
    });
    if (response.status === 401) response = await attempt(true);
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after'));
      failedUntil = Date.now() + (Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_BACKOFF_MS);
      throw new HelpDeskUnavailable('The help desk asked us to slow down; try again in a minute.', true, new Date(failedUntil));
    }
    if (response.status === 404) return response;
    if (!response.ok) throw new HelpDeskUnavailable(`The help desk answered ${response.status} to ${method} ${path}; check HELPDESK_URL and HELPDESK_TOKEN.`);
    failedUntil = 0;
    return response;
  }

  async function call(contact: HelpDeskContact, method: string, path: string, body?: Json | FormData): Promise<Json> {
    const response = await respond(contact, method, path, body);
    return response.status === 204 || response.status === 404 ? {} : ((await response.json()) as Json);
  }

  async function upload(contact: HelpDeskContact, file: HelpDeskUpload): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file.content)], { type: file.mediaType }), file.fileName);
    return text((await call(contact, 'POST', '/uploads', form)).id);
  }

  return {
    async listTickets(contact, { from, limit }) {
      const answer = await call(contact, 'GET', `/tickets?from=${from}&limit=${limit}&sortBy=-modifiedTime&include=lastThread`);
      const tickets = ((answer.data ?? []) as Json[]).map(ticketFrom);
      return { tickets, total: typeof answer.count === 'number' ? answer.count : from - 1 + tickets.length };
    },
    async findTicket(contact, ticketNumber) {
      const answer = await call(contact, 'GET', `/tickets/search?ticketNumber=${encodeURIComponent(ticketNumber)}&include=lastThread`);
      const found = ((answer.data ?? []) as Json[])[0];
      return found ? ticketFrom(found) : null;
    },
    async conversations(contact, ticketId, limit) {
      const answer = await call(contact, 'GET', `/tickets/${encodeURIComponent(ticketId)}/conversations?from=1&limit=${limit}`);
      return ((answer.data ?? []) as Json[]).map(threadFrom).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },
    async ticketFields(contact) {
      const answer = await call(contact, 'GET', '/ticketsFields?module=tickets');
      return ((answer.data ?? []) as Json[]).map(ticketFieldFrom).filter((field) => field.name !== '');
    },
    async createTicket(contact, { subject, category, content, attachment }) {
      const uploads = attachment ? [await upload(contact, attachment)] : [];
      return ticketFrom(
        await call(contact, 'POST', '/tickets', {
          subject,
          ...(category ? { category } : {}),
          description: content,
          contact: { externalId: contact.id, email: contact.email, lastName: contact.name },
          uploads,
        }),
      );
    },
    async addCustomerThread(ticketId, contact, { content, attachment }) {
      const uploads = attachment ? [await upload(contact, attachment)] : [];
      return threadFrom(await call(contact, 'POST', `/tickets/${encodeURIComponent(ticketId)}/threads`, { content, direction: 'in', uploads }));
    },
    async setCustomerReadAt(contact, ticketId, readAt) {
      await call(contact, 'PUT', `/tickets/${encodeURIComponent(ticketId)}`, { cf: { cf_customer_read_at: readAt.toISOString() } });
    },
    async attachment(contact, ticketId, threadId) {
      const thread = await call(contact, 'GET', `/tickets/${encodeURIComponent(ticketId)}/threads/${encodeURIComponent(threadId)}`);
      const file = (thread.attachments as Json[] | undefined)?.[0];
      const href = text(file?.href);
      // Only a path on the desk itself is followed: the token is never sent anywhere else.
      if (!file || !href) return null;
      const path = href.startsWith(gateway.url) ? href.slice(gateway.url.length) : href;
      if (!path.startsWith('/')) return null;
      const response = await respond(contact, 'GET', path);
      if (response.status === 404) return null;
      return {
        fileName: text(file.name) || 'attachment',
        mediaType: text(file.contentType) || response.headers.get('content-type') || 'application/octet-stream',
        content: Buffer.from(await response.arrayBuffer()),
      };
    },
  };
}
