import { sql, type Kysely } from 'kysely';

/**
 * Webhooks (issue 18 item 3; document 002 sections 3 and 7): a customer's endpoints, each with its signing
 * secret sealed at rest; the events (messages) raised inside the business transaction that caused them (an
 * outbox: nothing is sent for a transaction that rolled back); one delivery per message and endpoint, the
 * queue the runner takes due work from with `for update skip locked`; and every attempt with what was sent
 * and what came back, for the webhook log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhook_endpoints (
      id serial primary key,
      customer_id integer not null references customers (id) on delete cascade,
      name varchar(256) not null,
      enabled boolean not null default true,
      url varchar(2048) not null,
      secret_sealed text not null,
      disabled_reason varchar(32) check (disabled_reason in ('failing')),
      disabled_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index webhook_endpoints_customer on webhook_endpoints (customer_id)`.execute(db);
  await sql`
    create table webhook_messages (
      id varchar(64) primary key,
      customer_id integer not null references customers (id) on delete cascade,
      event_type varchar(64) not null,
      payload jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table webhook_deliveries (
      id bigserial primary key,
      message_id varchar(64) not null references webhook_messages (id) on delete cascade,
      endpoint_id integer not null references webhook_endpoints (id) on delete cascade,
      state varchar(16) not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
      attempt_count integer not null default 0,
      next_attempt_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where state = 'pending'`.execute(db);
  await sql`
    create table webhook_attempts (
      id bigserial primary key,
      delivery_id bigint not null references webhook_deliveries (id) on delete cascade,
      message_id varchar(64) not null references webhook_messages (id) on delete cascade,
      endpoint_id integer not null references webhook_endpoints (id) on delete cascade,
      customer_id integer not null references customers (id) on delete cascade,
      url varchar(2048) not null,
      request_headers jsonb not null,
      request_body text not null,
      response_status integer,
      response_body text,
      error varchar(512),
      duration_ms integer not null,
      attempted_at timestamptz not null,
      next_attempt_at timestamptz,
      outcome varchar(16) not null check (outcome in ('delivered', 'failed'))
    )`.execute(db);
  await sql`create index webhook_attempts_customer on webhook_attempts (customer_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table webhook_attempts`.execute(db);
  await sql`drop table webhook_deliveries`.execute(db);
  await sql`drop table webhook_messages`.execute(db);
  await sql`drop table webhook_endpoints`.execute(db);
}
