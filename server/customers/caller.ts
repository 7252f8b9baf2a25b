import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { viewingRefusal } from './viewing.ts';
import { noteAuditActor } from '../audit/audit-log.ts';
import { verifyAccessToken } from '../auth/access-tokens.ts';
import { touchSession, type SignedInUser } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';
import type { MethodDeclaration } from '../rpc/api-bundle.ts';
import type { CallerGate } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { resolveActingCustomer } from './acting-customer.ts';

/** The signed-in user, with their rights for the customer the Customer-Id header names (read with the session). */
async function signedInUser(db: Kysely<Database>, tokenKey: Uint8Array, request: FastifyRequest): Promise<SignedInUser | undefined> {
  const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return undefined;
  const claims = await verifyAccessToken(tokenKey, match[1]!);
  const header = request.headers['customer-id'];
  const named = typeof header === 'string' && /^[1-9][0-9]{0,9}$/.test(header) ? Number(header) : undefined;
  return claims && touchSession(db, claims, named !== undefined && named <= 2_147_483_647 ? named : undefined);
}

/**
 * Decides who calls and for whom, before any handler runs: AU without a live session; 13 when the
 * user may not act for the customer (the Customer-Id header), lacks the declared business right, is
 * not an admin for an admin method, or is an admin viewing a customer and the method would change
 * something (see server/customers/viewing.ts). The dispatcher is handed this gate by the server's
 * composition (server/app.ts), so the transport knows nothing of sessions or customers.
 *
 * @example
 * await app.register(rpcDispatcher, { ..., gate: callerGate(db, tokenKey) });
 */
export function callerGate(db: Kysely<Database>, tokenKey: Uint8Array): CallerGate {
  return async (declaration: MethodDeclaration, request: FastifyRequest) => {
    if (declaration.access === 'public') return {};
    const user = await signedInUser(db, tokenKey, request);
    if (!user) return { refusal: new RpcRefusal('AU') };
    noteAuditActor(request, { userId: user.userId });
    if (declaration.access === 'admin' && !user.isAdmin) return { refusal: new RpcRefusal('13') };
    const header = request.headers['customer-id'];
    if (Array.isArray(header)) return { refusal: new RpcRefusal('13') };
    const right = declaration.businessRight === 'any' ? undefined : declaration.businessRight;
    const acting = await resolveActingCustomer(db, user, header, right);
    if ('refused' in acting) {
      request.log.info({ userId: user.userId, customerIdHeader: header, refused: acting.refused }, 'access denied');
      return { refusal: new RpcRefusal('13') };
    }
    noteAuditActor(request, { userId: user.userId, customerId: acting.customerId });
    const caller = { user, customerId: acting.customerId, ...(acting.rights ? { rights: acting.rights } : {}) };
    const viewing = await viewingRefusal(db, request, caller, declaration);
    return viewing ? { refusal: viewing } : { caller };
  };
}
