import { sql, type Kysely, type Selectable } from 'kysely';
import type { ContractsTable, Database } from '../db/schema.ts';
import { customerDisplayName } from '../customers/display-name.ts';
import { notifyCustomer } from '../notifications/notifications.ts';
import { RestNotFound, RpcRefusal } from '../rpc/response-codes.ts';
import { nextContractStatus, RESERVING_STATUSES, type ContractAction, type ContractStatus } from './contract-status.ts';

export type ContractRow = Selectable<ContractsTable>;

/** Contracts 404 (document 002 section 8): the contract or the customer is not found. */
export class ContractNotFound extends RestNotFound {
  constructor() {
    super('server.contracts.notFound');
  }
}

/** A move the state machine does not allow from the contract's status, for this party: VF. */
export const moveRefused = () => new RpcRefusal('VF', { key: 'server.contracts.notAllowed' });

interface Party {
  id: number;
  username: string;
  name: string;
}

/** The percentage as the API writes it (a number, two decimals at most) from basis points. */
export const percentOf = (basisPoints: number) => basisPoints / 100;

/**
 * Basis points (percent × 100) of a percentage with at most two decimals; TA1 on `percentage` otherwise
 * (the schema already holds it above 0 and at most 100).
 */
export function basisPointsOf(percentage: number): number {
  const basisPoints = Math.round(percentage * 100);
  if (Math.abs(basisPoints - percentage * 100) > 1e-6 || basisPoints < 1 || basisPoints > 10_000) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'percentage', key: 'server.contracts.percentageDecimals' }] });
  }
  return basisPoints;
}

async function parties(db: Kysely<Database>, ids: number[]): Promise<Map<number, Party>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('customers as c')
    .select(['c.id', 'c.business_name', 'c.first_name', 'c.last_name'])
    .select((eb) =>
      eb
        .selectFrom('customer_emails as e')
        .select('e.email')
        .whereRef('e.customer_id', '=', 'c.id')
        .orderBy('e.is_primary', 'desc')
        .orderBy('e.id')
        .limit(1)
        .as('email'),
    )
    .where('c.id', 'in', unique)
    .execute();
  return new Map(rows.map((row) => [row.id, { id: row.id, username: row.email ?? `customer${row.id}`, name: customerDisplayName(row, row.id) }]));
}

const day = (value: string | Date) => (typeof value === 'string' ? value : value.toISOString().slice(0, 10));

/** Contracts as the API answers them (schemas/entities/contract.schema.json), seen by `viewerId`. */
export async function contractViews(db: Kysely<Database>, rows: ContractRow[], viewerId: number): Promise<Record<string, unknown>[]> {
  const names = await parties(
    db,
    rows.flatMap((row) => [row.company_id, row.sender_id, row.beneficiary_id]),
  );
  return rows.map((row) => {
    const party = (id: number) => names.get(id) ?? { id, username: `customer${id}`, name: `Customer ${id}` };
    return {
      id: row.id,
      status: row.status,
      ...(row.identification_status ? { identificationStatus: row.identification_status } : {}),
      percentage: percentOf(row.percentage_bp),
      initiatorId: row.initiator_id,
      direction: row.sender_id === viewerId ? 'PAY' : 'RECEIVE',
      ...(row.note ? { note: row.note } : {}),
      activeFrom: day(row.active_from),
      ...(row.active_to ? { activeTo: day(row.active_to) } : {}),
      ...(row.terminated_at && row.terminated_by
        ? {
            terminateInfo: {
              terminatedAt: row.terminated_at.toISOString(),
              terminatedBy: row.terminated_by,
              ...(row.terminate_note ? { note: row.terminate_note } : {}),
            },
          }
        : {}),
      updatedAt: row.updated_at.toISOString(),
      createdAt: row.created_at.toISOString(),
      company: { id: row.company_id, title: party(row.company_id).name },
      sender: party(row.sender_id),
      beneficiary: party(row.beneficiary_id),
      senderSignerName: row.sender_signer_name,
      beneficiarySignerName: row.beneficiary_signer_name,
      senderObligations: row.sender_obligations,
      beneficiaryObligations: row.beneficiary_obligations,
      ...(row.sender_signed_at ? { senderSignedAt: row.sender_signed_at.toISOString() } : {}),
      ...(row.beneficiary_signed_at ? { beneficiarySignedAt: row.beneficiary_signed_at.toISOString() } : {}),
    };
  });
}

/** One contract of `customerId` (a party), or the Contracts 404; `forUpdate` locks its row. */
export async function partyContract(db: Kysely<Database>, contractId: number, customerId: number, forUpdate = false): Promise<ContractRow> {
  let query = db
    .selectFrom('contracts')
    .selectAll()
    .where('id', '=', contractId)
    .where((eb) => eb.or([eb('sender_id', '=', customerId), eb('beneficiary_id', '=', customerId)]));
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new ContractNotFound();
  return row;
}

