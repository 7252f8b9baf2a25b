import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { wireSettlementTime } from './business-days.ts';
import { payoutTransition, type PayoutState } from './payout-states.ts';
import type { RailAdapter, RailName, RailReport } from './rail-adapter.ts';

/** Seconds a sandbox rail takes to acknowledge (send on) a payout it was given. */
export const SANDBOX_SEND_DELAY_SECONDS = 20;

/** What a tester asks of the sandbox network for one payout (from `/sandbox/rails`). */
export type SandboxAction = 'settle' | 'return' | 'fail';

/** Why the sandbox network refuses a tester's action. */
export class SandboxRailError extends Error {
  constructor(
    readonly reason: 'unknown' | 'notAllowed',
    message: string,
  ) {
    super(message);
  }
}

/** The sandbox rail: the adapter the bank uses, plus the network's clock and the tester's controls. */
export interface SandboxRail extends RailAdapter {
  /** Moves every payout whose time has come: acknowledged ones are sent, sent ones settle (wires by business day). */
  advance(now: Date): Promise<number>;
  /** A tester settles, returns (with an ISO 20022 reason code) or fails a payout, as the network would. */
  act(endToEndId: string, action: SandboxAction, reasonCode?: string): Promise<PayoutState>;
}

/**
 * When each sandbox network settles a payout it has sent, as the real one would: a wire and an EFT by
 * business day and cut-off time, a card credit and a crypto withdrawal within minutes (the card network's
 * answer, the chain's confirmations), an instant payment within seconds, Interac once the recipient
 * deposits it (half an hour here).
 */
const SETTLES_AFTER: Record<RailName, (sentAt: Date) => Date> = {
  wire: wireSettlementTime,
  eft: wireSettlementTime,
  oct: (sentAt) => new Date(sentAt.getTime() + 2 * 60_000),
  crypto_eft: (sentAt) => new Date(sentAt.getTime() + 10 * 60_000),
  instant_payment: (sentAt) => new Date(sentAt.getTime() + 10_000),
  interac: (sentAt) => new Date(sentAt.getTime() + 30 * 60_000),
};

/** When the network moves a payout in `state` on by itself, or null when it waits for nothing. */
function nextStepAt(rail: RailName, state: PayoutState, now: Date): Date | null {
  if (state === 'pending') return new Date(now.getTime() + SANDBOX_SEND_DELAY_SECONDS * 1000);
  if (state === 'sent') return SETTLES_AFTER[rail](now);
  return null;
}

/**
 * The sandbox of a rail: a network kept in its own tables (rail_sandbox_payouts, rail_sandbox_reports)
 * that takes payouts, reports them sent after SANDBOX_SEND_DELAY_SECONDS and settled when the rail's day
 * says (a wire: the business day, by its cut-off), and lets a tester settle, return or fail any payout.
 * Every change is a report with its own id, waiting until the bank collects and acknowledges it. The
 * same state machine as the bank's (payout-states.ts) says which changes the network may make.
 *
 * @example
 * const wire = sandboxRail(db, 'wire');
 * await wire.sendPayout({ endToEndId: 'W-1', amount: '10.00', currency: 'EUR', beneficiary: { iban, bic, name } });
 */
export function sandboxRail(db: Kysely<Database>, rail: RailName): SandboxRail {
  /** Moves a payout to `state` with a new report, if the state machine allows it; answers whether it moved. */
  const move = async (endToEndId: string, from: PayoutState, to: PayoutState, reasonCode: string | null, now: Date): Promise<boolean> => {
    if (payoutTransition(from, to) === undefined) return false;
    return db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('rail_sandbox_payouts')
        .set({ state: to, reason_code: reasonCode, next_at: nextStepAt(rail, to, now) })
        .where('end_to_end_id', '=', endToEndId)
        .where('state', '=', from)
        .executeTakeFirst();
      if (!moved.numUpdatedRows) return false;
      await trx
        .insertInto('rail_sandbox_reports')
        .values({ end_to_end_id: endToEndId, rail, report_id: `SBX-${randomUUID()}`, state: to, reason_code: reasonCode, delivered_at: null })
        .execute();
      return true;
    });
  };

  return {
    rail,

    async sendPayout(instruction) {
      await db
        .insertInto('rail_sandbox_payouts')
        .values({
          end_to_end_id: instruction.endToEndId,
          rail,
          amount: instruction.amount,
          currency_code: instruction.currency,
          state: 'pending',
          reason_code: null,
          next_at: nextStepAt(rail, 'pending', new Date()),
        })
        .onConflict((conflict) => conflict.column('end_to_end_id').doNothing())
        .execute();
    },

    async reports(limit) {
      const rows = await db
        .selectFrom('rail_sandbox_reports')
        .select(['end_to_end_id', 'report_id', 'state', 'reason_code', 'reported_at'])
        .where('rail', '=', rail)
        .where('delivered_at', 'is', null)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row): RailReport => ({
        endToEndId: row.end_to_end_id,
        reportId: row.report_id,
        state: row.state as RailReport['state'],
        ...(row.reason_code ? { reasonCode: row.reason_code } : {}),
        at: row.reported_at,
      }));
    },

    async acknowledge(reportIds) {
      if (!reportIds.length) return;
      await db
        .updateTable('rail_sandbox_reports')
        .set({ delivered_at: sql<Date>`now()` })
        .where('report_id', 'in', [...reportIds])
        .execute();
    },

    async advance(now) {
      const due = await db
        .selectFrom('rail_sandbox_payouts')
        .select(['end_to_end_id', 'state'])
        .where('rail', '=', rail)
        .where('next_at', '<=', now)
        .orderBy('next_at')
        .limit(200)
        .execute();
      let moved = 0;
      for (const payout of due) {
        const to: PayoutState = payout.state === 'pending' ? 'sent' : 'settled';
        if (await move(payout.end_to_end_id, payout.state, to, null, now)) moved += 1;
      }
      return moved;
    },

    async act(endToEndId, action, reasonCode) {
      const payout = await db.selectFrom('rail_sandbox_payouts').select('state').where('end_to_end_id', '=', endToEndId).executeTakeFirst();
      if (!payout) throw new SandboxRailError('unknown', `The sandbox ${rail} rail was never sent payout ${endToEndId}.`);
      const now = new Date();
      let state = payout.state;
      // A network settles only what it sent: a payout not yet sent is sent first, as two reports.
      if (action === 'settle' && state === 'pending' && (await move(endToEndId, 'pending', 'sent', null, now))) state = 'sent';
      const to: PayoutState = action === 'settle' ? 'settled' : action === 'return' ? 'returned' : 'failed';
      const reason = action === 'settle' ? null : (reasonCode ?? (action === 'return' ? 'AC04' : 'MS03'));
      if (!(await move(endToEndId, state, to, reason, now))) {
        throw new SandboxRailError('notAllowed', `Payout ${endToEndId} is ${state}: it cannot be ${to} now.`);
      }
      return to;
    },
  };
}
