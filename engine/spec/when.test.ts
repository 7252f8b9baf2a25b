import { describe, expect, it } from 'vitest';
import { matchesWhen } from './when';

describe('matchesWhen', () => {
  const row = { status: 'active', enabled: false, count: 0, owner: { kind: 'person' }, note: '' };

  it('holds without a condition', () => {
    expect(matchesWhen(undefined, row)).toBe(true);
  });

  it('compares a field with equals, as typed JSON values', () => {
    expect(matchesWhen({ field: 'enabled', equals: false }, row)).toBe(true);
    expect(matchesWhen({ field: 'enabled', equals: true }, row)).toBe(false);
    expect(matchesWhen({ field: 'count', equals: '0' }, row)).toBe(false);
  });

  it('tests membership with in, and reads dot paths', () => {
    expect(matchesWhen({ field: 'status', in: ['active', 'paused'] }, row)).toBe(true);
    expect(matchesWhen({ field: 'status', in: ['closed'] }, row)).toBe(false);
    expect(matchesWhen({ field: 'owner.kind', in: ['person'] }, row)).toBe(true);
  });

  it('tests that a value is none of some with notIn, a missing value being none of them', () => {
    expect(matchesWhen({ field: 'status', notIn: ['closed', 'paused'] }, row)).toBe(true);
    expect(matchesWhen({ field: 'status', notIn: ['active'] }, row)).toBe(false);
    expect(matchesWhen({ field: 'missing', notIn: ['active'] }, row)).toBe(true);
    expect(
      matchesWhen(
        {
          all: [
            { field: 'status', in: ['active'] },
            { field: 'owner.kind', notIn: ['company'] },
          ],
        },
        row,
      ),
    ).toBe(true);
  });

  it('counts empty text, null and a missing field as absent, and 0 or false as present', () => {
    expect(matchesWhen({ field: 'note', present: false }, row)).toBe(true);
    expect(matchesWhen({ field: 'missing', present: false }, row)).toBe(true);
    expect(matchesWhen({ field: 'count', present: true }, row)).toBe(true);
    expect(matchesWhen({ field: 'enabled', present: true }, row)).toBe(true);
  });

  it('combines conditions with all, any and not', () => {
    const active = { field: 'status', equals: 'active' } as const;
    const enabled = { field: 'enabled', equals: true } as const;
    expect(matchesWhen({ all: [active, enabled] }, row)).toBe(false);
    expect(matchesWhen({ any: [active, enabled] }, row)).toBe(true);
    expect(matchesWhen({ not: enabled }, row)).toBe(true);
    expect(matchesWhen({ all: [] }, row)).toBe(true);
    expect(matchesWhen({ any: [] }, row)).toBe(false);
  });

  it('nests all, any and not inside each other', () => {
    const active = { field: 'status', equals: 'active' } as const;
    const paused = { field: 'status', equals: 'paused' } as const;
    const enabled = { field: 'enabled', equals: true } as const;
    const activeOrPausedOff = { any: [active, { all: [paused, { not: enabled }] }] } as const;
    expect(matchesWhen(activeOrPausedOff, { status: 'active', enabled: true })).toBe(true);
    expect(matchesWhen(activeOrPausedOff, { status: 'paused', enabled: false })).toBe(true);
    expect(matchesWhen(activeOrPausedOff, { status: 'paused', enabled: true })).toBe(false);
    expect(matchesWhen(activeOrPausedOff, { status: 'closed', enabled: false })).toBe(false);
    expect(matchesWhen({ not: activeOrPausedOff }, { status: 'closed' })).toBe(true);
  });

  it('compares amounts as exact decimals with gt, gte, lt and lte, against a number, a decimal or another field', () => {
    const form = { amount: '1000.01', limits: { remaining: '1000.00' }, big: '12345678901234567.1', count: 3, note: 'abc' };
    expect(matchesWhen({ field: 'amount', gt: ':limits.remaining' }, form)).toBe(true);
    expect(matchesWhen({ field: 'amount', lte: ':limits.remaining' }, form)).toBe(false);
    expect(matchesWhen({ field: 'limits.remaining', gte: '1000' }, form)).toBe(true);
    expect(matchesWhen({ field: 'limits.remaining', gt: 1000 }, form)).toBe(false);
    expect(matchesWhen({ field: 'big', gt: '12345678901234567' }, form)).toBe(true);
    expect(matchesWhen({ field: 'big', lt: '12345678901234567.2' }, form)).toBe(true);
    expect(matchesWhen({ field: 'count', gte: 1, lte: 3 }, form)).toBe(true);
    expect(matchesWhen({ field: 'count', gte: 1, lt: 3 }, form)).toBe(false);
  });

  it('fails a comparison where the value or the bound is not a decimal', () => {
    const form = { amount: '', note: 'abc', limit: '5' };
    expect(matchesWhen({ field: 'amount', lt: 5 }, form)).toBe(false);
    expect(matchesWhen({ field: 'note', gt: 0 }, form)).toBe(false);
    expect(matchesWhen({ field: 'missing', lte: ':limit' }, form)).toBe(false);
    expect(matchesWhen({ field: 'limit', lte: ':missing' }, form)).toBe(false);
    expect(matchesWhen({ not: { field: 'amount', gt: ':limit' } }, form)).toBe(true);
  });
});
