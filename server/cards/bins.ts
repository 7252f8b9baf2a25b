import type { Kysely } from 'kysely';
import binsData from '../../schemas/data/card-bins.json' with { type: 'json' };
import binsSchema from '../../schemas/data/card-bins.schema.json' with { type: 'json' };
import type { Database } from '../db/schema.ts';
import { checked } from '../dictionaries/data.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/** One bin of schemas/data/card-bins.json. */
export interface BinEntry {
  binNumber: string;
  issuer: string;
  cardBrand: 'MC' | 'VISA' | 'UPI';
  cardCategory: string;
  cardType: 'DEBIT' | 'CREDIT' | 'PREPAID';
  countryCode: string;
  currencyCode: string;
  isCommercial: boolean;
  isPrepaid: boolean;
}

interface BinsFile {
  bins: BinEntry[];
  blocked: Array<{ binNumber: string; reason: string }>;
}

/** The bin dictionary file, checked against its schema when the server loads. */
export const CARD_BINS_FILE = checked<BinsFile>('card-bins.json', binsSchema, binsData);

/** Card bins are 6 digits (document 001 section 9). */
export const BIN_LENGTH = 6;

/**
 * Loads the bin dictionary and the blocked list into the database (upsert, so edits of the file
 * apply at the next start; bins removed from the blocked list are unblocked). Safe to run on every
 * start and from several instances at once.
 *
 * @example
 * await ensureCardBins(db);
 */
export async function ensureCardBins(db: Kysely<Database>): Promise<void> {
  const rows = CARD_BINS_FILE.bins.map((bin) => ({
    bin: bin.binNumber,
    issuer: bin.issuer,
    card_brand: bin.cardBrand,
    card_category: bin.cardCategory,
    card_type: bin.cardType,
    country_code: bin.countryCode,
    currency_code: bin.currencyCode,
    is_commercial: bin.isCommercial,
    is_prepaid: bin.isPrepaid,
  }));
  await db.transaction().execute(async (trx) => {
    if (rows.length) {
      await trx
        .insertInto('card_bins')
        .values(rows)
        .onConflict((conflict) =>
          conflict.column('bin').doUpdateSet((eb) => ({
            issuer: eb.ref('excluded.issuer'),
            card_brand: eb.ref('excluded.card_brand'),
            card_category: eb.ref('excluded.card_category'),
            card_type: eb.ref('excluded.card_type'),
            country_code: eb.ref('excluded.country_code'),
            currency_code: eb.ref('excluded.currency_code'),
            is_commercial: eb.ref('excluded.is_commercial'),
            is_prepaid: eb.ref('excluded.is_prepaid'),
          })),
        )
        .execute();
    }
    const blocked = CARD_BINS_FILE.blocked;
    if (blocked.length) {
      await trx
        .insertInto('blocked_card_bins')
        .values(blocked.map((entry) => ({ bin: entry.binNumber, reason: entry.reason })))
        .onConflict((conflict) => conflict.column('bin').doUpdateSet((eb) => ({ reason: eb.ref('excluded.reason') })))
        .execute();
      await trx
        .deleteFrom('blocked_card_bins')
        .where(
          'bin',
          'not in',
          blocked.map((entry) => entry.binNumber),
        )
        .execute();
    } else {
      await trx.deleteFrom('blocked_card_bins').execute();
    }
  });
}

/** What a bin lookup answers (document 001 'Card info from a bin lookup'). */
export interface BinInfo {
  binNumber: string;
  issuer?: string;
  cardBrand?: string;
  cardCategory?: string;
  cardType?: string;
  countryCode?: string;
  currencyCode?: string;
  isCommercial?: boolean;
  isPrepaid?: boolean;
  valid: boolean;
  blocked?: boolean;
  blockedReason?: string;
}

/**
 * The bin of what was typed: spaces removed, the first 6 digits. Fewer than 6 digits, or anything
 * but digits among them, is refused on `binNumber`.
 *
 * @example
 * binOf('5355 2212 3456 7890'); // '535522'
 */
export function binOf(typed: string): string {
  const compact = typed.replace(/\s+/g, '');
  const bin = compact.slice(0, BIN_LENGTH);
  if (!/^[0-9]{6}$/.test(bin)) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'binNumber', key: 'server.cards.binDigits' }] });
  }
  return bin;
}

/**
 * Looks a card's bin up. An unknown bin answers `{ binNumber, valid: false }`; a blocked one
 * answers what is known with `valid: false`, `blocked: true` and why.
 *
 * @example
 * await binInfo(db, '4111 1111 1111 1111'); // { binNumber: '411111', cardBrand: 'VISA', ..., valid: true }
 */
export async function binInfo(db: Kysely<Database>, typed: string): Promise<BinInfo> {
  const binNumber = binOf(typed);
  const [row, blocked] = await Promise.all([
    db.selectFrom('card_bins').selectAll().where('bin', '=', binNumber).executeTakeFirst(),
    db.selectFrom('blocked_card_bins').select('reason').where('bin', '=', binNumber).executeTakeFirst(),
  ]);
  const known: Omit<BinInfo, 'valid'> = row
    ? {
        binNumber,
        issuer: row.issuer,
        cardBrand: row.card_brand,
        cardCategory: row.card_category,
        cardType: row.card_type,
        countryCode: row.country_code,
        currencyCode: row.currency_code,
        isCommercial: row.is_commercial,
        isPrepaid: row.is_prepaid,
      }
    : { binNumber };
  if (blocked) return { ...known, valid: false, blocked: true, blockedReason: blocked.reason };
  return { ...known, valid: row !== undefined };
}

/** The blocked bins with why, by bin. */
export async function blockedCardBins(db: Kysely<Database>): Promise<Array<{ binNumber: string; reason: string }>> {
  const rows = await db.selectFrom('blocked_card_bins').select(['bin', 'reason']).orderBy('bin').execute();
  return rows.map((row) => ({ binNumber: row.bin, reason: row.reason }));
}
