import { describe, expect, it } from 'vitest';
import { derivedStatus, isUnread, NEW_TICKET_WINDOW_MS } from './ticket-status.ts';

const now = new Date('2026-03-20T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const DAY = 24 * 60 * 60 * 1000;

describe('derivedStatus', () => {
  it('is closed when the desk closed the ticket, however recent', () => {
    expect(derivedStatus({ status: 'Closed', lastThread: { createdAt: ago(1000), to: 'customer' }, updatedAt: ago(1000) }, now)).toBe('closed');
  });

  it('is new when an agent wrote last within two weeks, open after that', () => {
    const answered = (age: number) => ({ status: 'Open', lastThread: { createdAt: ago(age), to: 'customer' as const }, updatedAt: ago(age) });
    expect(derivedStatus(answered(DAY), now)).toBe('new');
    expect(derivedStatus(answered(NEW_TICKET_WINDOW_MS), now)).toBe('new');
    expect(derivedStatus(answered(NEW_TICKET_WINDOW_MS + 1), now)).toBe('open');
  });

  it('is new when closed without a reply within two weeks', () => {
    expect(derivedStatus({ status: 'CLOSED-NO REPLY', lastThread: { createdAt: ago(DAY), to: 'desk' }, updatedAt: ago(DAY) }, now)).toBe('new');
    expect(derivedStatus({ status: 'CLOSED-NO REPLY', lastThread: null, updatedAt: ago(20 * DAY) }, now)).toBe('open');
  });

  it('is open while the customer wrote last', () => {
    expect(derivedStatus({ status: 'Open', lastThread: { createdAt: ago(DAY), to: 'desk' }, updatedAt: ago(DAY) }, now)).toBe('open');
  });
});

describe('isUnread', () => {
  it('is unread when an agent wrote after the customer last read', () => {
    const lastThread = { createdAt: ago(DAY), to: 'customer' as const };
    expect(isUnread({ lastThread, customerReadAt: null })).toBe(true);
    expect(isUnread({ lastThread, customerReadAt: ago(2 * DAY) })).toBe(true);
    expect(isUnread({ lastThread, customerReadAt: ago(DAY - 1) })).toBe(false);
  });

  it('is read while the customer wrote last or nothing was written', () => {
    expect(isUnread({ lastThread: { createdAt: ago(DAY), to: 'desk' }, customerReadAt: null })).toBe(false);
    expect(isUnread({ lastThread: null, customerReadAt: null })).toBe(false);
  });
});
