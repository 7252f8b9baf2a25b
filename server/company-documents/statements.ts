import type { Kysely } from 'kysely';
import type { AccountResolution } from '../../generated/entities.ts';
import type { Database } from '../db/schema.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { ownRepresentativeRow } from '../profile/access.ts';

/** Account resolution statuses: sent and waiting for its signers, then signed. */
export const RESOLUTION_STATUS = { sent: 1, signed: 2 } as const;

/**
 * Sends the company's account resolution naming `businessRepresentativeIds`, signed by `signerIds`
 * (each one of the company's representatives; a signer must be one the resolution names).
 */
export async function sendResolution(
  db: Kysely<Database>,
  caller: { customerId: number; userId: number },
  params: { businessRepresentativeIds: (number | string)[]; signers: (number | string)[] },
) {
  const named: Awaited<ReturnType<typeof ownRepresentativeRow>>[] = [];
  for (const id of params.businessRepresentativeIds) named.push(await ownRepresentativeRow(db, caller.customerId, id));
  const ids = named.map((row) => row.id);
  const signers = params.signers.map((id, index) => {
    const row = named.find((item) => item.id === Number(id));
    if (!row) throw new RpcRefusal('TA1', { validationErrors: [{ field: `signers.${index}`, key: 'server.companyDocuments.signerNotNamed' }] });
    return {
      businessRepresentativeId: row.id,
      name: row.entity === 'company' ? (row.company_name ?? '') : `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
    };
  });
  await db
    .insertInto('business_resolutions')
    .values({
      customer_id: caller.customerId,
      business_representative_ids: JSON.stringify(ids),
      status_id: RESOLUTION_STATUS.sent,
      signers: JSON.stringify(signers),
      created_by_user_id: caller.userId,
    })
    .execute();
  return resolutionOf(db, caller.customerId);
}

/** The company's latest account resolution, if it sent one. */
export async function resolutionOf(db: Kysely<Database>, customerId: number): Promise<{ accountResolution?: AccountResolution }> {
  const row = await db.selectFrom('business_resolutions').selectAll().where('customer_id', '=', customerId).orderBy('id', 'desc').executeTakeFirst();
  if (!row) return {};
  return {
    accountResolution: {
      id: row.id,
      businessRepresentativeIds: row.business_representative_ids,
      // The column holds only RESOLUTION_STATUS ids.
      statusId: row.status_id as AccountResolution['statusId'],
      signers: row.signers,
      sent: row.created_at.toISOString(),
    },
  };
}

/** A company statement's answers by name: yes/no or a text. */
export type StatementAnswers = Record<string, string | boolean | undefined>;

/** A company statement: its declarations or its prohibited escort statement. */
export type StatementKind = 'declarations' | 'prohibitedEscort';

/** The company's answers to a statement and when they were given, if ever. */
export async function statementOf(db: Kysely<Database>, customerId: number, kind: StatementKind): Promise<{ answers?: StatementAnswers; answeredAt?: string }> {
  const row = await db.selectFrom('business_statements').selectAll().where('customer_id', '=', customerId).where('kind', '=', kind).executeTakeFirst();
  return row ? { answers: row.answers, answeredAt: row.answered_at.toISOString() } : {};
}

/** Records the company's answers to a statement (the newest replace the last). */
export async function saveStatement(
  db: Kysely<Database>,
  caller: { customerId: number; userId: number },
  kind: StatementKind,
  answers: StatementAnswers,
  now: Date = new Date(),
) {
  await db
    .insertInto('business_statements')
    .values({ customer_id: caller.customerId, kind, answers: JSON.stringify(answers), answered_by_user_id: caller.userId, answered_at: now })
    .onConflict((conflict) =>
      conflict.columns(['customer_id', 'kind']).doUpdateSet({ answers: JSON.stringify(answers), answered_by_user_id: caller.userId, answered_at: now }),
    )
    .execute();
  return statementOf(db, caller.customerId, kind);
}
