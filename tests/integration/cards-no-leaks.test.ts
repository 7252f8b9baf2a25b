/**
 * Issue 5: "no response, log line or error ever carries a full card number or a PIN outside the
 * reveal calls, and another customer's card id gets access denied in every card method", against
 * the real server on PGlite and PostgreSQL.
 *
 * 1. Every card method runs through a full flow (apply, confirm, activate, pause, load with its SMS
 *    code, a sandbox purchase, the lists, PIN show/get/change and the details reveal behind their
 *    second factor, reissue, upgrade shipping, alias, block) AND is refused at least once (wrong
 *    state, bad params, wrong code), with every server log line captured at trace level. Then every
 *    PIN that was ever valid and every full number the processor issued is searched for in every
 *    log line, every answer (refusals included), and every row of every table but the processor's
 *    own vault (audit log, outbox messages, idempotency keys among them).
 * 2. Table-driven: for every card method declared in schemas/api/methods (a new method without a
 *    case fails), Northwind naming Anna's card, account, address or challenge gets 13 and nothing changes.
 * 3. Concurrency: four activations at once charge once and answer the PIN the processor holds;
 *    four pauses at once pause once.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTotpSecret, totp } from '../../server/auth/totp.ts';
import { sandboxCardProcessor, weakPin } from '../../server/cards/processor.ts';
import { REPOSITORY_ROOT } from '../../server/config/config.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { checkLedgerInvariant } from '../../server/ledger/invariant.ts';
import { ApiClient, type Json, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

const METHODS_DIR = path.join(REPOSITORY_ROOT, 'schemas/api/methods');
/** Every card method the API declares: card*, plus the card lookups and lists named otherwise. */
const CARD_METHODS = readdirSync(METHODS_DIR)
  .map((file) => file.replace(/\.json$/, ''))
  .filter(
    (name) => /^card[A-Z]/.test(name) || ['binInfo', 'blockedCardBins', 'currentAccountAuthorizationList', 'addressReplacementCompatibility'].includes(name),
  )
  .sort();
const requestProperties = (method: string): string[] =>
  Object.keys(JSON.parse(readFileSync(path.join(METHODS_DIR, `${method}.json`), 'utf8')).request?.properties ?? {});

/** Answers allowed to carry a PIN (only as pinCode) or a full number (only as cardNumber). */
const PIN_ANSWERS = new Set(['cardConfirm', 'cardActivate', 'cardPinShow', 'cardPinGet']);
const FEE_CHARGING = new Set(['cardConfirm', 'cardActivate', 'cardBlock', 'cardReissue', 'cardUpgradeShipping']);
const NUMBER_ANSWERS = new Set(['cardDetailsReveal']);

/**
 * Text with the numbers that cannot be a PIN taken out, so a four-digit PIN can be searched for as a
 * separate token without false alarms. A PIN is a four-character STRING (it may start with 0), so:
 * - JSON numbers (ids, minor-unit amounts, years, pid, timestamps in ms) go: a PIN never travels as one
 *   (a PIN under a pin-named key in any form is caught by `secretKeys` below);
 * - dates and times (2026-05-01T10:11:12Z: "2026" is a year), UUIDs (idempotency keys: groups of four
 *   hex digits), dotted numbers (decimal amounts "1234.00", IP addresses, versions);
 * - masked card numbers, "•1234" labels, masked account numbers ("••\u00a00106", a no-break space before
 *   the last four) and the last4/mcc fields: the last four digits and the merchant category are
 *   four-digit strings by design and not secrets.
 * Whatever four-digit token remains (free text, string values) would be a leak if it equals a PIN.
 */
function withoutNonSecretNumbers(text: string): string {
  return text
    .replace(/\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?/g, '<date>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/\d{4} \d{2}•• •••• \d{4}/g, '<masked>')
    .replace(/•+[ \u00a0]?\d{4}/g, '<last4>')
    .replace(/"(last4|mcc|last_4)"\s*:\s*"\d{4}"/g, '"$1":"<last4>"')
    .replace(/\d+(?:\.\d+)+/g, '<decimal>')
    .replace(/([:[,]\s*)-?\d+(?:[eE][+-]?\d+)?(?=\s*[,}\]])/g, '$1<number>');
}

const token = (value: string) => new RegExp(`(^|[^0-9A-Za-z])${value}([^0-9A-Za-z]|$)`);

/** Keys that name a PIN or a CVV: their value must never be shown (the audit log writes '[secret]'). */
const SECRET_KEY = /^(new|old|card|current)?(pin|cvv|cvc)(code|repeat|number)?$/;
/** Every value under a PIN- or CVV-named key in a JSON document (or `[]`), as "key=value". */
function secretKeys(text: string): string[] {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return [];
  }
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      if (
        SECRET_KEY.test(key.toLowerCase().replace(/[^a-z]/g, '')) &&
        inner !== null &&
        inner !== '' &&
        inner !== '[secret]' &&
        inner !== '<allowed>' &&
        typeof inner !== 'object' &&
        typeof inner !== 'boolean'
      ) {
        found.push(`${key}=${String(inner)}`);
      }
      walk(inner);
    }
  };
  walk(document);
  return found;
}

