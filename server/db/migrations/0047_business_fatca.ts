import { sql, type Kysely } from 'kysely';

/**
 * Business FATCA/CRS self-certification (document 002 sections 3 and 5, issue 17 item 6): a company that is
 * not a US taxpayer signs a W-8BEN-E (form kind `w8bene`) through the e-signature provider. A company's
 * answers are kept whole in `fatca_certifications` beside the personal ones (subject `company:<id>`), so
 * only the form kinds an e-signature request may name change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table e_signature_requests
      drop constraint e_signature_requests_form_kind_check,
      add constraint e_signature_requests_form_kind_check check (form_kind in ('w9', 'w8ben', 'w8bene'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table e_signature_requests
      drop constraint e_signature_requests_form_kind_check,
      add constraint e_signature_requests_form_kind_check check (form_kind in ('w9', 'w8ben'))`.execute(db);
}
