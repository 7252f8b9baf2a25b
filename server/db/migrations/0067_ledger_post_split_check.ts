import { sql, type Kysely } from 'kysely';

/**
 * A posting that no revenue-split contract touches in one round trip, not two (issue 14, Speed).
 * `ledger_post_unless_split(p_split_check, …ledger_post's arguments)` answers `out_split = true` and writes
 * nothing when `p_split_check` is set and an incoming leg (a positive amount) is paid into an account whose
 * holder is the sender of an ACTIVE or TERMINATING contract; otherwise it posts through `ledger_post`
 * (migration 0030) and answers its row with `out_split = false`. The server then works out the shares
 * (server/ledger/revenue-split.ts) and posts the payment and its shares in one transaction, as it did before
 * for every posting. Nothing is raised for a split, so a caller's transaction stays usable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function ledger_post_unless_split(
      p_split_check boolean,
      p_operation_type text, p_description text, p_description_key text, p_description_values jsonb,
      p_idempotency_key text, p_request_hash text, p_posted_at timestamptz, p_status text, p_legs jsonb)
    returns table (out_id bigint, out_created_at timestamptz, out_replayed boolean, out_split boolean)
    language plpgsql as $body$
    begin
      if p_split_check and exists (
        select 1
        from jsonb_to_recordset(p_legs) as l(account_id int, amount bigint)
        join accounts a on a.id = l.account_id
        join contracts c on c.sender_id = a.customer_id and c.status in ('ACTIVE', 'TERMINATING')
        where l.amount > 0
      ) then
        return query select null::bigint, null::timestamptz, false, true;
        return;
      end if;
      return query select p.out_id, p.out_created_at, p.out_replayed, false
        from ledger_post(p_operation_type, p_description, p_description_key, p_description_values,
          p_idempotency_key, p_request_hash, p_posted_at, p_status, p_legs) as p;
    end
    $body$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists ledger_post_unless_split(boolean, text, text, text, jsonb, text, text, timestamptz, text, jsonb)`.execute(db);
}