/** The party whose signature the status waits for: the initiator when UNSIGNED, the other when WAITING. */
export function canSign(row: ContractRow, customerId: number): boolean {
  return nextContractStatus(row.status, 'sign', { initiator: row.initiator_id === customerId, payer: row.sender_id === customerId }) !== undefined;
}

/** Business customers only take part in contracts (document 002: the contracts of companies). */
export async function requireBusiness(db: Kysely<Database>, customerId: number, field?: string): Promise<void> {
  const row = await db.selectFrom('customers').select('type').where('id', '=', customerId).executeTakeFirst();
  if (!row) throw new ContractNotFound();
  if (row.type !== 'business') {
    if (field) throw new RpcRefusal('TA1', { validationErrors: [{ field, key: 'server.contracts.notBusiness' }] });
    throw new RpcRefusal('13', { key: 'server.contracts.notBusiness' });
  }
}

/**
 * Refuses when the sender's reserved percentages (its contracts from UNSIGNED to TERMINATING, other than
 * `exceptId`) plus `adding` would pass 100. The caller holds the sender's row lock (lockSender), so two
 * creations for one sender are checked one after the other.
 */
export async function checkSenderShare(db: Kysely<Database>, senderId: number, adding: number, exceptId?: number): Promise<void> {
  let query = db
    .selectFrom('contracts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('percentage_bp'), sql<number>`0`).as('total'))
    .where('sender_id', '=', senderId)
    .where('status', 'in', [...RESERVING_STATUSES]);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  const { total } = await query.executeTakeFirstOrThrow();
  if (Number(total) + adding > 10_000) {
    throw new RpcRefusal('TA1', {
      validationErrors: [{ field: 'percentage', key: 'server.contracts.percentageOver', values: { available: (10_000 - Number(total)) / 100 } }],
    });
  }
}

/** The row lock on the sender under which its percentages are summed and changed. */
export async function lockSender(db: Kysely<Database>, senderId: number): Promise<void> {
  const row = await db.selectFrom('customers').select('id').where('id', '=', senderId).forUpdate().executeTakeFirst();
  if (!row) throw new ContractNotFound();
}

export interface ContractCreation {
  companyId: number;
  senderId: number;
  senderSignerName: string;
  senderObligations: string[];
  beneficiaryId: number;
  beneficiarySignerName: string;
  beneficiaryObligations: string[];
  activeFrom: string;
  activeTo?: string;
  percentage: number;
  note?: string;
}

/** Creates a contract the initiator (a party) proposes: UNSIGNED, waiting for the initiator's signature. */
export async function createContract(db: Kysely<Database>, initiatorId: number, input: ContractCreation): Promise<ContractRow> {
  if (input.senderId !== initiatorId && input.beneficiaryId !== initiatorId) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'senderId', key: 'server.contracts.notParty' }] });
  }
  if (input.senderId === input.beneficiaryId) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'beneficiaryId', key: 'server.contracts.sameParty' }] });
  }
  if (input.activeTo !== undefined && input.activeTo < input.activeFrom) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'activeTo', key: 'server.contracts.activeTo' }] });
  }
  const basisPoints = basisPointsOf(input.percentage);
  await requireBusiness(db, input.companyId, 'companyId');
  await requireBusiness(db, input.senderId, 'senderId');
  await requireBusiness(db, input.beneficiaryId, 'beneficiaryId');
  await lockSender(db, input.senderId);
  await checkSenderShare(db, input.senderId, basisPoints);
  const row = await db
    .insertInto('contracts')
    .values({
      company_id: input.companyId,
      sender_id: input.senderId,
      beneficiary_id: input.beneficiaryId,
      initiator_id: initiatorId,
      status: 'UNSIGNED',
      percentage_bp: basisPoints,
      note: input.note ?? null,
      active_from: input.activeFrom,
      active_to: input.activeTo ?? null,
      sender_signer_name: input.senderSignerName.trim(),
      beneficiary_signer_name: input.beneficiarySignerName.trim(),
      sender_obligations: JSON.stringify(input.senderObligations.map((line) => line.trim())),
      beneficiary_obligations: JSON.stringify(input.beneficiaryObligations.map((line) => line.trim())),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const counterparty = input.senderId === initiatorId ? input.beneficiaryId : input.senderId;
  await notifyCustomer(db, counterparty, {
    type: 'contractCreated',
    title: { key: 'server.contracts.notifications.createdTitle' },
    body: { key: 'server.contracts.notifications.createdBody', values: { id: row.id } },
  });
  return row;
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/** Whether the payer must identify before the split starts: the sender's identity is not verified. */
async function payerMustIdentify(db: Kysely<Database>, row: ContractRow): Promise<boolean> {
  const sender = await db.selectFrom('customers').select('verified').where('id', '=', row.sender_id).executeTakeFirst();
  return !sender?.verified;
}

/**
 * Takes `action` on a contract for `actorId` (a party) or for the clock, as the table of contract-status.ts
 * allows, else VF. Locks the contract's row and, for a move into a splitting status, the sender's row.
 * Notifies the other party.
 */
export async function actOnContract(
  db: Kysely<Database>,
  contractId: number,
  actorId: number | 'clock',
  action: ContractAction,
  options: { now?: Date; note?: string; identification?: 'SUCCESS' | 'FAILED' } = {},
): Promise<ContractRow> {
  const now = options.now ?? new Date();
  let row: ContractRow;
  if (actorId === 'clock') {
    const found = await db.selectFrom('contracts').selectAll().where('id', '=', contractId).forUpdate().executeTakeFirst();
    if (!found) throw new ContractNotFound();
    row = found;
  } else {
    row = await partyContract(db, contractId, actorId, true);
  }
  const actor = actorId === 'clock' ? 'clock' : { initiator: row.initiator_id === actorId, payer: row.sender_id === actorId };
  const mustIdentify = action === 'activate' ? await payerMustIdentify(db, row) : false;
  let next: ContractStatus | undefined = nextContractStatus(row.status, action, actor, {
    payerMustIdentify: mustIdentify,
    started: day(row.active_from) <= today(now),
  });
  if (!next) throw moveRefused();
  const change: Partial<Record<string, unknown>> = { status: next, updated_at: now };
  switch (action) {
    case 'sign':
      if (row.sender_id === actorId) change.sender_signed_at = now;
      else change.beneficiary_signed_at = now;
      // Both signed and the start already come: straight on to ACTIVE (or identification) at once.
      if (next === 'SIGNED' && day(row.active_from) <= today(now)) {
        next = nextContractStatus('SIGNED', 'activate', 'clock', { payerMustIdentify: await payerMustIdentify(db, row), started: true })!;
        change.status = next;
      }
      break;
    case 'terminate':
      change.terminated_at = now;
      change.terminated_by = actorId;
      change.terminate_note = options.note ?? null;
      break;
    case 'terminateCancel':
      change.terminated_at = null;
      change.terminated_by = null;
      change.terminate_note = null;
      break;
    case 'identificationStarted':
      if (row.identification_status === 'PROCESSING' || row.identification_status === 'SUCCESS') throw moveRefused();
      change.identification_status = 'PROCESSING';
      break;
    case 'identified':
      if (options.identification === 'FAILED') {
        change.status = row.status;
        change.identification_status = 'FAILED';
        next = row.status;
      } else change.identification_status = 'SUCCESS';
      break;
    default:
      break;
  }
  if (next === 'NEED_IDENTIFICATION' && !row.identification_status) change.identification_status = 'NEW';
  if ((next === 'ACTIVE' || next === 'TERMINATING') && row.status !== 'ACTIVE' && row.status !== 'TERMINATING') {
    // Entering the split: the sender's active percentages are checked again under its row lock.
    await lockSender(db, row.sender_id);
    await checkSenderShare(db, row.sender_id, row.percentage_bp, row.id);
  }
  const updated = await db.updateTable('contracts').set(change).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
  if (updated.status !== row.status) {
    const tell = actorId === 'clock' ? [row.sender_id, row.beneficiary_id] : [row.sender_id === actorId ? row.beneficiary_id : row.sender_id];
    for (const customerId of tell) {
      await notifyCustomer(db, customerId, {
        type: `contract${updated.status[0]}${updated.status.slice(1).toLowerCase()}`,
        title: { key: 'server.contracts.notifications.changedTitle' },
        body: { key: `server.contracts.notifications.status.${updated.status}`, values: { id: row.id } },
      });
    }
  }
  return updated;
}

/**
 * The time-driven moves at `now` (a scheduler job): SIGNED contracts whose activeFrom came are activated,
 * ACTIVE ones whose activeTo passed expire, TERMINATING ones whose activeTo passed (or whose termination
 * was asked more than a day ago when they have none) end. Each contract in its own transaction.
 */
export async function runContractClock(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const date = today(now);
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  const due = await db
    .selectFrom('contracts')
    .select(['id', 'status'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'SIGNED'), eb('active_from', '<=', date)]),
        eb.and([eb('status', 'in', ['ACTIVE', 'TERMINATING']), eb('active_to', '<', date)]),
        eb.and([eb('status', '=', 'TERMINATING'), eb('active_to', 'is', null), eb('terminated_at', '<', dayAgo)]),
      ]),
    )
    .limit(500)
    .execute();
  let moved = 0;
  for (const contract of due) {
    const action: ContractAction = contract.status === 'SIGNED' ? 'activate' : 'expire';
    try {
      await db.transaction().execute((trx) => actOnContract(trx, contract.id, 'clock', action, { now }));
      moved++;
    } catch (error) {
      if (!(error instanceof RpcRefusal)) throw error;
    }
  }
  return moved;
}
