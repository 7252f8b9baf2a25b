/**
 * What the rails' integration tests (rails-*.test.ts) share: a real server on a back-end for the
 * describe block that calls {@link railTestServer}, its calls as a signed-in customer, the sandbox
 * network a tester drives from /sandbox/rails, and fresh funded customers.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { startTestServer, type Backend, type TestServer } from './harness.ts';
import { accountStates, createPersonalCustomer, fund, openAccount, TEST_PASSWORD } from './ledger-support.ts';

/** A fresh customer of a rail test, signed in, with one funded account. */
export interface RailCustomer {
  customerId: number;
  userId: number;
  email: string;
  /** The account it pays from. */
  account: number;
  tokens: Tokens;
}

/** What the rails' calls answer, as far as the tests read it. */
export interface RailAnswer {
  responseCode: string;
  status?: string;
  operationId?: number;
  transactionId?: number;
  approveType?: string;
  approvalSentTo?: string;
  fee?: string;
  total?: string;
  state?: string;
  reasonCode?: string;
  beneficiaryName?: string;
  cards?: Array<{ id: number; maskedNumber: string; cardBrand: string; holderName: string; issuer?: string }>;
  timeline?: Array<{ state: string; at: string; reasonCode?: string }>;
  validationErrors?: Array<{ field: string; description: string }>;
  [key: string]: unknown;
}

/** The rails' test server and its helpers; `client` and `db` exist once the block's beforeAll has run. */
export interface RailTestServer {
  readonly client: ApiClient;
  /** The server's base address. */
  readonly url: string;
  db(): Kysely<Database>;
  /** A call as the customer whose tokens are given. */
  rpc(method: string, params: object, tokens: Tokens): Promise<RailAnswer>;
  payoutStatus(from: RailCustomer, operationId: number): Promise<RailAnswer>;
  /** The sandbox network settles, returns or fails a payout, as a tester does from /sandbox/rails. */
  network(rail: string, operationId: number, action: string, reasonCode?: string): ReturnType<ApiClient['post']>;
  /** The balance and pending amount of the customer's account. */
  balance(from: RailCustomer): Promise<{ balance: bigint; pending: bigint; balanceMin: bigint }>;
  /** The customer's transfers, by id. */
  transfersOf(from: RailCustomer): Promise<Array<{ id: bigint }>>;
  /** The fields a refusal names, sorted. */
  refusedFields(answer: RailAnswer): string[];
  /** A fresh customer with `funds` minor units in an account of `currency` (USD), signed in; `approveMode` its two-step setting (none). */
  newCustomer(name: string, funds: bigint, options?: { currency?: string; approveMode?: number | null }): Promise<RailCustomer>;
}

/**
 * Starts a real server on `backend` before the tests of the calling describe block and closes it after
 * them, and answers the helpers the rails' tests share.
 *
 * @example
 * for (const backend of BACKENDS) describe(`EFT on ${backend.name}`, () => {
 *   const rails = railTestServer(backend);
 *   it('settles', async () => { const ada = await rails.newCustomer('ada', 100_00n); ... });
 * });
 */
export function railTestServer(backend: Backend): RailTestServer {
  let test: TestServer | undefined;
  let client: ApiClient | undefined;
  beforeAll(async () => {
    test = await startTestServer(backend);
    client = new ApiClient(test.url);
  });
  afterAll(() => test?.close());

  const started = () => {
    if (!test || !client) throw new Error('The rails test server is used before its beforeAll has run.');
    return { test, client };
  };
  const db = () => started().test.server.db;
  const rpc = async (method: string, params: object, tokens: Tokens): Promise<RailAnswer> =>
    (await started().client.rpc(method, params, { token: tokens.accessToken })).body as RailAnswer;
  return {
    get client() {
      return started().client;
    },
    get url() {
      return started().test.url;
    },
    db,
    rpc,
    payoutStatus: (from, operationId) => rpc('payoutStatus', { operationId }, from.tokens),
    network: (rail, operationId, action, reasonCode) =>
      started().client.post(`/sandbox/rails/${rail}/payouts/${rail.toUpperCase()}-${operationId}`, { action, ...(reasonCode ? { reasonCode } : {}) }),
    balance: async (from) => (await accountStates(db(), [from.account])).get(from.account)!,
    transfersOf: (from) => db().selectFrom('transfers').select('id').where('customer_id', '=', from.customerId).execute(),
    refusedFields: (answer) => (answer.validationErrors ?? []).map((error) => error.field).sort(),
    async newCustomer(name, funds, { currency = 'USD', approveMode = null } = {}) {
      const { customerId, userId, email } = await createPersonalCustomer(db(), name, { approveMode });
      const account = await openAccount(db(), customerId, currency);
      if (funds > 0n) await fund(db(), account, funds);
      return { customerId, userId, email, account, tokens: await started().client.signIn(email, TEST_PASSWORD) };
    },
  };
}
