import { describe, expect, it } from 'vitest';
import { identityStatus, isWaiting, profileDocumentStatus } from './document-status.ts';

const now = new Date('2026-05-01T12:00:00Z');

describe('the document waiting rule', () => {
  it.each([
    [0, true],
    [41, true],
    [31, true],
    [2, false],
    [4, false],
    [5, false],
    [26, false],
    [38, false],
    [64, false],
  ])('status %i waiting: %s', (statusId, waiting) => expect(isWaiting(statusId)).toBe(waiting));
});

describe('profileDocumentStatus', () => {
  it.each([
    ['no document', undefined, 'none'],
    ['submitted', { statusId: 0, expiresDate: null }, 'pending'],
    ['under investigation', { statusId: 31, expiresDate: null }, 'pending'],
    ['rejected', { statusId: 26, expiresDate: null }, 'rejected'],
    ['name mismatch', { statusId: 64, expiresDate: null }, 'rejected'],
    ['canceled', { statusId: 4, expiresDate: null }, 'none'],
    ['expired status', { statusId: 38, expiresDate: null }, 'none'],
    ['confirmed', { statusId: 2, expiresDate: null }, 'validated'],
    ['confirmed, expires in 10 days', { statusId: 2, expiresDate: '2026-05-11' }, 'expiredSoon'],
    ['confirmed, expired yesterday', { statusId: 2, expiresDate: '2026-04-30' }, 'none'],
    ['confirmed, expires in a year', { statusId: 2, expiresDate: '2027-05-01' }, 'validated'],
  ] as const)('%s: %s', (_name, document, status) => expect(profileDocumentStatus(document, now)).toBe(status));
});

describe('identityStatus', () => {
  it.each([
    [undefined, 'undefined'],
    [{ statusId: 5, expiresDate: null }, 'undefined'],
    [{ statusId: 41, expiresDate: null }, 'pending'],
    [{ statusId: 26, expiresDate: null }, 'rejected'],
    [{ statusId: 4, expiresDate: null }, 'canceled'],
    [{ statusId: 64, expiresDate: null }, 'nameMismatch'],
    [{ statusId: 38, expiresDate: null }, 'expired'],
    [{ statusId: 2, expiresDate: '2020-01-01' }, 'expired'],
    [{ statusId: 2, expiresDate: '2030-01-01' }, 'confirmed'],
  ] as const)('%j: %s', (document, status) => expect(identityStatus(document, now)).toBe(status));
});
