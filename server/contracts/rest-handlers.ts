import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPOSITORY_ROOT } from '../config/config.ts';
import { notifyCustomer } from '../notifications/notifications.ts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { RestContext, RestHandler } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { signToken, type ContractSigningEvent, type ContractSigningProvider } from './e-signature.ts';
import { CONTRACT_STATUSES, type ContractAction, type ContractStatus } from './contract-status.ts';
import {
  actOnContract,
  canSign,
  ContractNotFound,
  contractViews,
  createContract,
  moveRefused,
  partyContract,
  requireBusiness,
  type ContractCreation,
  type ContractRow,
} from './service.ts';

/** The counts of a customer's contracts (schemas/entities/contract.schema.json ContractsMeta). */
async function metaOf(db: Kysely<Database>, customerId: number) {
  const row = await sql<Record<'pay' | 'receive' | 'active' | 'total' | 'requests' | 'pending' | 'ended', string>>`
    select count(*) filter (where sender_id = ${customerId}) as pay,
      count(*) filter (where beneficiary_id = ${customerId}) as receive,
      count(*) filter (where status in ('ACTIVE', 'TERMINATING')) as active,
      count(*) as total,
      count(*) filter (where (status = 'UNSIGNED' and initiator_id = ${customerId}) or (status = 'WAITING' and initiator_id <> ${customerId})) as requests,
      count(*) filter (where status in ('UNSIGNED', 'WAITING', 'SIGNED', 'NEED_IDENTIFICATION')) as pending,
      count(*) filter (where status in ('EXPIRED', 'TERMINATED', 'CANCELLED', 'REJECTED')) as ended
    from contracts where sender_id = ${customerId} or beneficiary_id = ${customerId}`.execute(db);
  const counts = row.rows[0]!;
  return Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, Number(value)])) as Record<keyof typeof counts, number>;
}

/**
 * The e-signature provider's callback (POST /esign/callback): the body `{ contractId, customerId, event: 'signed' }`
 * with its signature, checked by the provider's adapter. A callback the provider did not sign is refused (AU); a
 * signed one moves the contract as the signer's `sign`, as the table allows (else VF).
 */
export async function contractSigningCallback(
  db: Kysely<Database>,
  provider: ContractSigningProvider,
  rawBody: string,
  signature: string | undefined,
): Promise<ContractRow> {
  if (!provider.verifyCallback(rawBody, signature)) throw new RpcRefusal('AU');
  let parsed: Partial<ContractSigningEvent> | null;
  try {
    parsed = JSON.parse(rawBody) as Partial<ContractSigningEvent> | null;
  } catch {
    throw moveRefused();
  }
  const { contractId, customerId, event } = parsed ?? {};
  if (event !== 'signed' || !Number.isInteger(contractId) || !Number.isInteger(customerId)) throw moveRefused();
  return db.transaction().execute((trx) => actOnContract(trx, contractId!, customerId!, 'sign'));
}

/**
 * The contracts service's REST paths (document 002 section 7; schemas/api/rest.openapi.json, tag Contracts),
 * by operationId. Access: business customers (a personal customer is refused with 13), the business right
 * `transfers` (a contract moves a share of every payment), x-read-only on the reading paths so an admin
 * viewing a customer may read them. Only where the brand enables contracts (brand.json contractsEnable).
 *
 * @example
 * await declaredRestRoutes(app, { ..., handlers: { ...publicApiHandlers, ...contractRestHandlers({ brand: 'paxum', publicUrl }) } });
 */
