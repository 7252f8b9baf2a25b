import { sql, type Kysely } from 'kysely';
import type { Database, PayoutState } from '../db/schema.ts';
import { formatMinorUnits } from '../ledger/money.ts';

/** The rails whose payouts are recent transfers (document 001 section 7, 'Recent transfers'). */
export const RAIL_KINDS = ['eft', 'wire', 'oct', 'crypto_eft', 'instant_payment', 'interac'] as const;
export type RailKind = (typeof RAIL_KINDS)[number];

/**
 * Fields a rail keeps with its beneficiary that are never answered nor searched: a card payout's vault
 * token (oct.ts) and an Interac transfer's hashed security answer (interac.ts).
 */
export const KEPT_SECRET_FIELDS = ['cardToken', 'securityAnswerHash'] as const;

/** A beneficiary the customer paid on a rail, with its latest payout. */
export interface RecentPayout {
  operationId: number;
  type: RailKind;
  name: string;
  beneficiary: { name: string } & Record<string, string>;
  accountId: number;
  amount: string;
  currencyCode: string;
  date: string;
  /** Where the latest payout stands at its rail: pending, sent, settled, returned or failed. */
  state: PayoutState;
}

/**
 * The last distinct beneficiaries the customer paid on these rails, newest first, each with its latest
 * payout: a beneficiary is the same when its rail and its stored fields are (a wire's name, IBAN and BIC).
 * `search` finds a part of the beneficiary's name or account (IBAN, number, address), any case; a card's
 * vault token and an Interac security answer's hash are neither answered nor searched (KEPT_SECRET_FIELDS). A payout
 * that failed or was returned before leaving counts too: the customer may want to correct and send again.
 *
 * @example
 * await recentPayouts(db, { customerId: 7, types: ['wire'], limit: 5, search: 'lovelace' });
 */
export async function recentPayouts(
  db: Kysely<Database>,
  query: { customerId: number; types: readonly RailKind[]; limit: number; search?: string },
): Promise<RecentPayout[]> {
  if (!query.types.length) return [];
  const search = query.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const latest = db
    .selectFrom('transfers as t')
    .innerJoin('rail_payouts as p', 'p.transfer_id', 't.id')
    .innerJoin('currencies as c', 'c.code', 't.currency_code')
    .distinctOn(['p.rail', sql`p.beneficiary`])
    .select(['t.id', 'p.rail', 'p.beneficiary', 'p.state', 't.from_account_id', 't.amount', 't.currency_code', 't.created_at', 'c.scale'])
    .where('t.customer_id', '=', query.customerId)
    .where('p.rail', 'in', query.types)
    .$if(pattern !== undefined, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom(sql`jsonb_each_text(p.beneficiary)`.as('field'))
            .select(sql`1`.as('one'))
            .where(sql.ref('field.value'), 'ilike', pattern!)
            .where(sql.ref('field.key'), 'not in', KEPT_SECRET_FIELDS),
        ),
      ),
    )
    .orderBy('p.rail')
    .orderBy(sql`p.beneficiary`)
    .orderBy('t.id', 'desc');
  const rows = await db.selectFrom(latest.as('r')).selectAll().orderBy('r.id', 'desc').limit(query.limit).execute();
  return rows.map((row) => ({
    operationId: Number(row.id),
    type: row.rail as RailKind,
    name: row.beneficiary.name ?? '',
    beneficiary: { name: '', ...withoutSecrets(row.beneficiary) },
    accountId: row.from_account_id,
    amount: formatMinorUnits(row.amount, row.scale),
    currencyCode: row.currency_code,
    date: row.created_at.toISOString(),
    state: row.state,
  }));
}

/** A kept beneficiary without the fields of KEPT_SECRET_FIELDS. */
function withoutSecrets(beneficiary: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(beneficiary).filter(([key]) => !(KEPT_SECRET_FIELDS as readonly string[]).includes(key)));
}
