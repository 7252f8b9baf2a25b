import { describe, expect, it } from 'vitest';
import { confirmationState, toCustomerAnnouncement, type AnnouncementRow } from './announcements.ts';

const row = (overrides: Partial<AnnouncementRow> = {}): AnnouncementRow => ({
  id: 3,
  title: 'Updated terms',
  summary: 'Please answer',
  published_at: new Date('2026-03-01T09:00:00Z'),
  expires_at: null,
  requires_confirmation: false,
  read_at: null,
  choice: null,
  chosen_at: null,
  ...overrides,
});

describe('announcements', () => {
  it('tells where an answer stands, and nothing for announcements that ask none', () => {
    expect(confirmationState(false, null)).toBeUndefined();
    expect(confirmationState(true, null)).toBe('awaiting');
    expect(confirmationState(true, 'accept')).toBe('accepted');
    expect(confirmationState(true, 'decline')).toBe('declined');
  });

  it('answers a row without absent values: unread, unanswered, no expiry, no body in lists', () => {
    expect(toCustomerAnnouncement(row())).toEqual({
      id: 3,
      title: 'Updated terms',
      summary: 'Please answer',
      publishedAt: '2026-03-01T09:00:00.000Z',
      isRead: false,
      requiresConfirmation: false,
    });
    const answered = toCustomerAnnouncement(
      row({
        body: 'Text',
        requires_confirmation: true,
        read_at: new Date('2026-03-02T10:00:00Z'),
        choice: 'decline',
        chosen_at: new Date('2026-03-02T10:01:00Z'),
        expires_at: new Date('2026-04-01T00:00:00Z'),
      }),
    );
    expect(answered).toMatchObject({
      body: 'Text',
      isRead: true,
      choice: 'decline',
      chosenAt: '2026-03-02T10:01:00.000Z',
      confirmation: 'declined',
      expiresAt: '2026-04-01T00:00:00.000Z',
    });
  });
});
