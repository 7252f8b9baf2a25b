import { sql, type Kysely } from 'kysely';
import type { TransferBatch } from '../../generated/entities.ts';
import type { Database } from '../db/schema.ts';
import { formatMinorUnits } from '../ledger/money.ts';

/** The batch filter of document 001 section 3. */
export interface BatchFilter {
  search?: string;
  types?: string[];
  /** 'YYYY-MM-DD', inclusive (UTC). */
  from?: string;
  to?: string;
  pageNumber: number;
  pageSize: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * One page of a customer's batch transfers, newest first, with the number matching the filter: the mass
 * batches (transfer_batches) and the global pay batches of files (type 'globalPay', their status as
 * global pay says it: draft, awaitingApproval, submitted, completed, rejected; count and total over the
 * payments not removed). Only the customer's own batches are read.
 *
 * @example
 * const { batchTransfer, total } = await batchTransferList(db, customerId, { pageNumber: 1, pageSize: 20 });
 */
export async function batchTransferList(
  db: Kysely<Database>,
  customerId: number,
  filter: BatchFilter,
): Promise<{ batchTransfer: { transfer: TransferBatch[] }; total: number }> {
  const rail = db
    .selectFrom('transfer_batches as b')
    .where('b.customer_id', '=', customerId)
    .select(['b.id', 'b.name', 'b.type', 'b.status', 'b.account_id', 'b.count', 'b.total_amount', 'b.currency_code', 'b.created_at']);
  const global = db
    .selectFrom('global_pay_batches as g')
    .leftJoin('global_pay_payments as p', (join) => join.onRef('p.batch_id', '=', 'g.id').on('p.status', '!=', 'removed'))
    .where('g.customer_id', '=', customerId)
    .where('g.single', '=', false)
    .groupBy('g.id')
    .select([
      'g.id',
      'g.name',
      sql<string>`'globalPay'`.as('type'),
      sql<string>`g.status`.as('status'),
      'g.account_id',
      sql<number>`count(p.id)::int`.as('count'),
      sql<bigint>`coalesce(sum(p.amount), 0)::bigint`.as('total_amount'),
      'g.currency_code',
      'g.created_at',
    ]);
  const matching = db
    .selectFrom(rail.unionAll(global).as('b'))
    .innerJoin('currencies as c', 'c.code', 'b.currency_code')
    .$if(Boolean(filter.search?.trim()), (qb) => qb.where('b.name', 'ilike', likePattern(filter.search!.trim())))
    .$if(Boolean(filter.types?.length), (qb) => qb.where('b.type', 'in', filter.types!))
    .$if(filter.from !== undefined, (qb) => qb.where('b.created_at', '>=', new Date(`${filter.from}T00:00:00Z`)))
    .$if(filter.to !== undefined, (qb) => qb.where('b.created_at', '<', new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + DAY_MS)));
  const [{ count }, rows] = await Promise.all([
    matching.select((eb) => eb.fn.countAll<bigint>().as('count')).executeTakeFirstOrThrow(),
    matching
      .select(['b.id', 'b.name', 'b.type', 'b.status', 'b.account_id', 'b.count', 'b.total_amount', 'b.currency_code', 'b.created_at', 'c.scale'])
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.pageNumber - 1) * filter.pageSize)
      .execute(),
  ]);
  return {
    total: Number(count),
    batchTransfer: {
      transfer: rows.map((row) => ({
        batchId: Number(row.id),
        name: row.name,
        type: row.type as TransferBatch['type'],
        status: row.status,
        accountId: row.account_id,
        count: Number(row.count),
        totalAmount: formatMinorUnits(BigInt(row.total_amount), row.scale),
        currencyCode: row.currency_code,
        createdDate: new Date(row.created_at).toISOString(),
      })),
    },
  };
}
