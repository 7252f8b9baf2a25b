import { describe, expect, it } from 'vitest';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { checkSchedule, nextRunAfter, occurrenceAt, utcDay, type RecurringFrequency } from './recurring.ts';

const at = (iso: string) => new Date(iso);
/** The first `n` occurrence days of a schedule, as 'YYYY-MM-DD'. */
const days = (first: string, frequency: RecurringFrequency, n: number) =>
  Array.from({ length: n }, (_, index) => utcDay(occurrenceAt(at(first), frequency, index)));

describe('occurrenceAt', () => {
  it('keeps the first payment as occurrence 0, time of day included', () => {
    expect(occurrenceAt(at('2026-03-14T09:30:00Z'), 'monthly', 0).toISOString()).toBe('2026-03-14T09:30:00.000Z');
    expect(occurrenceAt(at('2026-03-14T09:30:00Z'), 'monthly', 2).toISOString()).toBe('2026-05-14T09:30:00.000Z');
  });

  it('moves a month-end day back to the last day of shorter months without drifting', () => {
    expect(days('2026-01-31T09:00:00Z', 'monthly', 6)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30']);
    expect(days('2026-08-30T09:00:00Z', 'monthly', 8)).toEqual([
      '2026-08-30',
      '2026-09-30',
      '2026-10-30',
      '2026-11-30',
      '2026-12-30',
      '2027-01-30',
      '2027-02-28',
      '2027-03-30',
    ]);
  });

  it('knows leap years: 29 February in 2028, 28 in 2027, and a 29 February start falls back to the 28th', () => {
    expect(days('2027-12-31T00:00:00Z', 'monthly', 3)).toEqual(['2027-12-31', '2028-01-31', '2028-02-29']);
    expect(days('2026-12-31T00:00:00Z', 'monthly', 3)).toEqual(['2026-12-31', '2027-01-31', '2027-02-28']);
    expect(days('2028-02-29T12:00:00Z', 'yearly', 5)).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
    // 2100 is not a leap year (divisible by 100, not by 400); 2000 was.
    expect(utcDay(occurrenceAt(at('2096-02-29T00:00:00Z'), 'yearly', 4))).toBe('2100-02-28');
    expect(utcDay(occurrenceAt(at('1996-02-29T00:00:00Z'), 'yearly', 4))).toBe('2000-02-29');
  });

  it('crosses the year for monthly and quarterly schedules', () => {
    expect(days('2026-11-30T08:00:00Z', 'quarterly', 4)).toEqual(['2026-11-30', '2027-02-28', '2027-05-30', '2027-08-30']);
    expect(days('2026-12-15T08:00:00Z', 'monthly', 3)).toEqual(['2026-12-15', '2027-01-15', '2027-02-15']);
  });

  it('counts daily, weekly and biweekly in whole UTC days, across month ends, leap days and clock changes', () => {
    expect(days('2028-02-27T23:30:00Z', 'daily', 4)).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(days('2026-01-29T10:00:00Z', 'weekly', 4)).toEqual(['2026-01-29', '2026-02-05', '2026-02-12', '2026-02-19']);
    expect(days('2026-12-24T10:00:00Z', 'biweekly', 3)).toEqual(['2026-12-24', '2027-01-07', '2027-01-21']);
    // Europe's clocks move on 29 March 2026: a UTC schedule keeps its hour.
    expect(occurrenceAt(at('2026-03-26T09:00:00Z'), 'weekly', 1).toISOString()).toBe('2026-04-02T09:00:00.000Z');
  });
});

describe('nextRunAfter', () => {
  const monthly = { first_run_at: at('2026-01-31T09:00:00Z'), frequency: 'monthly' as const, end_date: null, max_count: null };

  it('is the next occurrence after the payments done', () => {
    expect(nextRunAfter(monthly, 1, at('2026-01-31T09:00:00Z'))?.toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(nextRunAfter(monthly, 2, at('2026-02-28T09:00:01Z'))?.toISOString()).toBe('2026-03-31T09:00:00.000Z');
  });

  it('skips occurrences missed while nothing ran instead of sending them in a burst', () => {
    expect(nextRunAfter(monthly, 1, at('2026-05-02T00:00:00Z'))?.toISOString()).toBe('2026-05-31T09:00:00.000Z');
    const weekly = { first_run_at: at('2026-01-01T06:00:00Z'), frequency: 'weekly' as const, end_date: null, max_count: null };
    expect(nextRunAfter(weekly, 1, at('2026-01-20T00:00:00Z'))?.toISOString()).toBe('2026-01-22T06:00:00.000Z');
    // An occurrence due exactly now is already past: the next one follows.
    expect(nextRunAfter(weekly, 1, at('2026-01-08T06:00:00Z'))?.toISOString()).toBe('2026-01-15T06:00:00.000Z');
  });

  it('ends once the number of payments is reached', () => {
    const three = { ...monthly, max_count: 3 };
    expect(nextRunAfter(three, 2, at('2026-02-28T10:00:00Z'))?.toISOString()).toBe('2026-03-31T09:00:00.000Z');
    expect(nextRunAfter(three, 3, at('2026-03-31T10:00:00Z'))).toBeNull();
  });

  it('ends after the end date, the end date itself still running', () => {
    const untilMarch = { ...monthly, end_date: '2026-03-31' };
    expect(nextRunAfter(untilMarch, 2, at('2026-02-28T10:00:00Z'))?.toISOString()).toBe('2026-03-31T09:00:00.000Z');
    expect(nextRunAfter(untilMarch, 3, at('2026-03-31T10:00:00Z'))).toBeNull();
    const untilMarch30 = { ...monthly, end_date: '2026-03-30' };
    expect(nextRunAfter(untilMarch30, 2, at('2026-02-28T10:00:00Z'))).toBeNull();
  });

  it('takes whichever limit comes first', () => {
    const both = { first_run_at: at('2026-01-05T09:00:00Z'), frequency: 'weekly' as const, end_date: '2026-12-31', max_count: 2 };
    expect(nextRunAfter(both, 2, at('2026-01-12T10:00:00Z'))).toBeNull();
  });
});

describe('checkSchedule', () => {
  const now = at('2026-01-31T09:00:00Z');
  const field = (run: () => void) => {
    try {
      run();
    } catch (error) {
      if (error instanceof RpcRefusal) return error.details.validationErrors?.[0]?.field;
      throw error;
    }
    return undefined;
  };

  it('takes an end date on or after the second payment, and open-ended schedules', () => {
    expect(field(() => checkSchedule({ frequency: 'monthly', endDate: '2026-02-28' }, now))).toBeUndefined();
    expect(field(() => checkSchedule({ frequency: 'monthly' }, now))).toBeUndefined();
    expect(field(() => checkSchedule({ frequency: 'weekly', transactions: 2 }, now))).toBeUndefined();
  });

  it('refuses on its field an end date before the second payment, fewer than two payments, an unknown frequency', () => {
    expect(field(() => checkSchedule({ frequency: 'monthly', endDate: '2026-02-27' }, now))).toBe('subscriptionEndDate');
    expect(field(() => checkSchedule({ frequency: 'monthly', endDate: '28/02/2026' }, now))).toBe('subscriptionEndDate');
    expect(field(() => checkSchedule({ frequency: 'monthly', transactions: 1 }, now))).toBe('subscriptionTransactions');
    expect(field(() => checkSchedule({ frequency: 'monthly', transactions: 2.5 }, now))).toBe('subscriptionTransactions');
    expect(field(() => checkSchedule({ frequency: 'hourly' as RecurringFrequency }, now))).toBe('subscriptionFrequency');
  });
});
