import type { Kysely, Selectable } from 'kysely';
import type { PaymentInstruction } from '../../generated/entities.ts';
import type { Database, PaymentInstructionsTable } from '../db/schema.ts';
import { omitNull } from '../db/omit-null.ts';
import { customerAccounts } from './balances.ts';
import { bankDetailsFor } from '../instructions/rails.ts';
import { customerDisplayName } from '../customers/display-name.ts';

/** The name payers write as the beneficiary: the company's, else the person's. */
async function beneficiaryName(db: Kysely<Database>, customerId: number): Promise<string> {
  const customer = await db.selectFrom('customers').select(['business_name', 'first_name', 'last_name']).where('id', '=', customerId).executeTakeFirstOrThrow();
  return customerDisplayName(customer, customerId);
}

function toInstruction(row: Selectable<PaymentInstructionsTable>): PaymentInstruction {
  return {
    id: row.id,
    accountId: row.account_id,
    currencyCode: row.currency_code,
    rail: row.rail as PaymentInstruction['rail'],
    bankAccountNumber: row.bank_account_number,
    beneficiaryName: row.beneficiary_name,
    bankName: row.bank_name,
    bankAddress: row.bank_address,
    swift: row.swift ?? '',
    reference: row.reference,
    viewed: row.viewed_at !== null,
    ...omitNull({ iban: row.iban, routingNumber: row.routing_number, sortCode: row.sort_code, viewedAt: row.viewed_at?.toISOString() ?? null }),
  };
}

/**
 * The payment instructions of the customer's accounts that offer them (derived flag `instructions`),
 * or of `accountId` alone, naming the partner bank `brand` has for each currency (brand.json
 * `partnerBanks`, else the default of server/config/partner-banks.ts). An account's instruction is generated the first time it is asked for and
 * kept: its numbers are a pure function of the account id (see instructions/rails.ts), so
 * generating twice, even concurrently, writes the same row once.
 *
 * @example
 * const instructions = await paymentInstructionsOf(db, customerId);
 */
export async function paymentInstructionsOf(db: Kysely<Database>, customerId: number, accountId?: number, brand?: string): Promise<PaymentInstruction[]> {
  const offering = (await customerAccounts(db, customerId, accountId)).filter((account) => account.flags?.instructions);
  if (offering.length === 0) return [];
  const existing = await db
    .selectFrom('payment_instructions')
    .select('account_id')
    .where(
      'account_id',
      'in',
      offering.map((a) => a.accountId),
    )
    .execute();
  const missing = offering.filter((account) => !existing.some((row) => row.account_id === account.accountId));
  if (missing.length > 0) {
    const beneficiary = await beneficiaryName(db, customerId);
    const rows = missing.flatMap((account) => {
      const details = bankDetailsFor(account.currencyCode, account.accountId, brand);
      if (!details) return [];
      return [
        {
          customer_id: customerId,
          account_id: account.accountId,
          currency_code: account.currencyCode,
          rail: details.rail,
          beneficiary_name: beneficiary,
          bank_name: details.bankName,
          bank_address: details.bankAddress,
          bank_account_number: details.bankAccountNumber,
          iban: details.iban ?? null,
          swift: details.swift,
          routing_number: details.routingNumber ?? null,
          sort_code: details.sortCode ?? null,
          reference: `C${customerId}-A${account.accountId}`,
        },
      ];
    });
    if (rows.length > 0) {
      await db
        .insertInto('payment_instructions')
        .values(rows)
        .onConflict((conflict) => conflict.column('account_id').doNothing())
        .execute();
    }
  }
  const stored = await db
    .selectFrom('payment_instructions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where(
      'account_id',
      'in',
      offering.map((a) => a.accountId),
    )
    .orderBy('account_id')
    .execute();
  return stored.map(toInstruction);
}

/**
 * Marks the customer's instruction viewed (the first view's time is kept). Undefined when the
 * instruction is not the customer's: the caller refuses with 13 and nothing changed.
 *
 * @example
 * const instruction = await markInstructionViewed(db, customerId, 7);
 */
export async function markInstructionViewed(db: Kysely<Database>, customerId: number, instructionId: number): Promise<PaymentInstruction | undefined> {
  const row = await db
    .updateTable('payment_instructions')
    .set((eb) => ({ viewed_at: eb.fn.coalesce('viewed_at', eb.fn<Date>('now')) }))
    .where('id', '=', instructionId)
    .where('customer_id', '=', customerId)
    .returningAll()
    .executeTakeFirst();
  return row ? toInstruction(row) : undefined;
}
