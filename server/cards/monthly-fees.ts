import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { CARD_STATUS } from './card-status.ts';
import { chargeCardFees, currencyScales, offerIn, paymentAccount } from './fees.ts';
import { cardLabelText } from './lifecycle.ts';
import { countryOffer } from './products.ts';

/** Cards that pay the monthly fee: issued and activated, and not cancelled. */
const BILLED_STATUSES = [CARD_STATUS.active, CARD_STATUS.limited, CARD_STATUS.expired, CARD_STATUS.paused];
/** An unpaid month is tried again after this long. */
const RETRY_AFTER_MS = 24 * 60 * 60 * 1000;
/** At most this many cards per run, so one run never holds the scheduler for long. */
const BATCH = 100;

/** The month a moment falls in, 'YYYY-MM' (UTC). */
export function billingPeriod(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** A month the settlement account could not pay (rolls the attempt back). */
class Unpaid extends Error {}

/** What one run did. */
export interface MonthlyFeesOutcome {
  charged: number;
  unpaid: number;
}

/**
 * Charges the monthly card fee of the month `now` falls in, from each card's settlement account
 * (the price list's fee in the card's currency, converted at the day's rate when the price list's differs), through
 * the ledger like every card fee. A card pays from the month after its activation (the month it
 * was activated is covered by the annual and issue fees). Each card and month is claimed in the
 * same transaction as its charge under a primary key, so no month is charged twice across
 * instances; a month the account cannot pay is recorded as unpaid and tried again a day later.
 *
 * @example
 * await chargeDueMonthlyCardFees(db, new Date()); // { charged: 12, unpaid: 1 }
 */
export async function chargeDueMonthlyCardFees(db: Kysely<Database>, now: Date): Promise<MonthlyFeesOutcome> {
  const period = billingPeriod(now);
  const monthStart = new Date(`${period}-01T00:00:00Z`);
  const retryBefore = new Date(now.getTime() - RETRY_AFTER_MS);
  const due = await db
    .selectFrom('cards as c')
    .innerJoin('accounts as a', 'a.id', 'c.account_id')
    .leftJoin('card_monthly_fees as f', (join) => join.onRef('f.card_id', '=', 'c.id').on('f.period', '=', period))
    .select(['c.id'])
    .where('c.role', '=', 'current')
    .where('c.status_id', 'in', BILLED_STATUSES)
    .where('c.activated_at', '<', monthStart)
    .where('a.status', '=', 1)
    .where((eb) => eb.or([eb('f.card_id', 'is', null), eb.and([eb('f.status', '=', 'unpaid'), eb('f.attempted_at', '<', retryBefore)])]))
    .orderBy('c.id')
    .limit(BATCH)
    .execute();

  const outcome: MonthlyFeesOutcome = { charged: 0, unpaid: 0 };
  for (const { id } of due) {
    let result: 'charged' | 'unpaid' | 'skipped';
    try {
      result = await db.transaction().execute(async (trx) => {
        const card = await trx
          .selectFrom('cards as c')
          .innerJoin('accounts as a', 'a.id', 'c.account_id')
          .select(['c.id', 'c.customer_id', 'c.product_type', 'c.last4', 'c.country_code', 'a.name', 'a.currency_code', 'a.settlement_account_id'])
          .where('c.id', '=', id)
          .forUpdate('c')
          .skipLocked()
          .executeTakeFirst();
        if (!card || card.settlement_account_id === null) return 'skipped';
        const claimed = await trx
          .insertInto('card_monthly_fees')
          .values({ card_id: id, period, status: 'charged', attempted_at: now })
          .onConflict((conflict) =>
            conflict
              .columns(['card_id', 'period'])
              .doUpdateSet({ status: 'charged', attempted_at: now })
              .where('card_monthly_fees.status', '=', 'unpaid')
              .where('card_monthly_fees.attempted_at', '<', retryBefore),
          )
          .returning('card_id')
          .executeTakeFirst();
        if (!claimed) return 'skipped';
        // Priced in the card's currency, as its screens state it.
        const { fees } = offerIn(countryOffer(card.country_code), card.currency_code, await currencyScales(trx));
        try {
          const account = await paymentAccount(trx, card.customer_id, card.settlement_account_id, 'settlementAccountId');
          await chargeCardFees(trx, {
            account,
            items: [{ fee: 'monthly', amount: fees.monthly, currency: fees.currency }],
            field: 'settlementAccountId',
            cardLabel: cardLabelText(card, card.name),
          });
        } catch (error) {
          // Roll the claim and any partial posting back; the month is recorded as unpaid below.
          if (error instanceof RpcRefusal) throw new Unpaid();
          throw error;
        }
        return 'charged';
      });
    } catch (error) {
      if (!(error instanceof Unpaid)) throw error;
      result = 'unpaid';
    }
    if (result === 'unpaid') {
      await db
        .insertInto('card_monthly_fees')
        .values({ card_id: id, period, status: 'unpaid', attempted_at: now })
        .onConflict((conflict) =>
          conflict.columns(['card_id', 'period']).doUpdateSet({ status: 'unpaid', attempted_at: now }).where('card_monthly_fees.status', '=', 'unpaid'),
        )
        .execute();
      outcome.unpaid++;
    } else if (result === 'charged') {
      outcome.charged++;
    }
  }
  return outcome;
}
