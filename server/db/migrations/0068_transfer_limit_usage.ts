import { sql, type Kysely } from 'kysely';

/**
 * What a customer has sent today and this month, kept as it is written, not summed again on every transfer
 * (issue 14, Speed; the limits of document 001 section 7). Before, each transfer's limit check read every
 * transfer of its kind the customer had made this month, under the customer's lock: a merchant paying out
 * thousands a month paid for all of them on each new one.
 *
 * `transfer_limit_usage` holds, per customer, kind, currency and UTC day, the sum of the amounts of every
 * transfer written that day, whatever its status. A trigger on `transfers` keeps it: an insert adds its
 * amount to its day, a delete takes it away, and an update that moves an amount (its amount, kind, currency,
 * customer or creation time) takes it from the old day and adds it to the new one. A status change writes
 * nothing here: the limit check (server/transfers/limits.ts, `limitUsage`) takes away the transfers of the
 * period that are declined, canceled or failed, which are few and found by their own partial index. So a
 * decline never locks the usage row, and the only writers of a customer's row are the transfers that
 * customer sends, which already wait for one another on the customer's lock. The rows are derived from
 * `transfers`, whose keys are checked there, so they carry no foreign keys of their own to check again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table transfer_limit_usage (
      customer_id integer not null,
      kind text not null,
      currency_code text not null,
      day date not null,
      amount bigint not null,
      primary key (customer_id, kind, currency_code, day)
    )`.execute(db);
  await sql`
    create function transfer_limit_usage_track() returns trigger language plpgsql as $body$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update transfer_limit_usage set amount = amount - old.amount
        where customer_id = old.customer_id and kind = old.kind and currency_code = old.currency_code
          and day = (old.created_at at time zone 'utc')::date;
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        insert into transfer_limit_usage as u (customer_id, kind, currency_code, day, amount)
        values (new.customer_id, new.kind, new.currency_code, (new.created_at at time zone 'utc')::date, new.amount)
        on conflict (customer_id, kind, currency_code, day) do update set amount = u.amount + excluded.amount;
      end if;
      return null;
    end
    $body$`.execute(db);
  await sql`
    create trigger transfers_limit_usage_written after insert or delete on transfers
    for each row execute function transfer_limit_usage_track()`.execute(db);
  await sql`
    create trigger transfers_limit_usage_moved after update of amount, kind, currency_code, customer_id, created_at on transfers
    for each row when (
      old.amount is distinct from new.amount or old.kind is distinct from new.kind
      or old.currency_code is distinct from new.currency_code or old.customer_id is distinct from new.customer_id
      or old.created_at is distinct from new.created_at)
    execute function transfer_limit_usage_track()`.execute(db);
  await sql`
    create index transfers_not_counted on transfers (customer_id, created_at)
    where status in ('declined', 'canceled', 'failed')`.execute(db);
  await sql`
    insert into transfer_limit_usage (customer_id, kind, currency_code, day, amount)
    select customer_id, kind, currency_code, (created_at at time zone 'utc')::date, sum(amount)
    from transfers
    group by 1, 2, 3, 4`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists transfers_not_counted`.execute(db);
  await sql`drop trigger if exists transfers_limit_usage_moved on transfers`.execute(db);
  await sql`drop trigger if exists transfers_limit_usage_written on transfers`.execute(db);
  await sql`drop function if exists transfer_limit_usage_track()`.execute(db);
  await sql`drop table if exists transfer_limit_usage`.execute(db);
}
