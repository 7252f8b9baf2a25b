import { codeDescription } from '../rpc/response-codes.ts';
import { requestLanguage } from '../i18n/texts.ts';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { HISTORY_STATUS, historyBatches, transactionHistory, type HistoryFilter } from '../accounts/transaction-history.ts';
import { ownsAccount } from '../accounts/balances.ts';
import type { ApiBundle } from '../rpc/api-bundle.ts';
import { verifyAccessToken } from '../auth/access-tokens.ts';
import { touchSession } from '../auth/sessions.ts';
import { resolveActingCustomer } from '../customers/acting-customer.ts';
import type { Database } from '../db/schema.ts';
import { createSchemaValidator, fieldErrors } from '../http/json-schema.ts';
import { historyCsvHeader, historyCsvLines } from './csv.ts';

/** The path of the history export; its query string carries the history filter. */
export const HISTORY_EXPORT_PATH = '/api/export/history.csv';

/** Filter fields the export takes from its query string; paging and sorting are not among them. */
const FILTER_FIELDS = [
  'accountId',
  'keyword',
  'transactionType',
  'operationType',
  'fromDate',
  'toDate',
  'fromAmount',
  'toAmount',
  'transactionDirection',
  'status',
  'email',
  'period',
] as const;
const INTEGER_FIELDS = new Set<string>(['accountId']);

/**
 * The export address of a history filter, as the transactionHistory answer gives it in `exportCsv`.
 *
 * @example
 * historyExportPath({ keyword: 'rent', status: 'completed' }); // '/api/export/history.csv?keyword=rent&status=completed'
 */
export function historyExportPath(params: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const field of FILTER_FIELDS) {
    const value = params[field];
    if (value !== undefined && value !== null && value !== '') query.set(field, String(value));
  }
  const search = query.toString();
  return search ? `${HISTORY_EXPORT_PATH}?${search}` : HISTORY_EXPORT_PATH;
}

/** What the export route needs. */
export interface HistoryExportOptions {
  db: Kysely<Database>;
  bundle: ApiBundle;
  tokenKey: Uint8Array;
}

type Refused = { status: number; responseCode: string; responseDescription: string; validationErrors?: Array<{ field: string; description: string }> };

/** The acting customer of the call with the dispatcher's rules: bearer token, Customer-Id header, the balanceInfo right. */
async function actingCustomer(options: HistoryExportOptions, request: FastifyRequest): Promise<{ customerId: number } | Refused> {
  const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
  const claims = match ? await verifyAccessToken(options.tokenKey, match[1]!) : undefined;
  const user = claims ? await touchSession(options.db, claims) : undefined;
  const language = requestLanguage(request.headers['accept-language']);
  if (!user) return { status: 401, responseCode: 'AU', responseDescription: codeDescription('AU', language) };
  const header = request.headers['customer-id'];
  const acting = Array.isArray(header) ? { refused: 'noAccess' as const } : await resolveActingCustomer(options.db, user, header, 'balanceInfo');
  return 'refused' in acting ? { status: 403, responseCode: '13', responseDescription: codeDescription('13', language) } : acting;
}

/**
 * `GET /api/export/history.csv?<history filter>`: every transaction of the acting customer matching
 * the filter (the transactionHistory filter, checked with the same schema), newest first, as CSV
 * streamed in batches of 1,000 read by keyset: memory stays flat whatever the history's size.
 * `X-Total-Count` tells the browser how many rows to expect (exact up to the history's count cap),
 * for its progress bar. Refusals answer JSON in the backend's envelope: AU (401), 13 (403), TA1 (400).
 *
 * @example
 * await app.register(historyExportRoute, { db, bundle, tokenKey });
 */
export async function historyExportRoute(app: FastifyInstance, options: HistoryExportOptions): Promise<void> {
  const declared = options.bundle.methods.transactionHistory?.request;
  if (!declared) throw new Error('The API bundle lacks transactionHistory: run `npm run codegen`.');
  const validate = createSchemaValidator().compile(declared);

  app.get<{ Querystring: Record<string, string | string[]> }>(HISTORY_EXPORT_PATH, async (request, reply) => {
    const acting = await actingCustomer(options, request);
    if ('status' in acting) {
      const { status, ...body } = acting;
      return reply.code(status).send(body);
    }
    const params: Record<string, unknown> = {};
    for (const field of FILTER_FIELDS) {
      const value = request.query[field];
      if (typeof value !== 'string' || value === '') continue;
      params[field] = INTEGER_FIELDS.has(field) && /^[0-9]{1,10}$/.test(value) ? Number(value) : value;
    }
    const language = requestLanguage(request.headers['accept-language']);
    if (!validate(params)) {
      return reply
        .code(400)
        .send({ responseCode: 'TA1', responseDescription: codeDescription('TA1', language), validationErrors: fieldErrors(validate.errors, language) });
    }
    if (typeof params.accountId === 'number' && !(await ownsAccount(options.db, acting.customerId, params.accountId))) {
      return reply.code(403).send({ responseCode: '13', responseDescription: codeDescription('13', language) });
    }
    const filter: HistoryFilter = { ...(params as Omit<HistoryFilter, 'customerId'>), customerId: acting.customerId };
    if (filter.status !== undefined && !(filter.status in HISTORY_STATUS))
      return reply.code(400).send({ responseCode: 'TA1', responseDescription: codeDescription('TA1', language) });
    const { results } = await transactionHistory(options.db, { ...filter, sortBy: 'transactionDate', sortDirection: 'desc', pageNumber: 1, pageSize: 1 });

    async function* lines() {
      // A byte-order mark, so spreadsheets read the file as UTF-8.
      yield `\uFEFF${historyCsvHeader()}`;
      for await (const batch of historyBatches(options.db, filter, requestLanguage(request.headers['accept-language']))) yield historyCsvLines(batch);
    }
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="transactions-${day}.csv"`)
      .header('Cache-Control', 'no-store')
      .header('X-Total-Count', String(results))
      .send(Readable.from(lines()));
  });
}
