import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database, MerchantLogosTable } from '../db/schema.ts';
// The route's `config.publicCache` is declared there.
import type {} from '../http/security-headers.ts';
import { decodeDataUrl } from '../documents/uploads.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

type Db = Kysely<Database>;
type LogoRow = Selectable<MerchantLogosTable>;

/** The most a logo may hold: 1 MB (entities/merchant-logo.schema.json LogoFile's maxLength is this in base64). */
export const MAX_LOGO_BYTES = 1_000_000;

/** Logos listed at most (document 002 section 9: logos list 1000). */
export const LOGO_LIST_LIMIT = 1000;

/** The public address of logo `id`'s image, which the checkout page shows. */
export const logoPath = (id: number) => `/api/merchant-logos/${id}`;

const refusal = (field: string, key: string) => new RpcRefusal('TA1', { validationErrors: [{ field, key: `server.merchant.${key}` }] });

/** The image types a logo may be, recognised by their first bytes, never by a name or a declared type. */
const SIGNATURES = [
  { mediaType: 'image/png' as const, matches: (bytes: Buffer) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mediaType: 'image/jpeg' as const, matches: (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff },
];

/**
 * Reads a logo from the data URL of its file field: not empty, at most {@link MAX_LOGO_BYTES}, and a PNG or
 * JPEG by its content; a refusal names `field` (`file`), so the form shows it there.
 *
 * @example
 * const { mediaType, content } = readLogoFile(params.file, 'file');
 */
export function readLogoFile(dataUrl: string, field: string): { mediaType: 'image/png' | 'image/jpeg'; content: Buffer } {
  const { content } = decodeDataUrl(dataUrl, field);
  if (content.length > MAX_LOGO_BYTES) throw refusal(field, 'logoTooLarge');
  const kind = SIGNATURES.find((signature) => signature.matches(content));
  if (!kind) throw refusal(field, 'logoType');
  return { mediaType: kind.mediaType, content };
}

/** A logo as the API shows it (entities/merchant-logo.schema.json). */
export function toLogo(row: Pick<LogoRow, 'id' | 'name' | 'is_default' | 'created_at'>, origin = '') {
  return { id: row.id, name: row.name, isDefault: row.is_default, file: `${origin}${logoPath(row.id)}`, createdAt: row.created_at.toISOString() };
}

const columns = ['id', 'name', 'is_default', 'created_at'] as const;

/** The merchant's logos not deleted: the default first, then newest first. */
export async function listLogos(db: Db, customerId: number) {
  return db
    .selectFrom('merchant_logos')
    .select(columns)
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .limit(LOGO_LIST_LIMIT)
    .execute();
}

/** The merchant's own logo `id` (not deleted), else 13. */
export async function ownLogo(db: Db, id: number, customerId: number) {
  const row = await db
    .selectFrom('merchant_logos')
    .select(columns)
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new RpcRefusal('13');
  return row;
}

/**
 * Makes logo `id` the merchant's only default (`true`) or takes the default from it (`false`). The
 * previous default is cleared first: the unique index allows one default per customer.
 */
export async function setDefaultLogo(db: Db, customerId: number, id: number, isDefault: boolean): Promise<void> {
  if (!isDefault) {
    await db.updateTable('merchant_logos').set({ is_default: false }).where('id', '=', id).execute();
    return;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('merchant_logos')
      .set({ is_default: false })
      .where('customer_id', '=', customerId)
      .where('id', '!=', id)
      .where('is_default', '=', true)
      .execute();
    await trx.updateTable('merchant_logos').set({ is_default: true }).where('id', '=', id).execute();
  });
}

/**
 * The logo a checkout page of button `buttonLogoId`'s merchant shows: the button's own (while not
 * deleted), else the merchant's default; undefined when there is neither.
 */
export async function checkoutLogoId(db: Db, customerId: number, buttonLogoId: number | null): Promise<number | undefined> {
  const row = await db
    .selectFrom('merchant_logos')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .where((eb) => (buttonLogoId === null ? eb('is_default', '=', true) : eb.or([eb('id', '=', buttonLogoId), eb('is_default', '=', true)])))
    .orderBy((eb) =>
      eb
        .case()
        .when('id', '=', buttonLogoId ?? 0)
        .then(0)
        .else(1)
        .end(),
    )
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/**
 * `GET /api/merchant-logos/:id`: a logo's image, public (the checkout page shows it to anyone), with its
 * own content type, `nosniff` and a day's caching; a deleted or unknown logo is a 404.
 *
 * @example
 * await app.register(merchantLogoRoute, { db });
 */
export async function merchantLogoRoute(app: FastifyInstance, options: { db: Db }): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/merchant-logos/:id', { config: { publicCache: true } }, async (request, reply) => {
    const id = /^[1-9][0-9]{0,8}$/.test(request.params.id) ? Number(request.params.id) : undefined;
    const row =
      id === undefined
        ? undefined
        : await options.db
            .selectFrom('merchant_logos')
            .select(['media_type', 'content'])
            .where('id', '=', id)
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
    // An image's address: nothing to say beside the status.
    if (!row) return reply.code(404).header('Cache-Control', 'no-store').send();
    return reply
      .header('Content-Type', row.media_type)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=86400')
      .header('Content-Disposition', 'inline')
      .send(Buffer.from(row.content));
  });
}
