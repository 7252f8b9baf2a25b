import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../testing/harness';
import { dayHeading, localDay, rowsByDay, timeOfDay } from './days';

const t = createTestI18n().t;

describe('days of rows', () => {
  it('heads today and yesterday by name and other days by their date', () => {
    const now = new Date(2026, 2, 1, 0, 30);
    expect(dayHeading('2026-03-01', now, 'en', t)).toBe('Today');
    // The day before the first of a month is the last of the month before.
    expect(dayHeading('2026-02-28', now, 'en', t)).toBe('Yesterday');
    expect(dayHeading('2026-02-27', now, 'en', t)).toBe('Feb 27, 2026');
    expect(dayHeading('2026-02-27', now, 'ru', t)).toBe('27 февр. 2026 г.');
  });

  it('cuts rows into days in their order, an undated row staying with the day before it', () => {
    const rows = [
      { id: 1, at: new Date(2026, 2, 1, 9).toISOString() },
      { id: 2, at: '' },
      { id: 3, at: new Date(2026, 2, 1, 8).toISOString() },
      { id: 4, at: new Date(2026, 1, 28, 20).toISOString() },
    ];
    expect(rowsByDay(rows, 'at').map((day) => [day.day, day.rows.map((row) => row.id)])).toEqual([
      ['2026-03-01', [1, 2, 3]],
      ['2026-02-28', [4]],
    ]);
    expect(rowsByDay([{ id: 5 }], 'at')).toEqual([{ day: '', rows: [{ id: 5 }] }]);
  });

  it('reads a day where the reader is, a bare date as it is, and a time of day in the reader language', () => {
    expect(localDay('2026-03-01')).toBe('2026-03-01');
    expect(localDay(new Date(2026, 2, 1, 23, 59).toISOString())).toBe('2026-03-01');
    expect(localDay('not a date')).toBe('');
    expect(timeOfDay(new Date(2026, 2, 1, 9, 41).toISOString(), 'ru')).toBe('09:41');
    expect(timeOfDay(new Date(2026, 2, 1, 21, 5).toISOString(), 'en')).toBe('9:05 PM');
    expect(timeOfDay('2026-03-01', 'en')).toBe('2026-03-01');
  });
});
