import type { PayoutState, TransferStatus } from '../db/schema.ts';

export type { PayoutState };

/**
 * What the ledger does when a payout changes state:
 * - 'none': nothing moves (the rail took the payout; the money stays held);
 * - 'post': the hold is posted (the money has reached the beneficiary's bank);
 * - 'void': the hold is released, the amount and the fee come back (the payout never left);
 * - 'refund': the payout had settled, so the amount comes back from the rail's clearing account by a new
 *   posting; the fee stays charged, since the rail did carry the payment.
 */
export type LedgerEffect = 'none' | 'post' | 'void' | 'refund';

/**
 * Every change a payout may make, and its ledger effect: the one table of the payout lifecycle. A rail
 * report asking for a change not listed here is ignored (recorded nowhere, changing nothing).
 *
 * pending  -> sent      the rail accepted the payout
 * pending  -> failed    the rail refused it outright
 * pending  -> returned  refused by the beneficiary's bank before the rail acknowledged it
 * sent     -> settled   the beneficiary's bank credited it
 * sent     -> returned  the beneficiary's bank sent it back (ISO 20022 reason code)
 * sent     -> failed    the rail could not deliver it
 * settled  -> returned  a return after settlement (a closed account found later)
 */
export const PAYOUT_TRANSITIONS: Readonly<Record<PayoutState, Partial<Record<PayoutState, LedgerEffect>>>> = {
  pending: { sent: 'none', failed: 'void', returned: 'void' },
  sent: { settled: 'post', returned: 'void', failed: 'void' },
  settled: { returned: 'refund' },
  returned: {},
  failed: {},
};

/** The states a payout ends in. */
export const FINAL_PAYOUT_STATES: readonly PayoutState[] = (Object.keys(PAYOUT_TRANSITIONS) as PayoutState[]).filter(
  (state) => Object.keys(PAYOUT_TRANSITIONS[state]).length === 0,
);

/**
 * The ledger effect of moving a payout from `from` to `to`, or undefined when the table does not allow it.
 *
 * @example
 * payoutTransition('sent', 'settled'); // 'post'
 * payoutTransition('settled', 'sent'); // undefined
 */
export function payoutTransition(from: PayoutState, to: PayoutState): LedgerEffect | undefined {
  return PAYOUT_TRANSITIONS[from][to];
}

/**
 * The status of the payout's transfer, as histories and limits read it: 'processing' while the rail
 * works on it, 'completed' once settled, 'failed' when it came back or failed (it then no longer counts
 * against the customer's limits).
 *
 * @example
 * transferStatusOf('sent'); // 'processing'
 */
export function transferStatusOf(state: PayoutState): TransferStatus {
  if (state === 'settled') return 'completed';
  if (state === 'returned' || state === 'failed') return 'failed';
  return 'processing';
}
