import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { keptRandomKey } from '../db/app-settings.ts';
import type { Database } from '../db/schema.ts';
import { isCardNumber, luhnCheckDigit } from '../../schemas/rules/card-number.ts';

/** The Luhn check digit lives with the other card-number rules, which the browser shares. */
export { luhnCheckDigit };

/** What the processor answers when it issues a card: never the full number. */
export interface IssuedCard {
  processorRef: string;
  bin: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}

/**
 * The card processor: issues card numbers and keeps them, their CVVs and PINs on its side. The
 * product keeps only the processor's reference, the first six and the last four digits. Only the
 * reveal calls (`revealCard`, `readPin`, and `assignPin` at activation) ever hand a secret back,
 * and their callers pass it straight to the customer behind a second factor.
 *
 * Call it outside any database transaction the handler holds (in a money-moving handler, through
 * `ctx.afterCommit`): the sandbox keeps its vault in the same database.
 */
export interface CardProcessor {
  /** Issues a card under `bin`, valid `validityYears` from now. */
  issueCard(input: { bin: string; holderName: string; isVirtual: boolean; validityYears: number }): Promise<IssuedCard>;
  /** Generates a new PIN for the card, keeps it, and answers it once (activation). */
  assignPin(processorRef: string): Promise<string>;
  /** Replaces the card's PIN (four digits). */
  setPin(processorRef: string, pin: string): Promise<void>;
  /** The card's PIN, for the show and get PIN calls. */
  readPin(processorRef: string): Promise<string>;
  /** The full number and CVV, for the one reveal call. */
  revealCard(processorRef: string): Promise<{ pan: string; cvv: string }>;
}

/** Whether a card number passes the Luhn check (the digits alone; spaces are not taken here). */
export function luhnValid(number: string): boolean {
  return /^[0-9]{12,19}$/.test(number) && isCardNumber(number);
}

const randomDigits = (count: number) => Array.from({ length: count }, () => String(randomInt(10))).join('');

/** The sandbox's sealing key, generated on first use. */
const vaultKey = (db: Kysely<Database>) => keptRandomKey(db, 'sandbox_card_vault_key');

/** Seals `text` with AES-256-GCM under `key`: iv, tag and ciphertext, base64url. */
export function seal(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** What {@link seal} sealed. */
export function unseal(key: Buffer, value: string): string {
  const bytes = Buffer.from(value, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/** A four-digit PIN that is not trivially guessable (no 0000, 1234 and the like). */
export function weakPin(pin: string): boolean {
  if (!/^[0-9]{4}$/.test(pin)) return true;
  if (/^(\d)\1{3}$/.test(pin)) return true;
  return '0123456789'.includes(pin) || '9876543210'.includes(pin);
}

function newPin(): string {
  for (;;) {
    const pin = randomDigits(4);
    if (!weakPin(pin)) return pin;
  }
}

/**
 * The sandbox processor: behaves like one. It issues 16-digit numbers under the product's BIN that
 * pass the Luhn check, with a CVV and an expiry `validityYears` ahead, and keeps number, CVV and PIN
 * sealed (AES-256-GCM) in its own table `sandbox_card_vault`, under its own key.
 *
 * @example
 * const card = await sandboxCardProcessor(db).issueCard({ bin: '535522', holderName: 'ANNA NOVAK', isVirtual: true, validityYears: 3 });
 */
export function sandboxCardProcessor(db: Kysely<Database>, now: () => Date = () => new Date()): CardProcessor {
  const entry = async (processorRef: string) => {
    const row = await db.selectFrom('sandbox_card_vault').selectAll().where('processor_ref', '=', processorRef).executeTakeFirst();
    if (!row) throw new Error(`The sandbox card processor knows no card ${processorRef}.`);
    return row;
  };
  return {
    async issueCard({ bin, validityYears }) {
      if (!/^[0-9]{6}$/.test(bin)) throw new Error(`A card BIN has six digits; got '${bin}'.`);
      const key = await vaultKey(db);
      const body = `${bin}${randomDigits(9)}`;
      const pan = `${body}${luhnCheckDigit(body)}`;
      const processorRef = `sbx_${randomBytes(12).toString('base64url')}`;
      const today = now();
      await db
        .insertInto('sandbox_card_vault')
        .values({ processor_ref: processorRef, pan_sealed: seal(key, pan), cvv_sealed: seal(key, randomDigits(3)), pin_sealed: null })
        .execute();
      return { processorRef, bin, last4: pan.slice(-4), expiryMonth: today.getUTCMonth() + 1, expiryYear: today.getUTCFullYear() + validityYears };
    },
    async assignPin(processorRef) {
      await entry(processorRef);
      const pin = newPin();
      await db
        .updateTable('sandbox_card_vault')
        .set({ pin_sealed: seal(await vaultKey(db), pin) })
        .where('processor_ref', '=', processorRef)
        .execute();
      return pin;
    },
    async setPin(processorRef, pin) {
      await entry(processorRef);
      await db
        .updateTable('sandbox_card_vault')
        .set({ pin_sealed: seal(await vaultKey(db), pin) })
        .where('processor_ref', '=', processorRef)
        .execute();
    },
    async readPin(processorRef) {
      const row = await entry(processorRef);
      if (!row.pin_sealed) throw new Error(`Card ${processorRef} has no PIN yet: it is set when the card is activated.`);
      return unseal(await vaultKey(db), row.pin_sealed);
    },
    async revealCard(processorRef) {
      const row = await entry(processorRef);
      const key = await vaultKey(db);
      return { pan: unseal(key, row.pan_sealed), cvv: unseal(key, row.cvv_sealed) };
    },
  };
}

/**
 * The real processor over HTTPS JSON at CARD_PROCESSOR_URL: `POST /cards`, `POST /cards/{ref}/pin`
 * (answers `{ pin }`), `PUT /cards/{ref}/pin`, `GET /cards/{ref}/pin`, `GET /cards/{ref}/details`.
 *
 * @example
 * const processor = gatewayCardProcessor('https://cards.example/api');
 */
export function gatewayCardProcessor(url: string, send: typeof fetch = fetch): CardProcessor {
  const call = async <T>(method: string, path: string, body?: object): Promise<T> => {
    const response = await send(`${url.replace(/\/$/, '')}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    // The answer may carry secrets: never put it in the error.
    if (!response.ok)
      throw new Error(
        `The card processor at ${url} answered ${response.status} to ${method} ${path.replace(/\/cards\/[^/]+/, '/cards/{ref}')}; check the processor and CARD_PROCESSOR_URL.`,
      );
    return (await response.json()) as T;
  };
  return {
    issueCard: (input) => call<IssuedCard>('POST', '/cards', input),
    assignPin: async (ref) => (await call<{ pin: string }>('POST', `/cards/${encodeURIComponent(ref)}/pin`)).pin,
    setPin: async (ref, pin) => {
      await call('PUT', `/cards/${encodeURIComponent(ref)}/pin`, { pin });
    },
    readPin: async (ref) => (await call<{ pin: string }>('GET', `/cards/${encodeURIComponent(ref)}/pin`)).pin,
    revealCard: (ref) => call<{ pan: string; cvv: string }>('GET', `/cards/${encodeURIComponent(ref)}/details`),
  };
}
