import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { MethodDeclaration } from '../rpc/api-bundle.ts';
import { noteAuditActor } from '../audit/audit-log.ts';
import type { Database } from '../db/schema.ts';
import type { Caller } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/**
 * Whether the caller is an admin viewing a customer (document 000 section 6, viewed customer id):
 * acting for a customer that is not their own and that they hold no business access to.
 */
export async function isAdminViewing(db: Kysely<Database>, caller: Caller): Promise<boolean> {
  const { user, customerId } = caller;
  if (!user.isAdmin || customerId === user.customerId) return false;
  const access = await db
    .selectFrom('customer_access')
    .select('customer_id')
    .where('user_id', '=', user.userId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return access === undefined;
}

/**
 * Viewing is read-only: an admin viewing a customer may call only methods declared `readOnly`, so
 * nobody moves a customer's money or changes their settings in their name. Returns the refusal for
 * any other method, or null. A viewing call is marked so in the audit log.
 *
 * @example
 * const refusal = await viewingRefusal(db, request, caller, declaration);
 * if (refusal) return answer(reply, refusal.code, refusal.body);
 */
export async function viewingRefusal(
  db: Kysely<Database>,
  request: FastifyRequest,
  caller: Caller,
  declaration: Pick<MethodDeclaration, 'name' | 'readOnly'>,
): Promise<RpcRefusal | null> {
  if (!(await isAdminViewing(db, caller))) return null;
  noteAuditActor(request, { userId: caller.user.userId, customerId: caller.customerId, viewing: true });
  if (declaration.readOnly) return null;
  return new RpcRefusal('13', {
    key: 'server.viewing.readOnly',
    values: { method: declaration.name },
  });
}
