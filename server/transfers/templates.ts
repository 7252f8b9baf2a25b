import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { formatMinorUnits, toMinorUnits } from '../ledger/money.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What a template is for: a p2p payment, or a rail's beneficiary. */
export type TemplateKind = 'p2p' | 'wire' | 'eft' | 'oct' | 'crypto_eft' | 'instant_payment' | 'interac';

/** A saved p2p payment or rail beneficiary as the API answers it. */
export interface PaymentTemplate {
  id: number;
  name: string;
  type: TemplateKind;
  /** A p2p template's payee. */
  toEmail?: string;
  /** A rail template's beneficiary as its rail needs it (a wire's name, iban and bic). */
  beneficiary?: { name: string } & Record<string, string>;
  accountId?: number;
  amount?: string;
  currencyCode?: string;
  note?: string;
  reference?: string;
  updated: string;
}

/** What a p2p transfer saves under `templateName`. */
export interface TemplateInput {
  name: string;
  accountId: number;
  toEmail: string;
  amount: string;
  currencyCode: string;
  note?: string;
  reference?: string;
}

/**
 * Saves (or, under a name the customer already used, replaces) a p2p template. Runs in the transfer's
 * transaction, so a refused transfer saves nothing.
 *
 * @example
 * await saveTemplate(trx, { customerId: 7, userId: 3 }, { name: 'Rent', accountId: 12, toEmail: 'ben@example.com', amount: '500.00', currencyCode: 'USD' });
 */
export async function saveTemplate(trx: Transaction<Database>, who: { customerId: number; userId: number | null }, input: TemplateInput): Promise<number> {
  const name = input.name.trim();
  if (!name) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'templateName', key: 'server.transfers.nameTemplate' }] });
  const currency = await trx.selectFrom('currencies').select('scale').where('code', '=', input.currencyCode).executeTakeFirstOrThrow();
  const values = {
    from_account_id: input.accountId,
    to_email: input.toEmail.trim().toLowerCase(),
    amount: toMinorUnits(input.amount, currency.scale),
    currency_code: input.currencyCode,
    note: input.note?.trim() || null,
    reference: input.reference?.trim() || null,
  };
  const existing = await trx
    .selectFrom('payment_templates')
    .select('id')
    .where('customer_id', '=', who.customerId)
    .where('kind', '=', 'p2p')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .forUpdate()
    .executeTakeFirst();
  if (existing) {
    await trx
      .updateTable('payment_templates')
      .set({ ...values, name, updated_at: new Date() })
      .where('id', '=', existing.id)
      .execute();
    return existing.id;
  }
  const inserted = await trx
    .insertInto('payment_templates')
    .values({ ...values, customer_id: who.customerId, created_by_user_id: who.userId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Saves (or, under a name the customer already used for this rail, replaces) a rail's beneficiary as a
 * template (document 001 'Beneficiary templates'): `beneficiary` is stored as the rail needs it, so every
 * rail keeps its own fields. Runs in the payout's transaction, so a refused payout saves nothing.
 *
 * @example
 * await saveBeneficiaryTemplate(trx, { customerId: 7, userId: 3 }, 'wire', { name: 'Landlord', beneficiary: { name: 'Ada', iban: 'DE89…', bic: 'COBADEFFXXX' } });
 */
export async function saveBeneficiaryTemplate(
  trx: Transaction<Database>,
  who: { customerId: number; userId: number | null },
  rail: Exclude<TemplateKind, 'p2p'>,
  input: { name: string; beneficiary: Record<string, string>; accountId?: number },
): Promise<number> {
  const name = input.name.trim();
  if (!name) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'templateName', key: 'server.transfers.nameTemplate' }] });
  const values = { beneficiary: JSON.stringify(input.beneficiary), from_account_id: input.accountId ?? null, updated_at: new Date() };
  const existing = await trx
    .selectFrom('payment_templates')
    .select('id')
    .where('customer_id', '=', who.customerId)
    .where('kind', '=', rail)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .forUpdate()
    .executeTakeFirst();
  if (existing) {
    await trx
      .updateTable('payment_templates')
      .set({ ...values, name })
      .where('id', '=', existing.id)
      .execute();
    return existing.id;
  }
  const inserted = await trx
    .insertInto('payment_templates')
    .values({ ...values, customer_id: who.customerId, created_by_user_id: who.userId, kind: rail, name, to_email: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * The acting customer's templates, most recently saved first, with amounts in their currency; with
 * `types`, only those kinds (a rail's screen lists its own beneficiaries).
 *
 * @example
 * const templates = await listTemplates(db, 7, ['wire']);
 */
export async function listTemplates(db: Db, customerId: number, types?: readonly TemplateKind[]): Promise<PaymentTemplate[]> {
  const rows = await db
    .selectFrom('payment_templates as p')
    .leftJoin('currencies as c', 'c.code', 'p.currency_code')
    .select([
      'p.id',
      'p.name',
      'p.kind',
      'p.to_email',
      'p.beneficiary',
      'p.from_account_id',
      'p.amount',
      'p.currency_code',
      'p.note',
      'p.reference',
      'p.updated_at',
      'c.scale',
    ])
    .where('p.customer_id', '=', customerId)
    .$if(types !== undefined && types.length > 0, (qb) => qb.where('p.kind', 'in', types!))
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.kind,
    ...(row.to_email !== null ? { toEmail: row.to_email } : {}),
    ...(row.beneficiary !== null ? { beneficiary: { name: '', ...row.beneficiary } } : {}),
    ...(row.from_account_id !== null ? { accountId: row.from_account_id } : {}),
    ...(row.amount !== null && row.scale !== null ? { amount: formatMinorUnits(row.amount, row.scale) } : {}),
    ...(row.currency_code ? { currencyCode: row.currency_code } : {}),
    ...(row.note ? { note: row.note } : {}),
    ...(row.reference ? { reference: row.reference } : {}),
    updated: row.updated_at.toISOString(),
  }));
}

/**
 * Deletes one of the acting customer's templates; another customer's (or an unknown id) is refused
 * with 13 and nothing changes.
 *
 * @example
 * await deleteTemplate(db, 7, 12);
 */
export async function deleteTemplate(db: Db, customerId: number, id: number): Promise<void> {
  const deleted = await db.deleteFrom('payment_templates').where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw new RpcRefusal('13');
}