export function contractRestHandlers(options: { brand: string }): Record<string, RestHandler> {
  const brand = JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, 'brands', options.brand, 'brand.json'), 'utf8')) as { contractsEnable?: boolean };
  const enabled = brand.contractsEnable === true;
  const customerOf = async (ctx: RestContext): Promise<number> => {
    if (!ctx.caller) throw new Error('A contracts handler needs a signed-in caller: declare its operation with x-access "customer".');
    if (!enabled) throw new RpcRefusal('13', { key: 'server.contracts.disabled' });
    await requireBusiness(ctx.db, ctx.caller.customerId);
    return ctx.caller.customerId;
  };
  const one = async (ctx: RestContext, row: ContractRow, viewer: number) => ({ contract: (await contractViews(ctx.db, [row], viewer))[0]! });
  const action =
    (name: ContractAction): RestHandler =>
    async (input, ctx) => {
      const customerId = await customerOf(ctx);
      const row = await actOnContract(ctx.db, input.id as number, customerId, name, typeof input.note === 'string' ? { note: input.note.trim() } : {});
      return one(ctx, row, customerId);
    };

  return {
    async contractList(input, ctx) {
      const customerId = await customerOf(ctx);
      const {
        statuses,
        companyName,
        counterpartyName,
        orderBy = 'CREATED_AT',
        orderDir = 'ASC',
        page = 1,
        pageSize = 100,
      } = input as {
        statuses?: string;
        companyName?: string;
        counterpartyName?: string;
        orderBy?: string;
        orderDir?: string;
        page?: number;
        pageSize?: number;
      };
      const wanted = statuses ? (String(statuses).split(',') as ContractStatus[]).filter((status) => CONTRACT_STATUSES.includes(status)) : [];
      const like = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
      const name = (alias: 'co' | 'cp') =>
        sql<string>`coalesce(${sql.ref(`${alias}.business_name`)}, concat_ws(' ', ${sql.ref(`${alias}.first_name`)}, ${sql.ref(`${alias}.last_name`)}))`;
      let query = ctx.db
        .selectFrom('contracts as k')
        .innerJoin('customers as co', 'co.id', 'k.company_id')
        .innerJoin('customers as cp', (join) => join.on(sql<boolean>`cp.id = case when k.sender_id = ${customerId} then k.beneficiary_id else k.sender_id end`))
        .where((eb) => eb.or([eb('k.sender_id', '=', customerId), eb('k.beneficiary_id', '=', customerId)]));
      if (wanted.length > 0) query = query.where('k.status', 'in', wanted);
      if (companyName) query = query.where(sql<boolean>`${name('co')} ilike ${like(companyName)}`);
      if (counterpartyName) query = query.where(sql<boolean>`${name('cp')} ilike ${like(counterpartyName)}`);
      const direction = orderDir === 'DESC' ? sql`desc` : sql`asc`;
      const order =
        orderBy === 'COMPANY_NAME'
          ? sql`${name('co')} ${direction}, k.id`
          : orderBy === 'INCOMING_FIRST'
            ? sql`(k.status = 'WAITING' and k.initiator_id <> ${customerId}) desc, k.created_at ${direction}, k.id`
            : sql`k.created_at ${direction}, k.id ${direction}`;
      const rows = await query
        .selectAll('k')
        .orderBy(order)
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      // The pages run over what the filters match (total); meta counts all the customer's contracts.
      const { total } = await query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      return {
        data: await contractViews(ctx.db, rows as ContractRow[], customerId),
        meta: await metaOf(ctx.db, customerId),
        total: Number(total),
        page,
        pageSize,
      };
    },
    async contractStats(_input, ctx) {
      const customerId = await customerOf(ctx);
      const sums = await sql<{ pay: string | null; receive: string | null }>`
        select sum(percentage_bp) filter (where sender_id = ${customerId}) as pay, sum(percentage_bp) filter (where beneficiary_id = ${customerId}) as receive
        from contracts where status in ('ACTIVE', 'TERMINATING') and (sender_id = ${customerId} or beneficiary_id = ${customerId})`.execute(ctx.db);
      const { pay, receive } = sums.rows[0]!;
      return { meta: await metaOf(ctx.db, customerId), payPercentage: Number(pay ?? 0) / 100, receivePercentage: Number(receive ?? 0) / 100 };
    },
    async contractCreate(input, ctx) {
      const customerId = await customerOf(ctx);
      const row = await createContract(ctx.db, customerId, input as unknown as ContractCreation);
      return one(ctx, row, customerId);
    },
    async contractVerify(input, ctx) {
      const customerId = await customerOf(ctx);
      const { companyId, counterpartyId } = input as { companyId: number; counterpartyId: number };
      const found = await ctx.db.selectFrom('customers').select(['id', 'type']).where('id', 'in', [companyId, counterpartyId]).execute();
      const business = (id: number) => found.some((row) => row.id === id && row.type === 'business');
      return { isValid: counterpartyId !== customerId && business(companyId) && business(counterpartyId) };
    },
    async customerLookup(input, ctx) {
      await customerOf(ctx);
      const email = String(input.email).trim().toLowerCase();
      const row = await ctx.db
        .selectFrom('customer_emails as e')
        .innerJoin('customers as c', 'c.id', 'e.customer_id')
        .select(['c.id', 'c.type'])
        .where(sql<boolean>`lower(e.email) = ${email}`)
        .orderBy('e.is_primary', 'desc')
        .executeTakeFirst();
      if (!row) throw new ContractNotFound();
      return { id: row.id, type: row.type === 'business' ? 'BUSINESS' : 'PERSONAL' };
    },
    async companySearch(input, ctx) {
      await customerOf(ctx);
      const {
        query: text,
        forCounterpartyCustomerId,
        page = 1,
        pageSize = 100,
      } = input as { query?: string; forCounterpartyCustomerId?: number; page?: number; pageSize?: number };
      let query = ctx.db.selectFrom('customers').where('type', '=', 'business').where('business_name', 'is not', null);
      if (text) query = query.where('business_name', 'ilike', `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`);
      if (forCounterpartyCustomerId !== undefined) query = query.where('id', '<>', forCounterpartyCustomerId);
      const { total } = await query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const rows = await query
        .select(['id', 'business_name'])
        .orderBy('business_name')
        .orderBy('id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { data: rows.map((row) => ({ id: row.id, title: row.business_name ?? '' })), meta: { count: rows.length, total: Number(total) } };
    },
    async contractGet(input, ctx) {
      const customerId = await customerOf(ctx);
      return one(ctx, await partyContract(ctx.db, input.id as number, customerId), customerId);
    },
    async contractCheckSigner(input, ctx) {
      const customerId = await customerOf(ctx);
      return { canSign: canSign(await partyContract(ctx.db, input.id as number, customerId), customerId) };
    },
    contractCancel: action('cancel'),
    contractReject: action('reject'),
    contractTerminate: action('terminate'),
    contractTerminateCancel: action('terminateCancel'),
    contractTerminateNow: action('terminateNow'),
    contractIdentificationStarted: action('identificationStarted'),
    async contractPdfUrl(input, ctx) {
      const customerId = await customerOf(ctx);
      const row = await partyContract(ctx.db, input.id as number, customerId);
      return { pdfUrl: `/contracts/pdf/${signToken(row.id, customerId)}` };
    },
    async contractSignUrl(input, ctx) {
      const customerId = await customerOf(ctx);
      const row = await partyContract(ctx.db, input.id as number, customerId);
      if (!canSign(row, customerId)) throw moveRefused();
      // The provider answers the page the screen embeds; it calls POST /esign/callback once the party signed.
      return ctx.adapters.contractSigning.signUrl({
        contractId: row.id,
        customerId,
        signerName: row.sender_id === customerId ? row.sender_signer_name : row.beneficiary_signer_name,
        documentPath: `/contracts/pdf/${signToken(row.id, customerId)}`,
      });
    },
    async contractIdentificationPush(input, ctx) {
      const customerId = await customerOf(ctx);
      const row = await partyContract(ctx.db, input.id as number, customerId);
      if (row.status !== 'NEED_IDENTIFICATION' || row.beneficiary_id !== customerId) throw moveRefused();
      await notifyCustomer(ctx.db, row.sender_id, {
        type: 'contractIdentification',
        title: { key: 'server.contracts.notifications.identifyTitle' },
        body: { key: 'server.contracts.notifications.identifyBody', values: { id: row.id } },
      });
      return { sent: true };
    },
    async splitPaySignerIdentification(input, ctx) {
      const customerId = await customerOf(ctx);
      const row = await partyContract(ctx.db, input.contractId as number, customerId);
      // The identity check of the sandbox: the payer's verified identity (customers.verified) decides the outcome.
      const payer = await ctx.db.selectFrom('customers').select('verified').where('id', '=', row.sender_id).executeTakeFirstOrThrow();
      const updated = await actOnContract(ctx.db, row.id, customerId, 'identified', { identification: payer.verified ? 'SUCCESS' : 'FAILED' });
      return one(ctx, updated, customerId);
    },
  };
}
