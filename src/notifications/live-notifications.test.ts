import { describe, expect, it } from 'vitest';
import type { NotificationListResponse } from '../../generated/methods.ts';
import { createNotificationWatcher, type ListedNotification } from './live-notifications.ts';

const notification = (id: number, status: 'unread' | 'read' = 'unread'): ListedNotification => ({
  id,
  type: 'transactionRejected',
  status,
  title: `Title ${id}`,
  body: `Body ${id}`,
  link: `/history/${id}`,
  createdAt: '2026-11-28T00:00:00.000Z',
});

/** A list whose answer the test sets before each refresh. */
function fakeList() {
  let answer: NotificationListResponse = { notifications: [], results: 0, unread: 0 };
  return {
    set(notifications: ListedNotification[]) {
      answer = { notifications, results: notifications.length, unread: notifications.filter((n) => n.status === 'unread').length };
    },
    list: async () => answer,
  };
}

describe('createNotificationWatcher', () => {
  it('tells the unread count at once but shows nothing that was there before it started', async () => {
    const source = fakeList();
    source.set([notification(2), notification(1, 'read')]);
    const unread: number[] = [];
    const arrived: number[] = [];
    const watcher = createNotificationWatcher(source.list, { unread: (count) => unread.push(count), arrived: (n) => arrived.push(n.id) });
    await watcher.refresh();
    expect(unread).toEqual([1]);
    expect(arrived).toEqual([]);
  });

  it('shows each unread notification newer than any seen, oldest first, once', async () => {
    const source = fakeList();
    source.set([notification(2)]);
    const unread: number[] = [];
    const arrived: number[] = [];
    const watcher = createNotificationWatcher(source.list, { unread: (count) => unread.push(count), arrived: (n) => arrived.push(n.id) });
    await watcher.refresh();
    source.set([notification(5), notification(4, 'read'), notification(3), notification(2)]);
    await watcher.refresh();
    expect(arrived).toEqual([3, 5]);
    // A refresh that brings nothing new (a mark read elsewhere) shows nothing again, only the count.
    source.set([notification(5, 'read'), notification(4, 'read'), notification(3), notification(2)]);
    await watcher.refresh();
    expect(arrived).toEqual([3, 5]);
    expect(unread).toEqual([1, 3, 2]);
  });

  it('keeps going after a failed question', async () => {
    const source = fakeList();
    let fail = true;
    const arrived: number[] = [];
    const watcher = createNotificationWatcher(
      async () => {
        if (fail) throw new Error('offline');
        return source.list();
      },
      { unread: () => undefined, arrived: (n) => arrived.push(n.id) },
    );
    await watcher.refresh();
    fail = false;
    source.set([notification(1)]);
    await watcher.refresh();
    source.set([notification(2), notification(1)]);
    await watcher.refresh();
    expect(arrived).toEqual([2]);
  });
});
