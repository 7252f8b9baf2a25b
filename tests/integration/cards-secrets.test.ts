/**
 * Card PINs and numbers behind a second factor (issue 5 item 3 and 4), against the real server on
 * PGlite and PostgreSQL: the challenge by sms, otp and e-mail code; five wrong codes; a code bound
 * to its action and new PIN; show, get, change and reveal end to end; the message never carries
 * the secret; bin lookups. The 13 for another customer's card in every card method and the leak
 * test (PINs and full numbers only in the answers that reveal them, never in a log line, an audit
 * row, another answer or another table) are in cards-no-leaks.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTotpSecret, totp } from '../../server/auth/totp.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { luhnValid, sandboxCardProcessor, weakPin } from '../../server/cards/processor.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

for (const backend of BACKENDS) {
  describe(`card secrets on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let annaCustomerId: number;
    let annaUserId: number;
    let accountId: number;
    const logLines: string[] = [];
    const revealed = new Set<string>();

    const db = () => test.server.db;
    const call = async (method: string, params: Record<string, unknown>, tokens = anna) => {
      const answer = await client.rpc(method, params, { token: tokens.accessToken });
      return answer.body;
    };
    const mode = (value: number | null) => db().updateTable('customers').set({ transaction_approve_mode: value }).where('id', '=', annaCustomerId).execute();
    const lastMessage = async () =>
      db().selectFrom('outbox_messages').selectAll().where('purpose', '=', 'cardSecret').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const codeOf = (body: string) => /\b(\d{6})\b/.exec(body)![1]!;
    /** Starts a challenge and answers it with the code that was sent. */
    const confirmed = async (method: string, params: Record<string, unknown>) => {
      const started = await call(method, params);
      expect(started).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation' });
      const code = codeOf((await lastMessage()).body);
      return call(method, { ...params, confirm: { requestId: started.requestId, approvalCode: code } });
    };

    beforeAll(async () => {
      test = await startTestServer(backend, { logLevel: 'trace', logStream: { write: (line: string) => logLines.push(line) } });
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      const user = await db().selectFrom('users').select(['id', 'customer_id']).where('email', '=', DEMO_LOGINS.personal).executeTakeFirstOrThrow();
      annaUserId = user.id;
      annaCustomerId = user.customer_id!;
      const card = await db()
        .selectFrom('cards')
        .select(['account_id', 'processor_ref'])
        .where('customer_id', '=', annaCustomerId)
        .where('status_id', '=', 2)
        .executeTakeFirstOrThrow();
      accountId = card.account_id;
      // The processor's PIN is set to one found nowhere else, so the leak test cannot mistake another number for it.
      await sandboxCardProcessor(db()).setPin(card.processor_ref!, await unusedPin());
    });
    afterAll(() => test?.close());

    it('asks for an SMS code in sms mode, and the SMS never carries the PIN', async () => {
      await mode(2);
      const started = await call('cardPinShow', { accountId });
      expect(started).toMatchObject({ status: 'awaitingConfirmation', approveType: 'sms' });
      expect(started.approvalSentTo).toMatch(/•••/);
      const sms = await lastMessage();
      expect(sms.channel).toBe('sms');
      const shown = await call('cardPinShow', { accountId, confirm: { requestId: started.requestId, approvalCode: codeOf(sms.body) } });
      expect(shown).toMatchObject({ responseCode: '00', status: 'done' });
      expect(shown.pinCode).toMatch(/^[0-9]{4}$/);
      revealed.add(shown.pinCode);
      expect(sms.body).not.toContain(shown.pinCode);
      // Used once.
      const again = await call('cardPinShow', { accountId, confirm: { requestId: started.requestId, approvalCode: codeOf(sms.body) } });
      expect(again.responseCode).toBe('TA1');
    });

    it('asks for the authenticator code in otp mode and for an e-mail code in approvalCode mode', async () => {
      const secret = newTotpSecret();
      await db().updateTable('users').set({ totp_secret: secret, totp_last_step: null }).where('id', '=', annaUserId).execute();
      await mode(3);
      const started = await call('cardPinGet', { accountId });
      expect(started).toMatchObject({ status: 'awaitingConfirmation', approveType: 'otp' });
      const shown = await call('cardPinGet', { accountId, confirm: { requestId: started.requestId, approvalCode: totp(secret) } });
      expect(shown).toMatchObject({ responseCode: '00', status: 'done' });
      revealed.add(shown.pinCode);

      await mode(4);
      const byMail = await call('cardPinShow', { accountId });
      expect(byMail).toMatchObject({ status: 'awaitingConfirmation', approveType: 'approvalCode' });
      const mail = await lastMessage();
      expect(mail.channel).toBe('email');
      const done = await call('cardPinShow', { accountId, confirm: { requestId: byMail.requestId, approvalCode: codeOf(mail.body) } });
      expect(done.pinCode).toBe(shown.pinCode);
      expect(mail.body).not.toContain(done.pinCode);
      await db().updateTable('users').set({ totp_secret: null }).where('id', '=', annaUserId).execute();
    });

    it('falls back to sms when no mode (or push) is set: a secret always needs a second factor', async () => {
      for (const value of [null, 1]) {
        await mode(value);
        expect(await call('cardDetailsReveal', { accountId })).toMatchObject({ status: 'awaitingConfirmation', approveType: 'sms' });
      }
      await mode(2);
    });

    it('ends the challenge after 5 wrong codes, saying how many attempts are left', async () => {
      const started = await call('cardPinShow', { accountId });
      const right = codeOf((await lastMessage()).body);
      const wrong = right === '000000' ? '111111' : '000000';
      for (let left = 4; left >= 1; left--) {
        const answer = await call('cardPinShow', { accountId, confirm: { requestId: started.requestId, approvalCode: wrong } });
        expect(answer.responseCode).toBe('TA1');
        expect(answer.validationErrors[0]).toMatchObject({ field: 'confirm.approvalCode' });
        expect(answer.validationErrors[0].description).toContain(`${left} attempt`);
      }
      const fifth = await call('cardPinShow', { accountId, confirm: { requestId: started.requestId, approvalCode: wrong } });
      expect(fifth.validationErrors[0].description).toMatch(/Too many/);
      const late = await call('cardPinShow', { accountId, confirm: { requestId: started.requestId, approvalCode: right } });
      expect(late.responseCode).toBe('TA1');
      expect(late.pinCode).toBeUndefined();
    });

    it('binds a code to its action and, for a change, to the new PIN', async () => {
      const show = await call('cardPinShow', { accountId });
      const showCode = codeOf((await lastMessage()).body);
      const crossed = await call('cardDetailsReveal', { accountId, confirm: { requestId: show.requestId, approvalCode: showCode } });
      expect(crossed.responseCode).toBe('TA1');
      expect(crossed.cardNumber).toBeUndefined();

      const change = await call('cardPinChange', { accountId, pin: '5829', pinRepeat: '5829' });
      const changeCode = codeOf((await lastMessage()).body);
      const other = await call('cardPinChange', {
        accountId,
        pin: '6937',
        pinRepeat: '6937',
        confirm: { requestId: change.requestId, approvalCode: changeCode },
      });
      expect(other.responseCode).toBe('TA1');
      expect(other.validationErrors[0].field).toBe('pin');
    });

    it('checks the PINs before any code is sent', async () => {
      const before = await db()
        .selectFrom('step_up_challenges')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const mismatch = await call('cardPinChange', { accountId, pin: '5829', pinRepeat: '5828' });
      expect(mismatch).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'pinRepeat', description: 'The PINs do not match.' }] });
      const weak = await call('cardPinChange', { accountId, pin: '1234', pinRepeat: '1234' });
      expect(weak).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'pin' }] });
      const short = await call('cardPinChange', { accountId, pin: '12', pinRepeat: '12' });
      expect(short.responseCode).toBe('TA1');
      const after = await db()
        .selectFrom('step_up_challenges')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    });

    it('changes the PIN, shows the new one, and reveals the full number behind the second factor', async () => {
      const pin = await unusedPin();
      const changed = await confirmed('cardPinChange', { accountId, pin, pinRepeat: pin });
      expect(changed).toMatchObject({ responseCode: '00', status: 'done' });
      const shown = await confirmed('cardPinShow', { accountId });
      expect(shown.pinCode).toBe(pin);
      revealed.add(pin);

      const details = await confirmed('cardDetailsReveal', { accountId });
      expect(details).toMatchObject({ responseCode: '00', status: 'done' });
      expect(details.cardNumber).toMatch(/^[0-9]{16}$/);
      expect(luhnValid(details.cardNumber)).toBe(true);
      expect(details.cvv).toMatch(/^[0-9]{3}$/);
      const card = await db()
        .selectFrom('cards')
        .select(['bin', 'last4', 'holder_name'])
        .where('account_id', '=', accountId)
        .where('role', '=', 'current')
        .executeTakeFirstOrThrow();
      expect(details.cardNumber.startsWith(card.bin!)).toBe(true);
      expect(details.cardNumber.endsWith(card.last4!)).toBe(true);
      expect(details.holderName).toBe(card.holder_name);
      revealed.add(details.cardNumber);
      revealed.add(`cvv:${details.cvv}`);
    });

    it('looks bins up on the first 6 digits after spaces are removed, and lists the blocked ones', async () => {
      expect(await call('binInfo', { binNumber: '4111 1111 1111 1111' })).toMatchObject({
        responseCode: '00',
        binNumber: '411111',
        cardBrand: 'VISA',
        valid: true,
      });
      expect(await call('binInfo', { binNumber: '535 522' })).toMatchObject({ binNumber: '535522', isPrepaid: true, valid: true });
      expect(await call('binInfo', { binNumber: '999999 00' })).toEqual({
        responseCode: '00',
        responseDescription: expect.any(String),
        binNumber: '999999',
        valid: false,
      });
      expect(await call('binInfo', { binNumber: '4111 1' })).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'binNumber' }] });
      const blocked = await call('blockedCardBins', {});
      expect(blocked.bins).toHaveLength(3);
      const first = blocked.bins[0];
      expect(await call('binInfo', { binNumber: first.binNumber })).toMatchObject({ valid: false, blocked: true, blockedReason: first.reason });
    });

    /** Every table's rows as text. */
    async function tableDump(): Promise<Record<string, string>> {
      const tables = await db()
        .selectFrom('information_schema.tables' as never)
        .select('table_name' as never)
        .where('table_schema' as never, '=', 'public' as never)
        .execute();
      const dump: Record<string, string> = {};
      for (const { table_name: name } of tables as Array<{ table_name: string }>) {
        const rows = await db()
          .selectFrom(name as never)
          .selectAll()
          .execute();
        dump[name] = JSON.stringify(rows, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
      }
      return dump;
    }

    /** A PIN that is not weak and appears nowhere yet (as a separate number), so the leak test cannot mistake it. */
    async function unusedPin(): Promise<string> {
      const all = Object.values(await tableDump()).join('\n') + logLines.join('\n') + [...revealed].join('\n');
      for (let candidate = 5381; ; candidate += 7) {
        const pin = String(candidate % 10_000).padStart(4, '0');
        if (/^(19|20)/.test(pin) || /(\d)\1/.test(pin) || weakPin(pin)) continue;
        if (!new RegExp(`(^|[^0-9A-Za-z])${pin}([^0-9A-Za-z]|$)`).test(all)) return pin;
      }
    }
  });
}
