import { sql, type Kysely } from 'kysely';

/**
 * Getting in (document 000 sections 2, 4 and 7): personal registrations with their activation code,
 * account recovery tasks (by e-mail or by personal data) and the signed-in user's password change
 * requests. Every code is stored as a hash only; each row counts its wrong attempts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table registrations (
      user_id integer primary key references users (id),
      customer_id integer not null references customers (id),
      brand text not null,
      registration_type text not null,
      accepted_terms jsonb not null check (jsonb_typeof(accepted_terms) = 'array'),
      activation_code_hash text not null,
      code_expires_at timestamptz not null,
      code_sent_at timestamptz not null default now(),
      failed_attempts integer not null default 0,
      activated_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table recovery_tasks (
      id text primary key,
      user_id integer references users (id),
      channel text not null check (channel in ('email', 'personalData')),
      email text,
      recovery_email text,
      verification_status text not null check (verification_status in ('codeSent', 'rejected', 'completed')),
      reject_reason text,
      is_retryable boolean not null default false,
      masked_phone text,
      code_hash text,
      code_expires_at timestamptz not null,
      failed_attempts integer not null default 0,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index recovery_tasks_user on recovery_tasks (user_id)`.execute(db);

  await sql`
    create table password_change_requests (
      request_key text primary key,
      user_id integer not null references users (id),
      session_id text not null references sessions (id),
      new_password_hash text not null,
      code_hash text not null,
      expires_at timestamptz not null,
      failed_attempts integer not null default 0,
      outcome text check (outcome in ('changed', 'cancelled', 'failed')),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index password_change_requests_user on password_change_requests (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['password_change_requests', 'recovery_tasks', 'registrations']) {
    await db.schema.dropTable(table).execute();
  }
}
