import { sql, type Kysely } from 'kysely';

/**
 * The public API (issue 18): merchants' API keys (only a SHA-256 of the key is kept, with a visible
 * prefix), the IP ranges their keys may be used from, and the log of every request made with a key.
 * Requests per key are counted in `call_counts` (key `apikey:<id>`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table api_keys (
    id serial primary key,
    customer_id integer not null references customers(id),
    name varchar(100) not null,
    prefix varchar(20) not null,
    key_hash varchar(64) not null unique,
    enabled boolean not null default true,
    deleted_at timestamptz,
    last_used_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index api_keys_customer on api_keys (customer_id)`.execute(db);
  await sql`create table api_allowed_ips (
    id serial primary key,
    customer_id integer not null references customers(id),
    name varchar(100) not null,
    ip_from varchar(45) not null,
    ip_to varchar(45) not null,
    enabled boolean not null default true,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index api_allowed_ips_customer on api_allowed_ips (customer_id)`.execute(db);
  await sql`create table api_requests (
    id bigserial primary key,
    customer_id integer not null references customers(id),
    api_key_id integer not null references api_keys(id),
    method varchar(10) not null,
    path varchar(500) not null,
    status integer not null,
    duration_ms integer not null,
    ip varchar(45) not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index api_requests_key_time on api_requests (customer_id, api_key_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table api_requests`.execute(db);
  await sql`drop table api_allowed_ips`.execute(db);
  await sql`drop table api_keys`.execute(db);
}
