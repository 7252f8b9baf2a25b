/** The sandbox wire network's day: payouts sent before the cut-off settle the same business day. */
export const WIRE_CUT_OFF_HOUR_UTC = 15;
/** When a business day's wires settle (UTC). */
export const WIRE_SETTLEMENT_HOUR_UTC = 17;

const isWeekend = (day: Date) => day.getUTCDay() === 0 || day.getUTCDay() === 6;

/**
 * When a wire sent at `sentAt` settles, as a wire network with a cut-off works: sent on a business day
 * before 15:00 UTC, it settles that day at 17:00 UTC; sent later, or on a Saturday or Sunday, it settles at
 * 17:00 UTC on the next business day. (Bank holidays are not kept: the sandbox knows only weekends.)
 *
 * @example
 * wireSettlementTime(new Date('2026-11-27T10:00:00Z')); // Friday 17:00 the same day
 * wireSettlementTime(new Date('2026-11-27T16:00:00Z')); // Monday 2026-11-30 17:00
 */
export function wireSettlementTime(sentAt: Date): Date {
  const day = new Date(Date.UTC(sentAt.getUTCFullYear(), sentAt.getUTCMonth(), sentAt.getUTCDate(), WIRE_SETTLEMENT_HOUR_UTC));
  if (!isWeekend(sentAt) && sentAt.getUTCHours() < WIRE_CUT_OFF_HOUR_UTC) return day;
  do day.setUTCDate(day.getUTCDate() + 1);
  while (isWeekend(day));
  return day;
}
