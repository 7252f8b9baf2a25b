/**
 * Notifications (issue 19 item 2, document 002 sections 3 and 8): made by real actions (a transfer request
 * waiting for approval, its decline: 'Transaction was rejected.', a password change cancelled), listed with
 * the unread count and paged, worded in the reader's language, marked read one by one and all at once, and
 * seen by the business user acting for the company. Another customer's id is refused 13.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVALS_DEMO_LOGIN } from '../../server/approvals/demo-seed.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

interface Seen {
  id: number;
  type: string;
  status: string;
  title: string;
  body: string;
  link: string;
}

for (const backend of BACKENDS) {
  describe(`notifications on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let approver: Tokens;
    let clerk: Tokens;
    let anna: Tokens;
    let admin: Tokens;

    const call = async (method: string, params: object, tokens: Tokens, language = 'en') =>
      (await client.post(`/api?method=${method}`, { method, ...params }, { authorization: `Bearer ${tokens.accessToken}`, 'accept-language': language })).body;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      approver = await client.signIn(DEMO_LOGINS.business);
      clerk = await client.signIn(APPROVALS_DEMO_LOGIN);
      anna = await client.signIn(DEMO_LOGINS.personal);
      admin = await client.signIn(DEMO_LOGINS.admin);
    });
    afterAll(() => test?.close());

    it('tells the company of a request to approve and of its decline, with the unread count, and marks them read', async () => {
      const before = await call('notificationList', {}, approver);
      expect(before).toMatchObject({ responseCode: '00' });
      const usd = (await call('balanceInquiry', {}, clerk)).accounts.find((a: { currencyCode: string }) => a.currencyCode === 'USD');
      const sent = await call('p2pTransfer', { idempotencyKey: randomUUID(), accountId: usd.accountId, amount: '12.00', toEmail: DEMO_LOGINS.personal }, clerk);
      expect(sent).toMatchObject({ responseCode: '00', status: 'awaitingApproval' });

      const asked = await call('notificationList', {}, approver);
      expect(asked.unread).toBe(before.unread + 1);
      expect(asked.results).toBe(before.results + 1);
      expect(asked.notifications[0]).toMatchObject({ type: 'approvalRequest', status: 'unread', link: '/transfer/approved' });
      expect(asked.notifications[0].body).toContain('$12.00');

      const declined = await call(
        'transactionRequestApprove',
        { idempotencyKey: randomUUID(), transactionIds: [sent.operationId], declined: true, reason: 'Wrong payee' },
        approver,
      );
      expect(declined.responseCode).toBe('00');
      const told = await call('notificationList', { pageSize: 1 }, clerk);
      // The clerk acts for the same company: the company's notifications are the clerk's too.
      expect(told).toMatchObject({ responseCode: '00', unread: before.unread + 2, results: before.results + 2 });
      const rejected: Seen = told.notifications[0];
      expect(told.notifications).toHaveLength(1);
      expect(rejected).toMatchObject({ type: 'transactionRejected', status: 'unread', title: 'Transaction was rejected.' });
      expect(rejected.body).toContain('Wrong payee');
      expect(rejected.link).toMatch(/^\/history\/\d+$/);
      const inSpanish = await call('notificationList', { pageSize: 1 }, clerk, 'es');
      expect(inSpanish.notifications[0].title).toBe('La transacción fue rechazada.');
      const second = await call('notificationList', { pageSize: 1, pageNumber: 2 }, clerk);
      expect(second.notifications[0].type).toBe('approvalRequest');

      // Another customer cannot read or mark it.
      expect((await call('notificationMarkRead', { id: rejected.id }, anna)).responseCode).toBe('13');
      expect((await call('notificationMarkRead', { id: 'x' }, anna)).responseCode).toBe('TA1');
      expect((await call('notificationList', {}, anna)).notifications.map((n: Seen) => n.id)).not.toContain(rejected.id);

      expect(await call('notificationMarkRead', { id: rejected.id }, approver)).toMatchObject({ responseCode: '00', unread: before.unread + 1 });
      const unreadOnly = await call('notificationList', { unreadOnly: true }, approver);
      expect(unreadOnly.notifications.map((n: Seen) => n.id)).not.toContain(rejected.id);
      expect(unreadOnly.results).toBe(before.unread + 1);

      expect(await call('notificationMarkAllRead', {}, approver)).toMatchObject({ responseCode: '00', marked: before.unread + 1, unread: 0 });
      const after = await call('notificationList', {}, approver);
      expect(after.unread).toBe(0);
      expect(after.notifications.every((n: Seen) => n.status === 'read')).toBe(true);
    });

    it('tells the customer a password change was cancelled', async () => {
      const before = await call('notificationList', {}, anna);
      const request = await call('passwordChange', { password: 'Demo-pass-2026', passwordNew: 'Fresh-pass-2031', passwordNewRepeat: 'Fresh-pass-2031' }, anna);
      expect(request).toMatchObject({ responseCode: '00' });
      expect(await call('passwordChangeCancel', { requestKey: request.requestKey }, anna)).toMatchObject({
        responseCode: '00',
        message: 'Confirmation canceled',
      });
      const after = await call('notificationList', {}, anna, 'ru');
      expect(after.unread).toBe(before.unread + 1);
      expect(after.notifications[0]).toMatchObject({
        type: 'passwordChangeCanceled',
        status: 'unread',
        title: 'Подтверждение отменено',
        link: '/setting/password',
      });
    });
    it('tells the customer of a removed document and of a changed username, each tapping to the profile', async () => {
      const { customer_id: annaId } = await test.server.db
        .selectFrom('users')
        .select('customer_id')
        .where('email', '=', DEMO_LOGINS.personal)
        .executeTakeFirstOrThrow();
      const document = await test.server.db
        .selectFrom('documents')
        .select('id')
        .where('customer_id', '=', annaId!)
        .where('status_id', '<>', 5)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const before = await call('notificationList', {}, anna);
      expect(await call('adminDocumentRemove', { documentId: document.id }, admin)).toMatchObject({ responseCode: '00' });
      const removed = await call('notificationList', {}, anna, 'es');
      expect(removed.unread).toBe(before.unread + 1);
      expect(removed.notifications[0]).toMatchObject({ type: 'documentRemoved', status: 'unread', title: 'Se eliminó un documento', link: '/profile' });

      const emails = await test.server.db.selectFrom('customer_emails').select(['id', 'email', 'is_primary']).where('customer_id', '=', annaId!).execute();
      const studio = emails.find((email) => email.email === 'anna.novak.studio@example.com')!;
      const own = emails.find((email) => email.is_primary)!;
      expect(await call('emailSetPrimary', { emailId: String(studio.id) }, anna)).toMatchObject({ responseCode: '00' });
      const renamed = await call('notificationList', {}, anna);
      expect(renamed.notifications[0]).toMatchObject({ type: 'usernameChanged', title: 'Your username was changed', link: '/profile' });
      expect(renamed.notifications[0].body).toContain('anna.novak.studio@example.com');
      // Back as it was, for the other files' demo sign-in.
      expect(await call('emailSetPrimary', { emailId: String(own.id) }, anna)).toMatchObject({ responseCode: '00' });
    });
  });
}
