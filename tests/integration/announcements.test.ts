import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

const DAY = 24 * 60 * 60 * 1000;

for (const backend of BACKENDS) {
  describe(`news announcements on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let northwind: Tokens;
    let admin: Tokens;
    let annaId: number;
    let northwindId: number;
    /** The demo's announcements by a word of their title. */
    const ids: Record<'terms' | 'maintenance' | 'batch' | 'phishing' | 'savings', number> = { terms: 0, maintenance: 0, batch: 0, phishing: 0, savings: 0 };

    const as =
      (tokens: Tokens, customerId?: number) =>
      async (method: string, params: object = {}) =>
        (await client.rpc(method, params, { token: tokens.accessToken, ...(customerId ? { customerId } : {}) })).body;

    const stateOf = (customerId: number, announcementId: number) =>
      test.server.db
        .selectFrom('announcement_states')
        .selectAll()
        .where('customer_id', '=', customerId)
        .where('announcement_id', '=', announcementId)
        .executeTakeFirst();

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      northwind = await client.signIn(DEMO_LOGINS.business);
      admin = await client.signIn(DEMO_LOGINS.admin);
      annaId = (await as(anna)('profileInquiry')).customer.customerId;
      northwindId = (await as(northwind)('profileInquiry')).customer.customerId;
      const rows = await test.server.db.selectFrom('announcements').select(['id', 'title']).execute();
      const find = (word: string) => rows.find((row) => row.title.includes(word))!.id;
      Object.assign(ids, {
        terms: find('terms'),
        maintenance: find('maintenance'),
        batch: find('Batch'),
        phishing: find('phishing'),
        savings: find('Savings'),
      });
      // Not shown to anyone: one expired yesterday, one published tomorrow.
      const now = Date.now();
      await test.server.db
        .insertInto('announcements')
        .values([
          { title: 'Expired offer', summary: 'Gone', body: 'Gone', audience: 'all', published_at: new Date(now - 10 * DAY), expires_at: new Date(now - DAY) },
          { title: 'Next week', summary: 'Soon', body: 'Soon', audience: 'all', published_at: new Date(now + DAY), expires_at: null },
        ])
        .execute();
    });
    afterAll(() => test?.close());

    it('lists what is addressed to the customer, newest first, with paging and the confirmation filter', async () => {
      const all = await as(anna)('announcementList');
      expect(all).toMatchObject({ responseCode: '00', results: 4, unread: 4 });
      expect(all.announcements.map((item: { id: number }) => item.id)).toEqual([ids.terms, ids.maintenance, ids.phishing, ids.savings]);
      expect(all.announcements[0]).toMatchObject({ isRead: false, requiresConfirmation: true, confirmation: 'awaiting' });
      expect(all.announcements[0].choice).toBeUndefined();
      expect(all.announcements[0].body).toBeUndefined();
      expect(all.announcements[1].expiresAt).toEqual(expect.any(String));
      const dates = all.announcements.map((item: { publishedAt: string }) => item.publishedAt);
      expect([...dates].sort().reverse()).toEqual(dates);

      const first = await as(anna)('announcementList', { pageNumber: 1, pageSize: 3 });
      const second = await as(anna)('announcementList', { pageNumber: 2, pageSize: 3 });
      expect(first.results).toBe(4);
      expect(second.results).toBe(4);
      expect([...first.announcements, ...second.announcements].map((item: { id: number }) => item.id)).toEqual(
        all.announcements.map((item: { id: number }) => item.id),
      );
      expect(await as(anna)('announcementList', { pageSize: 0 })).toMatchObject({ responseCode: 'TA1' });

      const awaiting = await as(anna)('announcementList', { withConfirmation: true });
      expect(awaiting).toMatchObject({ results: 1, unread: 4, announcements: [{ id: ids.terms }] });

      const business = await as(northwind)('announcementList');
      expect(business.announcements.map((item: { id: number }) => item.id)).toEqual([ids.terms, ids.maintenance, ids.batch, ids.phishing]);
    });

    it('marks an announcement read when the customer opens it, for that customer only', async () => {
      const opened = await as(anna)('announcementGet', { id: ids.phishing });
      expect(opened).toMatchObject({ responseCode: '00', announcement: { id: ids.phishing, isRead: true, requiresConfirmation: false } });
      expect(opened.announcement.body).toContain('never ask you for your password');
      const list = await as(anna)('announcementList');
      expect(list.unread).toBe(3);
      expect(list.announcements.find((item: { id: number }) => item.id === ids.phishing).isRead).toBe(true);
      const again = await as(anna)('announcementGet', { id: ids.phishing });
      expect(again.announcement.isRead).toBe(true);
      expect((await stateOf(annaId, ids.phishing))?.read_at).toBeInstanceOf(Date);
      // Northwind's copy stays unread.
      expect((await as(northwind)('announcementList')).unread).toBe(4);
    });

    it('refuses announcements of another audience, expired or not yet published with 13, changing nothing', async () => {
      const hidden = await test.server.db.selectFrom('announcements').select('id').where('title', 'in', ['Expired offer', 'Next week']).execute();
      for (const id of [ids.batch, ...hidden.map((row) => row.id), 999_999]) {
        expect(await as(anna)('announcementGet', { id })).toMatchObject({ responseCode: '13' });
        expect(await as(anna)('announcementChoice', { id, choice: 'accept' })).toMatchObject({ responseCode: '13' });
        expect(await stateOf(annaId, id)).toBeUndefined();
      }
      expect(await as(northwind)('announcementGet', { id: ids.savings })).toMatchObject({ responseCode: '13' });
      expect(await stateOf(northwindId, ids.savings)).toBeUndefined();
      expect((await as(anna)('announcementList')).results).toBe(4);
    });

    it('records an answer once: the same answer again is fine, a different one is refused', async () => {
      const notAsked = await as(anna)('announcementChoice', { id: ids.phishing, choice: 'accept' });
      expect(notAsked).toMatchObject({ responseCode: 'AE' });
      expect(notAsked.responseDescription).toContain('does not ask for an answer');
      expect((await stateOf(annaId, ids.phishing))?.choice).toBeNull();
      expect(await as(anna)('announcementChoice', { id: ids.terms, choice: 'maybe' })).toMatchObject({ responseCode: 'TA1' });

      const accepted = await as(anna)('announcementChoice', { id: ids.terms, choice: 'accept' });
      expect(accepted).toMatchObject({ responseCode: '00', announcement: { id: ids.terms, choice: 'accept', confirmation: 'accepted', isRead: true } });
      const repeated = await as(anna)('announcementChoice', { id: ids.terms, choice: 'accept' });
      expect(repeated).toMatchObject({ responseCode: '00', announcement: { choice: 'accept', chosenAt: accepted.announcement.chosenAt } });

      const changed = await as(anna)('announcementChoice', { id: ids.terms, choice: 'decline' });
      expect(changed).toMatchObject({ responseCode: 'AE', choice: 'accept' });
      expect(changed.responseDescription).toContain('already accepted');
      const state = await stateOf(annaId, ids.terms);
      expect(state).toMatchObject({ choice: 'accept' });
      expect(state?.chosen_by_user_id).toEqual(expect.any(Number));

      expect(await as(anna)('announcementList', { withConfirmation: true })).toMatchObject({ results: 0, announcements: [] });
      expect((await as(anna)('announcementGet', { id: ids.terms })).announcement).toMatchObject({ choice: 'accept', confirmation: 'accepted' });
      // Northwind answers for itself: still waiting, then declined.
      expect(await as(northwind)('announcementList', { withConfirmation: true })).toMatchObject({ results: 1 });
      expect(await as(northwind)('announcementChoice', { id: ids.terms, choice: 'decline' })).toMatchObject({
        responseCode: '00',
        announcement: { confirmation: 'declined' },
      });
      expect((await stateOf(annaId, ids.terms))?.choice).toBe('accept');
    });

    it('lets an admin viewing the customer read without marking anything read or answering', async () => {
      expect(await as(admin)('adminViewStart', { customerId: annaId })).toMatchObject({ responseCode: '00' });
      const viewing = as(admin, annaId);
      expect((await viewing('announcementList')).results).toBe(4);
      expect(await viewing('announcementGet', { id: ids.savings })).toMatchObject({ responseCode: '00', announcement: { id: ids.savings, isRead: false } });
      expect(await stateOf(annaId, ids.savings)).toBeUndefined();
      expect(await viewing('announcementChoice', { id: ids.maintenance, choice: 'accept' })).toMatchObject({ responseCode: '13' });
    });
  });
}
