import { sql, type Kysely } from 'kysely';

/**
 * Payer identity verification (issue 18 item 6; document 002 sections 2, 3 and 7): a merchant asks a payer,
 * by e-mail, to verify their identity at the identity provider, paying the fee it was shown (the ledger
 * transaction that charged it is kept). The provider's session is opened once the request is committed, so
 * its id and page are filled in afterwards; the provider's outcome finishes the request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payer_verification_requests (
      id varchar(64) primary key,
      customer_id integer not null references customers (id),
      created_by_user_id integer references users (id),
      payer_email varchar(254) not null,
      state varchar(16) not null default 'pending' check (state in ('pending', 'completed', 'failed')),
      fee_account_id integer not null references accounts (id),
      fee_amount bigint not null check (fee_amount >= 0),
      fee_currency_code varchar(5) not null,
      ledger_transaction_id bigint,
      provider varchar(32),
      provider_session_id varchar(128),
      provider_url varchar(2048),
      reject_reason varchar(1024),
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index payer_verification_requests_customer on payer_verification_requests (customer_id, created_at desc)`.execute(db);
  await sql`create unique index payer_verification_requests_session on payer_verification_requests (provider, provider_session_id)`.execute(db);
  await sql`
    create unique index payer_verification_requests_pending on payer_verification_requests (customer_id, payer_email) where state = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists payer_verification_requests`.execute(db);
}
