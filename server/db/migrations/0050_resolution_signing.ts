import { sql, type Kysely } from 'kysely';

/**
 * Account resolution signing (document 002 sections 3 and 7, issue 17 item 3): each signer of a company's
 * resolution signs it through the e-signature provider, as W-forms are signed. An e-signature request may
 * now be for a resolution (form kind `resolution`), naming the resolution and the representative who signs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table e_signature_requests
      drop constraint e_signature_requests_form_kind_check,
      add constraint e_signature_requests_form_kind_check check (form_kind in ('w9', 'w8ben', 'w8bene', 'resolution')),
      add column resolution_id integer references business_resolutions (id) on delete cascade,
      add column business_representative_id integer references business_representatives (id) on delete cascade`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from e_signature_requests where form_kind = 'resolution'`.execute(db);
  await sql`
    alter table e_signature_requests
      drop column business_representative_id,
      drop column resolution_id,
      drop constraint e_signature_requests_form_kind_check,
      add constraint e_signature_requests_form_kind_check check (form_kind in ('w9', 'w8ben', 'w8bene'))`.execute(db);
}