/** A card number as it might be printed: compact, grouped by four with spaces or dashes. */
const numberForms = (pan: string) => [pan, pan.replace(/(\d{4})(?=\d)/g, '$1 '), pan.replace(/(\d{4})(?=\d)/g, '$1-')];

interface Answer {
  method: string;
  code: string;
  text: string;
}

for (const backend of BACKENDS) {
  describe(`card secrets never leak, and 13 for others' cards, on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let northwind: Tokens;
    let annaCustomerId: number;
    let annaUserId: number;
    const logLines: string[] = [];
    const answers: Answer[] = [];
    /** Every PIN that was valid at some point, and whether it was chosen by the test to be searchable as a token. */
    const pins = new Map<string, { source: string }>();
    /** Four-digit tokens present before the flow (after taking out non-secret numbers): a random PIN among them can be checked only by key. */
    let baselineTokens = new Set<string>();

    const db = () => test.server.db;
    const processor = () => sandboxCardProcessor(db());
    const record = (method: string, body: unknown) => {
      const text = JSON.stringify(body) ?? '';
      answers.push({ method, code: (body as { responseCode?: string } | undefined)?.responseCode ?? '', text });
    };
    const call = async (method: string, params: Record<string, unknown>, tokens = anna) => {
      // The fee-charging card calls are money-moving: each call here is a new intent with its own key.
      const keyed = FEE_CHARGING.has(method) && !('idempotencyKey' in params) ? { idempotencyKey: randomUUID(), ...params } : params;
      const answer = await client.rpc(method, keyed, { token: tokens.accessToken });
      record(method, answer.body);
      return answer.body;
    };
    const mode = (value: number | null) => db().updateTable('customers').set({ transaction_approve_mode: value }).where('id', '=', annaCustomerId).execute();
    const lastCardCode = async () => {
      const message = await db()
        .selectFrom('outbox_messages')
        .select('body')
        .where('purpose', '=', 'cardSecret')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return /\b(\d{6})\b/.exec(message.body)![1]!;
    };
    const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');
    /** Starts a challenge, answers one wrong code (a refusal to scan), then the right one. */
    const confirmed = async (method: string, params: Record<string, unknown>, code?: () => string) => {
      const started = await call(method, params);
      expect(started, method).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation' });
      const right = code ? code() : await lastCardCode();
      const wrong = await call(method, { ...params, confirm: { requestId: started.requestId, approvalCode: wrongCode(right) } });
      expect(wrong.responseCode, method).toBe('TA1');
      const done = await call(method, { ...params, confirm: { requestId: started.requestId, approvalCode: right } });
      expect(done, method).toMatchObject({ responseCode: '00', status: 'done' });
      return done;
    };
    const paymentAccount = async (customerId: number, currency: string) =>
      (
        await db()
          .selectFrom('accounts')
          .select('id')
          .where('customer_id', '=', customerId)
          .where('type', '=', 1001)
          .where('currency_code', '=', currency)
          .where('status', '=', 1)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
    const feeCount = async () =>
      (
        await db()
          .selectFrom('ledger_transactions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('operation_type', '=', 'Fees')
          .executeTakeFirstOrThrow()
      ).n;
    const cardRow = (accountId: number, role: 'current' | 'replacement' | 'retired' = 'current') =>
      db().selectFrom('cards').selectAll().where('account_id', '=', accountId).where('role', '=', role).executeTakeFirstOrThrow();
    /**
     * An activatable card: a physical card ordered and confirmed (printing), which the sandbox processor then
     * ships (its page is another part; here the status is set). A virtual card is active with its order.
     */
    const shippedPhysicalCard = async (settlementAccountId: number, tokens = anna) => {
      const applied = await call('cardApply', { productType: 2010, currencyCode: 'USD', settlementAccountId, shippingOptionId: 'standard' }, tokens);
      expect(applied.responseCode).toBe('00');
      expect((await call('cardConfirm', { cardId: applied.cardId }, tokens)).card.cardStatusId).toBe(19);
      await db().updateTable('cards').set({ status_id: 21 }).where('id', '=', applied.cardId).execute();
      return applied as { accountId: number; cardId: number };
    };

    /** Every row of every table of the database, one JSON text per row (numbers as JSON numbers, text as strings). */
    async function tableRows(): Promise<Record<string, string[]>> {
      const { rows: tables } = await sql<{ table_name: string }>`
        select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db());
      const dump: Record<string, string[]> = {};
      for (const { table_name: name } of tables) {
        const { rows } = await sql<{ row: string }>`select row_to_json(t)::text as row from ${sql.table(name)} t`.execute(db());
        dump[name] = rows.map((row) => row.row);
      }
      return dump;
    }
    const fourDigitTokens = (text: string) => new Set(withoutNonSecretNumbers(text).match(/(?<![0-9A-Za-z])\d{4}(?![0-9A-Za-z])/g) ?? []);

    /** A strong PIN found nowhere yet as a token (tables, logs, answers), so a later occurrence can only be a leak. */
    async function unusedPin(): Promise<string> {
      const everything = [...Object.values(await tableRows()).flat(), ...logLines, ...answers.map((answer) => answer.text)].join('\n');
      const taken = fourDigitTokens(everything);
      for (let candidate = 5381; ; candidate += 7) {
        const pin = String(candidate % 10_000).padStart(4, '0');
        // No year-like or repeated digits, not weak, not a PIN already.
        if (/^(19|20)/.test(pin) || /(\d)\1/.test(pin) || weakPin(pin) || pins.has(pin) || taken.has(pin) || token(pin).test(everything)) continue;
        return pin;
      }
    }

    beforeAll(async () => {
      test = await startTestServer(backend, { logLevel: 'trace', schedulerIntervalMs: 0, logStream: { write: (line: string) => logLines.push(line) } });
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      northwind = await client.signIn(DEMO_LOGINS.business);
      const user = await db().selectFrom('users').select(['id', 'customer_id']).where('email', '=', DEMO_LOGINS.personal).executeTakeFirstOrThrow();
      annaUserId = user.id;
      annaCustomerId = user.customer_id!;
    });
    afterAll(() => test?.close());

    it('the leak detector itself: finds a planted PIN in free text and under a pin key, and ignores ids, amounts, dates, masks', () => {
      expect(
        withoutNonSecretNumbers(
          '{"id":5829,"amount":"5829.00","at":"2026-05-01T10:11:12.345Z","masked":"5355 22•• •••• 5829","label":"Card •5829","last4":"5829","account":"••\u00a05829"}',
        ),
      ).not.toMatch(token('5829'));
      expect(withoutNonSecretNumbers('{"msg":"PIN 5829 set"}')).toMatch(token('5829'));
      expect(withoutNonSecretNumbers('{"x":"5829"}')).toMatch(token('5829'));
      expect(secretKeys('{"a":{"pinCode":5829,"pin":"[secret]","cvv":"123","shipping":"1234","capabilities":{"pin":true}}}')).toEqual([
        'pinCode=5829',
        'cvv=123',
      ]);
    });

    it('runs every card method through its flow and refuses each at least once', async () => {
      baselineTokens = fourDigitTokens([...Object.values(await tableRows()).flat(), ...logLines].join('\n'));
      const demoActive = await db()
        .selectFrom('cards')
        .select(['processor_ref'])
        .where('customer_id', '=', annaCustomerId)
        .where('status_id', '=', 2)
        .executeTakeFirstOrThrow();
      pins.set(await processor().readPin(demoActive.processor_ref!), { source: 'demo card' });
      const eur = await paymentAccount(annaCustomerId, 'EUR');
      const usd = await paymentAccount(annaCustomerId, 'USD');
      await mode(2);

      // Apply, confirm, activate a virtual EUR card.
      expect((await call('cardApplyInfo', {})).responseCode).toBe('00');
      expect((await call('cardApplyInfo', { countryCode: 'not a country' })).responseCode).toBe('TA1');
      expect((await call('cardApply', { productType: 2006, currencyCode: 'XXX', settlementAccountId: eur })).responseCode).not.toBe('00');
      const applied = await call('cardApply', { productType: 2006, currencyCode: 'EUR', settlementAccountId: eur });
      expect(applied.responseCode).toBe('00');
      const { accountId, cardId } = applied as { accountId: number; cardId: number };
      expect((await call('cardGet', { accountId })).responseCode).toBe('00');
      expect((await call('cardGet', { accountId: eur })).responseCode).toBe('13'); // a payment account is no card
      expect((await call('cardActivate', { accountId, feeAccountId: eur })).responseCode).toBe('TA1'); // not confirmed yet
      expect((await call('cardConfirmation', { cardId })).responseCode).toBe('00');
      expect((await call('cardConfirmation', { cardId: 'x' })).responseCode).toBe('TA1');
      expect((await call('cardDetailsReveal', { accountId })).responseCode).toBe('TA1'); // not active: no details yet
      expect((await call('cardActivationData', { accountId })).responseCode).toBe('00');
      expect((await call('cardActivationData', { accountId: 'x' })).responseCode).toBe('TA1');
      expect((await call('cardActivationQuote', { accountId, feeAccountId: eur })).responseCode).toBe('00');
      expect((await call('cardActivationQuote', { accountId, feeAccountId: 0 })).responseCode).toBe('TA1');
      // Confirming a virtual card activates it: its PIN is answered once.
      const ordered = await call('cardConfirm', { cardId });
      expect(ordered.responseCode).toBe('00');
      pins.set(ordered.pinCode, { source: 'virtual card activated with its order' });
      expect((await call('cardConfirm', { cardId })).responseCode).toBe('TA1');
      expect((await call('cardActivate', { accountId, feeAccountId: eur })).responseCode).toBe('TA1'); // already active

      // Pause and unpause, each also refused.
      expect((await call('cardUnpause', { accountId })).responseCode).toBe('TA1');
      expect((await call('cardPause', { accountId })).cardStatusId).toBe(71);
      expect((await call('cardPause', { accountId })).responseCode).toBe('TA1');
      expect((await call('cardUnpause', { accountId })).cardStatusId).toBe(2);

      // Load with the SMS code (a wrong code first), refused from another currency.
      expect((await call('cardLoad', { idempotencyKey: randomUUID(), accountId, fromAccountId: usd, amount: '5.00' })).responseCode).toBe('TA1');
      expect(await call('cardLoadQuote', { accountId, amount: '20.00' })).toMatchObject({
        responseCode: '00',
        fee: '0.00',
        total: '20.00',
        currencyCode: 'EUR',
      });
      expect((await call('cardLoadQuote', { accountId, amount: '-1' })).responseCode).toBe('TA1');
      const load = await call('cardLoad', { idempotencyKey: randomUUID(), accountId, fromAccountId: eur, amount: '20.00' });
      expect(load).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation' });
      const sms = await db()
        .selectFrom('outbox_messages')
        .select('body')
        .where('purpose', '=', 'transferConfirmation')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const loadCode = /\b(\d{6})\b/.exec(sms.body)![1]!;
      expect((await call('transferApprove', { trxid: load.operationId, approvalCode: wrongCode(loadCode) })).responseCode).toBe('TA1');
      expect((await call('transferApprove', { trxid: load.operationId, approvalCode: loadCode })).status).toBe('completed');

      // A purchase through the sandbox processor (approved and declined), then the lists.
      for (const amount of ['1.50', '9999.00']) {
        const purchase = await client.post(`/sandbox/cards/${cardId}/authorize`, { amount, currencyCode: 'EUR', merchantName: 'Corner Coffee' });
        record('sandbox:authorize', purchase.body);
        expect(purchase.status).toBe(200);
      }
      const refusedPurchase = await client.post(`/sandbox/cards/${cardId}/authorize`, { amount: 'abc', currencyCode: 'EUR', merchantName: 'Corner Coffee' });
      record('sandbox:authorize', refusedPurchase.body);
      expect(refusedPurchase.status).toBe(400);
      const page = await client.get('/sandbox/cards');
      answers.push({ method: 'sandbox:page', code: String(page.status), text: page.text });
      expect((await call('cardAuthorizationList', { accountId })).total).toBe(2);
      expect((await call('cardAuthorizationList', { accountId, pageSize: 0 })).responseCode).toBe('TA1');
      expect((await call('currentAccountAuthorizationList', { accountId: eur })).responseCode).toBe('00');
      expect((await call('currentAccountAuthorizationList', { accountId })).responseCode).toBe('TA1'); // a card account is no payment account
      expect((await call('cardList', {})).responseCode).toBe('00');
      expect((await call('cardList', { all: true })).responseCode).toBe('TA1');

      // PIN show by SMS, change (refused first: mismatch, weak), get by authenticator, details by e-mail.
      expect((await confirmed('cardPinShow', { accountId })).pinCode).toBe(ordered.pinCode);
      const newPin = await unusedPin();
      expect((await call('cardPinChange', { accountId, pin: newPin, pinRepeat: newPin.split('').reverse().join('') })).responseCode).toBe('TA1');
      expect((await call('cardPinChange', { accountId, pin: '1234', pinRepeat: '1234' })).responseCode).toBe('TA1');
      await confirmed('cardPinChange', { accountId, pin: newPin, pinRepeat: newPin });
      pins.set(newPin, { source: 'changed' });
      expect(await processor().readPin((await cardRow(accountId)).processor_ref!)).toBe(newPin);
      const secret = newTotpSecret();
      await db().updateTable('users').set({ totp_secret: secret, totp_last_step: null }).where('id', '=', annaUserId).execute();
      await mode(3);
      expect((await confirmed('cardPinGet', { accountId }, () => totp(secret))).pinCode).toBe(newPin);
      await mode(4);
      const details = await confirmed('cardDetailsReveal', { accountId });
      expect(details.cardNumber).toMatch(/^[0-9]{16}$/);
      await db().updateTable('users').set({ totp_secret: null }).where('id', '=', annaUserId).execute();
      await mode(2);

      // Alias, requirements, address compatibility, bins.
      expect((await call('cardSetAlias', { accountId, cardAliasName: '   ' })).responseCode).toBe('TA1');
      expect((await call('cardSetAlias', { accountId, cardAliasName: 'Travel' })).cardAliasName).toBe('Travel');
      expect((await call('cardCrossPlatformRequirement', { accountId })).responseCode).toBe('00');
      expect((await call('cardCrossPlatformRequirement', {})).responseCode).toBe('TA1');
      const address = await db().selectFrom('addresses').select('id').where('customer_id', '=', annaCustomerId).executeTakeFirstOrThrow();
      expect((await call('addressReplacementCompatibility', { countryCode: 'DE', oldAddressId: address.id })).responseCode).toBe('00');
      expect((await call('addressReplacementCompatibility', { countryCode: 'DE' })).responseCode).toBe('TA1');
      const bin = details.cardNumber.slice(0, 6);
      expect((await call('binInfo', { binNumber: `${bin.slice(0, 3)} ${bin.slice(3)}` })).binNumber).toBe(bin);
      expect((await call('binInfo', { binNumber: '12' })).responseCode).toBe('TA1');
      expect((await call('blockedCardBins', {})).responseCode).toBe('00');
      expect((await call('blockedCardBins', { bin: '1' })).responseCode).toBe('TA1');

      // Reissue: a virtual replacement is active with its order (the old card retired), so there is nothing to activate.
      expect((await call('cardReissueQuote', { accountId })).responseCode).toBe('00');
      expect((await call('cardReissueQuote', { accountId: 'x' })).responseCode).toBe('TA1');
      expect((await call('cardReissue', { accountId, isExpressShipping: true })).responseCode).toBe('TA1'); // virtual cards are not shipped
      const reissued = await call('cardReissue', { accountId });
      expect(reissued).toMatchObject({ responseCode: '00', cardStatusId: 2 });
      expect(reissued.cardReissuedStatusId).toBeUndefined();
      // Its PIN is the processor's, never answered by the reissue: it is shown behind a second factor.
      pins.set(await processor().readPin((await cardRow(accountId)).processor_ref!), { source: 'reissued virtual card' });
      expect((await call('cardActivate', { accountId, feeAccountId: eur })).responseCode).toBe('TA1'); // already active

      // Upgrade shipping: a new physical application goes express once; a virtual card never.
      expect((await call('cardUpgradeShipping', { accountId })).responseCode).toBe('TA1');
      const physical = await call('cardApply', { productType: 2010, currencyCode: 'USD', settlementAccountId: usd, shippingOptionId: 'standard' });
      expect(physical.responseCode).toBe('00');
      expect((await call('cardUpgradeShipping', { accountId: physical.accountId })).expressShipping).toBe(true);
      expect((await call('cardUpgradeShipping', { accountId: physical.accountId })).responseCode).toBe('TA1');
      expect((await call('cardConfirm', { cardId: physical.cardId })).card.cardStatusId).toBe(19);

      // The demo's shipped physical card: activation with the wrong last four digits, then the right ones.
      const shipped = await db()
        .selectFrom('cards')
        .selectAll()
        .where('customer_id', '=', annaCustomerId)
        .where('status_id', '=', 21)
        .executeTakeFirstOrThrow();
      const wrongLast4 = String((Number(shipped.last4) + 1) % 10_000).padStart(4, '0');
      expect((await call('cardActivate', { accountId: shipped.account_id, feeAccountId: usd, extraParams: { last4: wrongLast4 } })).responseCode).toBe('TA1');
      const physicalActivated = await call('cardActivate', { accountId: shipped.account_id, feeAccountId: usd, extraParams: { last4: shipped.last4 } });
      expect(physicalActivated.responseCode).toBe('00');
      pins.set(physicalActivated.pinCode, { source: 'physical activation' });

      // Block: the balance goes back; a second block is refused.
      expect((await call('cardBlock', { accountId })).cardStatusId).toBe(4);
      expect((await call('cardBlock', { accountId })).responseCode).toBe('TA1');

      // Every card method answered at least once and was refused at least once.
      const succeeded = new Set(answers.filter((answer) => answer.code === '00').map((answer) => answer.method));
      const refused = new Set(answers.filter((answer) => answer.code !== '00').map((answer) => answer.method));
      expect(
        CARD_METHODS.filter((method) => !succeeded.has(method)),
        'methods never answered 00',
      ).toEqual([]);
      expect(
        CARD_METHODS.filter((method) => !refused.has(method)),
        'methods never refused',
      ).toEqual([]);
      expect((await checkLedgerInvariant(db())).holds).toBe(true);
    });

    it("answers 13 to Northwind naming Anna's card, account, address or challenge in every card method, changing nothing", async () => {
      const annaEur = await paymentAccount(annaCustomerId, 'EUR');
      const annaUsd = await paymentAccount(annaCustomerId, 'USD');
      const nwUser = await db().selectFrom('users').select(['id']).where('email', '=', DEMO_LOGINS.business).executeTakeFirstOrThrow();
      const nwCustomerId = (await db().selectFrom('customer_access').select('customer_id').where('user_id', '=', nwUser.id).executeTakeFirstOrThrow())
        .customer_id;
      const nwUsd = await paymentAccount(nwCustomerId, 'USD');
      const annaActive = await db()
        .selectFrom('cards')
        .selectAll()
        .where('customer_id', '=', annaCustomerId)
        .where('status_id', '=', 2)
        .where('role', '=', 'current')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const annaPrinting = await db()
        .selectFrom('cards')
        .selectAll()
        .where('customer_id', '=', annaCustomerId)
        .where('status_id', '=', 19)
        .executeTakeFirstOrThrow();
      const annaAddress = (await db().selectFrom('addresses').select('id').where('customer_id', '=', annaCustomerId).executeTakeFirstOrThrow()).id;
      const annaSubmitted = await call('cardApply', { productType: 2006, currencyCode: 'USD', settlementAccountId: annaUsd });
      // An activatable card of Anna's, so paying its fees from Northwind's account gets past every state check.
      const annaShipped = await shippedPhysicalCard(annaUsd);
      // Northwind's own cards, so a call can name one of its own objects and one of Anna's: one shipped, one active.
      const nwShipped = await shippedPhysicalCard(nwUsd, northwind);
      const nwActive = await call('cardApply', { productType: 2006, currencyCode: 'USD', settlementAccountId: nwUsd }, northwind);
      const nwActivated = await call('cardConfirm', { cardId: nwActive.cardId }, northwind);
      expect(nwActivated.card.cardStatusId).toBe(2);
      pins.set(nwActivated.pinCode, { source: 'Northwind activation' });
      // Anna's live challenge: Northwind's refusals must not spend it.
      await mode(2);
      const started = await call('cardPinShow', { accountId: annaActive.account_id });
      const confirm = { requestId: started.requestId, approvalCode: await lastCardCode() };

      const accountId = annaActive.account_id;
      /** Each id-taking method: calls that each name one of Anna's objects (the other ids Northwind's own). */
      const denied: Record<string, Array<Record<string, unknown>>> = {
        cardGet: [{ accountId }, { accountId: annaEur }],
        cardApply: [
          { productType: 2006, currencyCode: 'USD', settlementAccountId: annaUsd },
          { productType: 2010, currencyCode: 'USD', settlementAccountId: nwUsd, shippingOptionId: 'standard', addressId: annaAddress },
        ],
        cardConfirm: [{ cardId: annaSubmitted.cardId }, { cardId: annaActive.id }],
        cardConfirmation: [{ cardId: annaSubmitted.cardId }],
        cardReissueQuote: [{ accountId }],
        cardLoadQuote: [{ accountId, amount: '1.00' }],
        cardActivationData: [{ accountId }, { accountId: annaSubmitted.accountId }],
        cardActivationQuote: [
          { accountId },
          { accountId: annaShipped.accountId, feeAccountId: nwUsd },
          { accountId: nwShipped.accountId, feeAccountId: annaUsd },
        ],
        cardActivate: [
          { accountId: annaShipped.accountId, feeAccountId: nwUsd },
          { accountId, feeAccountId: nwUsd },
          { accountId: nwShipped.accountId, feeAccountId: annaUsd },
        ],
        cardPause: [{ accountId }],
        cardUnpause: [{ accountId }],
        cardBlock: [{ accountId }, { accountId: annaEur }],
        cardReissue: [{ accountId, isExpressShipping: true }],
        cardUpgradeShipping: [{ accountId: annaPrinting.account_id }],
        cardSetAlias: [{ accountId, cardAliasName: 'Mine' }],
        cardLoad: [
          { idempotencyKey: randomUUID(), accountId, fromAccountId: nwUsd, amount: '1.00' },
          { idempotencyKey: randomUUID(), accountId: nwActive.accountId, fromAccountId: annaUsd, amount: '1.00' },
        ],
        cardCrossPlatformRequirement: [{ accountId }],
        addressReplacementCompatibility: [{ countryCode: 'DE', oldAddressId: annaAddress }],
        cardPinChange: [
          { accountId, pin: '5829', pinRepeat: '5829' },
          { accountId, pin: '5829', pinRepeat: '5829', confirm },
        ],
        cardPinShow: [{ accountId }, { accountId, confirm }],
        cardPinGet: [{ accountId }, { accountId, confirm }],
        cardDetailsReveal: [{ accountId }, { accountId, confirm }, { accountId: annaEur }],
        cardAuthorizationList: [{ accountId }, { accountId: annaEur }],
        currentAccountAuthorizationList: [{ accountId: annaEur }, { accountId }],
      };
      /** Methods that name no customer's object: what Northwind gets must hold nothing of Anna's. */
      const annaAccounts = (await db().selectFrom('accounts').select('id').where('customer_id', '=', annaCustomerId).execute()).map((row) => row.id);
      const unnamed: Record<string, { params: Record<string, unknown>; check: (body: Json) => void }> = {
        cardList: {
          params: {},
          check: (body) => expect(body.cards.filter((card: { accountId: number }) => annaAccounts.includes(card.accountId))).toEqual([]),
        },
        cardApplyInfo: { params: {}, check: (body) => expect(body.responseCode).toBe('00') },
        binInfo: { params: { binNumber: annaActive.bin }, check: (body) => expect(body.responseCode).toBe('00') },
        blockedCardBins: { params: {}, check: (body) => expect(body.responseCode).toBe('00') },
      };

      // Every declared card method has a case; every method taking an id is in `denied`.
      expect(
        CARD_METHODS.filter((method) => !(method in denied) && !(method in unnamed)),
        'card methods without a 13 case',
      ).toEqual([]);
      expect(
        CARD_METHODS.filter((method) => requestProperties(method).some((name) => /Id$/.test(name)) && !(method in denied)),
        'id-taking methods not in denied',
      ).toEqual([]);
      expect(
        Object.keys({ ...denied, ...unnamed }).filter((method) => !CARD_METHODS.includes(method)),
        'cases of undeclared methods',
      ).toEqual([]);

      const snapshot = async () => ({
        cards: await db().selectFrom('cards').selectAll().orderBy('id').execute(),
        accounts: await db().selectFrom('accounts').selectAll().orderBy('id').execute(),
        ledger: await db().selectFrom('ledger_entries').selectAll().orderBy('id').execute(),
        challenges: await db().selectFrom('step_up_challenges').selectAll().orderBy('id').execute(),
        authorizations: await db().selectFrom('card_authorizations').selectAll().orderBy('id').execute(),
        vault: await db().selectFrom('sandbox_card_vault').selectAll().orderBy('processor_ref').execute(),
        messages: (
          await db()
            .selectFrom('outbox_messages')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
        documents: (
          await db()
            .selectFrom('documents')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      });
      const before = await snapshot();
      const notDenied: string[] = [];
      for (const [method, variants] of Object.entries(denied)) {
        for (const params of variants) {
          const body = await call(method, params, northwind);
          if (body.responseCode !== '13') notDenied.push(`${method} ${JSON.stringify(params)} → ${body.responseCode} ${body.responseDescription ?? ''}`);
        }
      }
      for (const [method, { params, check }] of Object.entries(unnamed)) check(await call(method, params, northwind));
      // The other way round: Anna naming Northwind's accounts, or an account nobody has.
      const reversed: Array<[string, Record<string, unknown>]> = [
        ['cardApply', { productType: 2006, currencyCode: 'USD', settlementAccountId: nwUsd }],
        ['cardActivate', { accountId: annaShipped.accountId, feeAccountId: nwUsd }],
        ['cardLoad', { idempotencyKey: randomUUID(), accountId, fromAccountId: nwUsd, amount: '1.00' }],
        // Owners are checked before the card's state: an already active card, a card that cannot be loaded.
        ['cardActivate', { accountId: annaActive.account_id, feeAccountId: nwUsd }],
        ['cardLoad', { idempotencyKey: randomUUID(), accountId: annaPrinting.account_id, fromAccountId: nwUsd, amount: '1.00' }],
        ['cardGet', { accountId: nwActive.accountId }],
        ['cardActivationData', { accountId: 999_999 }],
        ['cardPinShow', { accountId: 999_999 }],
      ];
      for (const [method, params] of reversed) {
        const body = await call(method, params);
        if (body.responseCode !== '13') notDenied.push(`Anna: ${method} ${JSON.stringify(params)} → ${body.responseCode} ${body.responseDescription ?? ''}`);
      }
      expect(notDenied).toEqual([]);
      expect(await snapshot()).toEqual(before);
      // Anna's code still opens Anna's PIN: the refusals did not spend it.
      const shown = await call('cardPinShow', { accountId, confirm });
      expect(shown.status).toBe('done');
      pins.set(shown.pinCode, { source: 'demo card (again)' });
    });

    it('activates once under four concurrent activations: one fee, and the PIN answered is the PIN the processor holds', async () => {
      const usd = await paymentAccount(annaCustomerId, 'USD');
      // A virtual card is active with its order: a shipped physical card is what waits for activation.
      const applied = await shippedPhysicalCard(usd);
      const { last4 } = await cardRow(applied.accountId);
      const fees = await feeCount();
      const balance = async () => (await db().selectFrom('accounts').select('balance').where('id', '=', usd).executeTakeFirstOrThrow()).balance;
      const balanceBefore = await balance();
      const results = await Promise.all(
        Array.from({ length: 4 }, () => call('cardActivate', { accountId: applied.accountId, feeAccountId: usd, extraParams: { last4: last4! } })),
      );
      const winners = results.filter((body) => body.responseCode === '00');
      expect(winners).toHaveLength(1);
      expect(results.filter((body) => body.responseCode === 'TA1')).toHaveLength(3);
      expect(results.every((body) => body.responseCode === '00' || body.pinCode === undefined)).toBe(true);
      expect(Number(await feeCount())).toBe(Number(fees) + 1);
      expect(await balance()).toBeLessThan(balanceBefore);
      const card = await cardRow(applied.accountId);
      expect(card.status_id).toBe(2);
      expect(card.activation_claim).toBeNull();
      expect(await processor().readPin(card.processor_ref!)).toBe(winners[0]!.pinCode);
      pins.set(winners[0]!.pinCode, { source: 'concurrent activation' });
      // And the second factor shows that same PIN.
      await mode(2);
      expect((await confirmed('cardPinShow', { accountId: applied.accountId })).pinCode).toBe(winners[0]!.pinCode);
      expect((await checkLedgerInvariant(db())).holds).toBe(true);
    });

    it('pauses once under four concurrent pauses, and unpause returns to active', async () => {
      const active = await db()
        .selectFrom('cards')
        .selectAll()
        .where('customer_id', '=', annaCustomerId)
        .where('status_id', '=', 2)
        .where('role', '=', 'current')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const results = await Promise.all(Array.from({ length: 4 }, () => call('cardPause', { accountId: active.account_id })));
      const paused = results.filter((body) => body.responseCode === '00');
      expect(paused.length).toBeGreaterThanOrEqual(1);
      for (const body of paused) expect(body.cardStatusId).toBe(71);
      for (const body of results.filter((entry) => entry.responseCode !== '00'))
        expect(body).toMatchObject({ responseCode: 'TA1', responseDescription: 'Only an active or expired card can be paused.' });
      expect(paused).toHaveLength(1);
      const row = await cardRow(active.account_id);
      expect({ status: row.status_id, previous: row.previous_status_id }).toEqual({ status: 71, previous: 2 });
      expect((await call('cardUnpause', { accountId: active.account_id })).cardStatusId).toBe(2);
    });

    it('never lets a PIN or a full number out: not in a log line, another answer, an error, or any table but the vault', async () => {
      const refs = await db().selectFrom('cards').select('processor_ref').where('processor_ref', 'is not', null).execute();
      const pans = await Promise.all(refs.map(async (row) => (await processor().revealCard(row.processor_ref!)).pan));
      expect(pans.length).toBeGreaterThanOrEqual(5); // demo ×2, virtual + its replacement, the physical application
      expect(pins.size).toBeGreaterThanOrEqual(5);
      const allPins = [...pins.keys()];
      // A random PIN (from the processor) that happened to be a four-digit token somewhere before the
      // flow (a postcode, a group of an IBAN...) cannot be told from that token: it is checked by key
      // only. The PIN the test chose is never such a token, so at least one PIN is always searched everywhere.
      const searchable = allPins.filter((pin) => !baselineTokens.has(pin));
      expect(searchable.length).toBeGreaterThan(0);
      const leaksIn = (text: string): string[] => {
        const found = pans.filter((pan) => numberForms(pan).some((form) => text.includes(form))).map((pan) => `number …${pan.slice(-4)}`);
        const cleaned = withoutNonSecretNumbers(text);
        found.push(...searchable.filter((pin) => token(pin).test(cleaned)).map((pin) => `PIN (${pins.get(pin)!.source})`));
        found.push(...secretKeys(text).map((entry) => `secret key ${entry.replace(/=.*/, '')}`));
        return found;
      };

      // Log lines: every one, at trace level.
      expect(logLines.length).toBeGreaterThan(100);
      expect(logLines.flatMap((line) => leaksIn(line).map((leak) => `${leak}: ${line.slice(0, 200)}`))).toEqual([]);

      // Answers, refusals included; the revealing ones carry their secret only in its own field.
      expect(answers.filter((answer) => answer.code !== '00').length).toBeGreaterThan(30);
      const problems: string[] = [];
      for (const answer of answers) {
        let text = answer.text;
        if (PIN_ANSWERS.has(answer.method)) text = text.replace(/"pinCode":"\d{4}"/, '"pinCode":"<allowed>"');
        if (NUMBER_ANSWERS.has(answer.method))
          text = text.replace(/"cardNumber":"\d{12,19}"/, '"cardNumber":"<allowed>"').replace(/"cvv":"\d{3,4}"/, '"cvv":"<allowed>"');
        problems.push(...leaksIn(text).map((leak) => `${answer.method} (${answer.code}): ${leak}`));
      }
      expect(problems).toEqual([]);
      const revealed = answers.filter((answer) => answer.code === '00');
      expect(revealed.filter((answer) => answer.method === 'cardDetailsReveal' && answer.text.includes('cardNumber'))).toHaveLength(1);
      expect(revealed.filter((answer) => PIN_ANSWERS.has(answer.method) && answer.text.includes('pinCode')).length).toBeGreaterThanOrEqual(5);

      // Every table but the processor's sealed vault; the audit log, the messages and the idempotency keys by name.
      const rows = await tableRows();
      for (const table of ['audit_log', 'outbox_messages', 'idempotency_keys', 'step_up_challenges', 'cards', 'ledger_transactions']) {
        expect(rows[table]?.length ?? 0, `${table} has rows to search`).toBeGreaterThan(0);
      }
      const tableLeaks = Object.entries(rows)
        .filter(([table]) => table !== 'sandbox_card_vault')
        .flatMap(([table, texts]) => texts.flatMap((text) => leaksIn(text).map((leak) => `${table}: ${leak}`)));
      expect(tableLeaks).toEqual([]);
      // The vault holds them sealed, never in the clear.
      expect(rows.sandbox_card_vault!.filter((text) => pans.some((pan) => text.includes(pan)))).toEqual([]);
      // The audit log saw the PIN calls and kept '[secret]' instead.
      expect(rows.audit_log!.some((text) => text.includes('cardPinChange') && text.includes('[secret]'))).toBe(true);
    });
  });
}
