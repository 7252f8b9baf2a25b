import { sql, type Kysely } from 'kysely';

/**
 * One posting, one statement (issue 14, Speed). `ledger_post` does in the database what
 * server/ledger/post-transaction.ts did in four round trips: finds an earlier posting under the same
 * idempotency key, locks the legs' accounts in id order, checks they exist, are open and balance per
 * currency, writes the transaction and its entries, and moves the balances (posted) or the holds
 * (pending) under the overdraft guard. A refusal is raised with its own SQLSTATE, which the server
 * turns back into the LedgerError it always was:
 *
 * - LE001 unknown account, LE002 closed account (DETAIL: the first such leg's account id);
 * - LE003 unbalanced (DETAIL: 'USD +5, EUR -3', currencies in the order of their first leg);
 * - LE004 insufficient funds (DETAIL: the lowest account id that cannot give its leg);
 * - LE005 the idempotency key was used for a different posting.
 *
 * System accounts (no customer) are neither locked nor updated by a posting: each of their legs is a row
 * of `system_balance_deltas`, which `ledger_fold_system_balances()` adds into their balances (the
 * server runs it every second; see server/ledger/system-balances.ts). A system account's balance is
 * its `balance` plus its deltas not yet folded.
 *
 * `ledger_lock_accounts(p_legs)` is the locking and checking part alone, for callers that lock before
 * they settle a hold or authorise a card payment.
 *
 * `p_legs` is a JSON array of { account_id, amount (minor units as a string), counterparty,
 * counterparty_key, counterparty_values }, in the caller's order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // What system accounts gained or gave since their balance was last folded: insert-only, so payments
  // that all pay a fee never queue for the fee account's row.
  await sql`
    create table system_balance_deltas (
      id bigint generated always as identity primary key,
      account_id int not null,
      amount bigint not null
    )`.execute(db);
  await sql`
    create function ledger_fold_system_balances() returns int
    language plpgsql as $body$
    declare
      v_folded int;
    begin
      -- One fold at a time: two would update the same system accounts in no set order.
      if not pg_try_advisory_xact_lock(hashtext('ledger_fold_system_balances')) then
        return 0;
      end if;
      with d as (delete from system_balance_deltas returning account_id, amount),
      s as (select account_id, sum(amount) as total from d group by account_id),
      u as (update accounts a set balance = a.balance + s.total from s where a.id = s.account_id returning a.id)
      select count(*)::int into v_folded from u;
      return v_folded;
    end
    $body$`.execute(db);
  await sql`
    create function ledger_lock_accounts(p_legs jsonb) returns void
    language plpgsql as $body$
    declare
      v_account int;
      v_missing boolean;
      v_unbalanced text;
    begin
      -- Customer accounts only, in id order, so two postings over the same accounts can never deadlock.
      -- System accounts are not locked: their balances move through system_balance_deltas.
      perform 1 from accounts a
      where a.id in (select l.account_id from jsonb_to_recordset(p_legs) as l(account_id int)) and a.customer_id is not null
      order by a.id for update of a;

      select l.account_id, a.id is null into v_account, v_missing
      from rows from (jsonb_to_recordset(p_legs) as (account_id int)) with ordinality as l(account_id, n)
      left join accounts a on a.id = l.account_id
      where a.id is null or a.status <> 1
      order by l.n limit 1;
      if found then
        raise exception 'account refused' using errcode = case when v_missing then 'LE001' else 'LE002' end, detail = v_account::text;
      end if;

      select string_agg(s.currency_code || ' ' || case when s.total > 0 then '+' else '' end || s.total::text, ', ' order by s.first_leg)
      into v_unbalanced
      from (
        select a.currency_code, sum(l.amount) as total, min(l.n) as first_leg
        from rows from (jsonb_to_recordset(p_legs) as (account_id int, amount bigint)) with ordinality as l(account_id, amount, n)
        join accounts a on a.id = l.account_id
        group by a.currency_code
        having sum(l.amount) <> 0
      ) s;
      if v_unbalanced is not null then
        raise exception 'unbalanced' using errcode = 'LE003', detail = v_unbalanced;
      end if;
    end
    $body$`.execute(db);
  await sql`
    create function ledger_post(
      p_operation_type text, p_description text, p_description_key text, p_description_values jsonb,
      p_idempotency_key text, p_request_hash text, p_posted_at timestamptz, p_status text, p_legs jsonb)
    returns table (out_id bigint, out_created_at timestamptz, out_replayed boolean)
    language plpgsql as $body$
    declare
      v_id bigint;
      v_at timestamptz;
      v_hash text;
      v_account int;
    begin
      if p_idempotency_key is not null then
        select t.id, t.created_at, t.request_hash into v_id, v_at, v_hash
        from ledger_transactions t where t.idempotency_key = p_idempotency_key;
        if found then
          if v_hash is distinct from p_request_hash then
            raise exception 'idempotency key used for a different posting' using errcode = 'LE005';
          end if;
          return query select v_id, v_at, true;
          return;
        end if;
      end if;

      perform ledger_lock_accounts(p_legs);

      insert into ledger_transactions (operation_type, description, description_key, description_values, idempotency_key, request_hash, created_at)
      values (p_operation_type, p_description, p_description_key, p_description_values, p_idempotency_key, p_request_hash, coalesce(p_posted_at, now()))
      returning id, created_at into v_id, v_at;

      insert into ledger_entries (transaction_id, account_id, amount, status, counterparty, counterparty_key, counterparty_values)
      select v_id, l.account_id, l.amount, p_status, l.counterparty, l.counterparty_key, l.counterparty_values
      from rows from (jsonb_to_recordset(p_legs) as (account_id int, amount bigint, counterparty text, counterparty_key text, counterparty_values jsonb))
        with ordinality as l(account_id, amount, counterparty, counterparty_key, counterparty_values, n)
      order by l.n;

      if p_status = 'posted' then
        -- A customer account's available balance (posted minus held) may not fall below its minimum.
        -- A system account's leg is kept as a delta (no lock on a row every payment touches), folded into its
        -- balance by ledger_fold_system_balances.
        with v as (select l.account_id, l.amount from jsonb_to_recordset(p_legs) as l(account_id int, amount bigint)),
        moved as (
          update accounts a set balance = a.balance + v.amount
          from v
          where a.id = v.account_id and a.customer_id is not null and a.balance + v.amount - a.pending >= a.balance_min
          returning a.id
        ),
        deferred as (
          insert into system_balance_deltas (account_id, amount)
          select v.account_id, v.amount from v join accounts a on a.id = v.account_id where a.customer_id is null
          returning account_id
        )
        select v.account_id into v_account from v
        where v.account_id not in (select id from moved) and v.account_id not in (select account_id from deferred)
        order by v.account_id limit 1;
      else
        -- A hold reserves what each customer account gives; balances stay, system accounts never hold.
        with v as (select l.account_id, l.amount from jsonb_to_recordset(p_legs) as l(account_id int, amount bigint) where l.amount < 0),
        held as (
          update accounts a set pending = a.pending - v.amount
          from v
          where a.id = v.account_id and a.customer_id is not null and a.balance - a.pending + v.amount >= a.balance_min
          returning a.id
        )
        select v.account_id into v_account from v join accounts a on a.id = v.account_id
        where a.customer_id is not null and v.account_id not in (select id from held)
        order by v.account_id limit 1;
      end if;
      if found then
        raise exception 'insufficient funds' using errcode = 'LE004', detail = v_account::text;
      end if;

      return query select v_id, v_at, false;
    end
    $body$`.execute(db);
}
