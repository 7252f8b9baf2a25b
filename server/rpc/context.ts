import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Adapters } from '../adapters/index.ts';
import type { SignedInUser } from '../auth/sessions.ts';
import type { BusinessRight, Database } from '../db/schema.ts';
import type { MethodDeclaration } from './api-bundle.ts';
import type { RpcRefusal } from './response-codes.ts';

/** The signed-in user and the customer the call acts for. */
export interface Caller {
  user: SignedInUser;
  /** The acting customer: the Customer-Id header's, else the user's own. */
  customerId: number;
  /**
   * The user's business rights for the acting customer, read once per call when they act through a
   * `customer_access` row; absent when the customer is their own (everything) or an admin acts.
   */
  rights?: readonly BusinessRight[];
}

/**
 * Who calls and for whom, decided before the handler runs: no caller for a public method, the caller
 * otherwise, or the refusal to answer (AU, 13). The server's composition provides it (server/app.ts).
 */
export type CallerGate = (declaration: MethodDeclaration, request: FastifyRequest) => Promise<{ caller?: Caller; refusal?: RpcRefusal }>;

/** What every RPC handler receives besides its params. */
export interface RpcContext {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** The services outside the product (SMS, e-mail...), sandboxed outside production. */
  adapters: Adapters;
  /** The caller's IP address as the server sees it (ipInfo, the IP privacy check). */
  ip?: string;
  /** Where links in e-mails point: the server's public URL (PUBLIC_URL) when set, else the origin the caller reached it at. */
  origin?: string;
  /** The brand the server runs as (brands/<id>): the documents it writes carry its letterhead. */
  brand?: string;
  /** The request's Accept-Language: the language the application shows, for the documents it asks for. */
  acceptLanguage?: string;
  /** Absent only for methods declared `access: 'public'`. */
  caller?: Caller;
  /**
   * Queues an effect outside the database (an SMS, an e-mail, a push) to run once the call's answer
   * is final. In a money-moving call `db` is the call's open transaction: sending from inside it
   * would announce what a retry may still undo (and on PGlite would wait forever for the connection).
   */
  afterCommit(effect: () => Promise<void>): void;
}

/**
 * The caller of a method that is not public. The dispatcher always provides one for such methods,
 * so a missing caller means the method is declared public but reads the caller: fix the declaration.
 *
 * @example
 * const { customerId } = callerOf(ctx);
 */
export function callerOf(ctx: RpcContext): Caller {
  if (!ctx.caller) throw new Error('This handler needs a signed-in caller but its method is declared public: declare it with access "customer".');
  return ctx.caller;
}

/** The caller of an `apiKey` operation: the key's customer, and the key. */
export interface KeyCaller {
  customerId: number;
  apiKeyId: number;
}

/** What a declared REST handler receives: its checked input (path, query and body in one object), and who calls. */
export interface RestContext {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  adapters: Adapters;
  ip: string;
  /** Present for `customer` and `admin` operations; the customer it acts for was checked against `customerId`. */
  caller?: Caller;
  /** Present for `apiKey` operations. */
  key?: KeyCaller;
  afterCommit(effect: () => Promise<void>): void;
}

export type RestHandler = (input: Record<string, unknown>, ctx: RestContext) => Promise<object>;

/** Decides an `apiKey` operation's caller, or refuses it (AU, 13, AE with the seconds to wait). */
export type KeyGate = (request: FastifyRequest) => Promise<{ key?: KeyCaller; refusal?: RpcRefusal; retryAfter?: number }>;
