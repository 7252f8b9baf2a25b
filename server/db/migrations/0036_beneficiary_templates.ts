import { sql, type Kysely } from 'kysely';

/**
 * Beneficiary templates (issue 15 item 3; document 001 'Beneficiary templates', 'Payment template list'):
 * a payment template is also kept for a rail's beneficiary. Its `kind` names the rail ('wire', 'eft', …)
 * and `beneficiary` holds the beneficiary as that rail needs it (a wire's name, IBAN and BIC), so a new
 * rail saves its own fields with no migration; a p2p template keeps its payee's e-mail and no beneficiary.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payment_templates drop constraint payment_templates_kind_check`.execute(db);
  await sql`alter table payment_templates add constraint payment_templates_kind_check
    check (kind in ('p2p', 'wire', 'eft', 'oct', 'crypto_eft', 'instant_payment', 'interac'))`.execute(db);
  await sql`alter table payment_templates alter column to_email drop not null`.execute(db);
  await sql`alter table payment_templates add column beneficiary jsonb check (jsonb_typeof(beneficiary) = 'object')`.execute(db);
  await sql`alter table payment_templates add constraint payment_templates_payee
    check (case when kind = 'p2p' then to_email is not null and beneficiary is null else to_email is null and beneficiary is not null end)`.execute(db);
}
