/**
 * What the mass-payment integration tests share: the shape of a batch call's answer, a CSV file as the
 * data URL the upload calls take, and Northwind's clerk and approver for the approvals queue.
 */
import { APPROVALS_DEMO_LOGIN } from '../../server/approvals/demo-seed.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { startTestServer, type Backend, type TestServer } from './harness.ts';

/** A batch call's answer: upload (summary, row errors, batch id), status, payments, files and refusals. */
export interface BatchAnswer {
  responseCode: string;
  responseDescription?: string;
  summary?: Record<string, unknown>;
  errors?: Array<{ row: number; field: string; message: string }>;
  batchId?: number;
  status?: string;
  date?: string;
  processed?: number;
  failed?: number;
  count?: number;
  payments?: Array<Record<string, unknown>>;
  total?: number;
  fileName?: string;
  content?: string;
  state?: string;
  timeline?: Array<{ state: string }>;
  validationErrors?: Array<{ field: string; description: string }>;
}

/** A CSV text as the data URL (with its file name) an upload call takes. */
export const csvDataUrl = (text: string, name = 'batch.csv'): string => `data:text/csv;name=${name};base64,${Buffer.from(text, 'utf8').toString('base64')}`;

/** A test server with Northwind's clerk (who may only initiate) and its approver signed in, and the clerk's USD account. */
export interface NorthwindApprovals {
  test: TestServer;
  client: ApiClient;
  clerk: Tokens;
  approver: Tokens;
  accountId: number;
}

/**
 * Starts a test server on `backend` and signs in Northwind's clerk and approver (the demo data's approvals
 * queue), for the tests of batches decided in that queue.
 *
 * @example
 * ({ test, client, clerk, approver, accountId } = await startNorthwindApprovals(backend));
 */
export async function startNorthwindApprovals(backend: Backend): Promise<NorthwindApprovals> {
  const test = await startTestServer(backend);
  const client = new ApiClient(test.url);
  const clerk = await client.signIn(APPROVALS_DEMO_LOGIN);
  const approver = await client.signIn(DEMO_LOGINS.business);
  const accounts = (await client.rpc('balanceInquiry', {}, { token: clerk.accessToken })).body.accounts as Array<{ accountId: number; currencyCode: string }>;
  const accountId = accounts.find((account) => account.currencyCode === 'USD')!.accountId;
  return { test, client, clerk, approver, accountId };
}
