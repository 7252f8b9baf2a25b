import type { Kysely } from 'kysely';
import type { Customer } from '../../generated/entities.ts';
import type { SignedInUser } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';
import { omitNull } from '../db/omit-null.ts';

/**
 * The Customer entity for a signed-in user acting for a customer: identity and login from the
 * user, names, modes and status flags from the customer.
 *
 * @example
 * const customer = await customerSummary(db, user, customerId);
 */
export async function customerSummary(db: Kysely<Database>, user: SignedInUser, customerId: number): Promise<Customer> {
  const row = await db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirstOrThrow();
  return {
    userId: user.userId,
    customerId: row.id,
    login: user.login,
    customerType: row.type,
    isAdmin: user.isAdmin,
    login2faMode: user.login2faMode,
    customerCreationDate: row.created_at.toISOString(),
    verified: row.verified,
    limited: row.limited,
    isNeedPersonalInfoUpdate: row.is_need_personal_info_update,
    isNeedKyc: row.is_need_kyc,
    ...omitNull({
      firstName: row.first_name,
      lastName: row.last_name,
      businessName: row.business_name,
      dueDiligenceLevel: row.due_diligence_level,
      // The column's check constraint keeps it within the declared 1 to 4.
      transactionApproveMode: row.transaction_approve_mode as Customer['transactionApproveMode'] | null,
    }),
  };
}
