/**
 * Notifications delivered live across server processes (issue 19 item 2): two server processes on one
 * PostgreSQL database. A customer's page listens on process B's /api/live; the customer cancels a password
 * change through process A; B's socket is told 'notifications' though B made no change, and the list read
 * through B holds the new notification, unread. Another customer listening on B is told nothing.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.ts';
import { listen, twoProcessesOnPostgres } from './two-processes.ts';
import { createPersonalCustomer, TEST_PASSWORD } from './ledger-support.ts';

describe('notifications live across server processes on PostgreSQL', () => {
  const two = twoProcessesOnPostgres();

  it('tells the page on the other process of a notification made through one, and lists it there', async () => {
    const ana = await createPersonalCustomer(two.db, 'notify-a');
    const other = await createPersonalCustomer(two.db, 'notify-other');
    const onA = new ApiClient(two.a.url);
    const onB = new ApiClient(two.b.url);
    const pageTokens = await onB.signIn(ana.email, TEST_PASSWORD);
    const page = await listen(two.b, pageTokens);
    const otherPage = await listen(two.b, await onB.signIn(other.email, TEST_PASSWORD));
    try {
      const tokens = await onA.signIn(ana.email, TEST_PASSWORD);
      const request = await onA.rpc(
        'passwordChange',
        { password: TEST_PASSWORD, passwordNew: 'Other-pass-2031', passwordNewRepeat: 'Other-pass-2031' },
        { token: tokens.accessToken },
      );
      expect(request.body).toMatchObject({ responseCode: '00' });
      const told = page.next('notifications');
      const cancelled = await onA.rpc(
        'passwordChangeCancel',
        { requestKey: (request.body as { requestKey: string }).requestKey },
        { token: tokens.accessToken },
      );
      expect(cancelled.body).toMatchObject({ responseCode: '00' });
      // Process B changed nothing: only A's announcement can tell its page.
      await told;
      expect(page.heard).toEqual(['ready', 'notifications']);

      const listed = await onB.rpc('notificationList', {}, { token: pageTokens.accessToken });
      expect(listed.body).toMatchObject({ responseCode: '00', unread: 1, results: 1 });
      expect((listed.body as { notifications: Array<{ type: string; status: string }> }).notifications[0]).toMatchObject({
        type: 'passwordChangeCanceled',
        status: 'unread',
      });
      expect(otherPage.heard).toEqual(['ready']);
    } finally {
      page.close();
      otherPage.close();
    }
  });
});
