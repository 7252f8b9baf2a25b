import { requestLanguage } from '../i18n/texts.ts';
import type { TextValues } from '../i18n/texts.ts';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { CardsTable, Database } from '../db/schema.ts';
import { documentTypeById } from '../dictionaries/data.ts';
import { readUploadedFile, storeDocument, type DocumentFileInput } from '../documents/uploads.ts';
import { ACCOUNT_STATUS, isCardAccountType } from '../ledger/account-status.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { CARD_STATUS } from './card-status.ts';
import { currencyScales, offerIn, paymentAccount } from './fees.ts';
import { productName, cardProduct, countryOffer, type CardProduct, requiredDocuments, shipsPhysicalCards } from './products.ts';

type Db = Kysely<Database>;

const refusal = (field: string, key: string, values?: TextValues) =>
  new RpcRefusal('TA1', { validationErrors: [{ field, key: `server.cards.${key}`, ...(values ? { values } : {}) }] });

/** The country a customer's card offer is for: their residence, else their first address's country. */
export async function customerCountry(db: Db, customerId: number): Promise<string | undefined> {
  const customer = await db.selectFrom('customers').select('residence_country_code').where('id', '=', customerId).executeTakeFirst();
  if (customer?.residence_country_code) return customer.residence_country_code;
  const address = await db.selectFrom('addresses').select('country_code').where('customer_id', '=', customerId).orderBy('id').executeTakeFirst();
  return address?.country_code;
}

async function countryOrRefuse(db: Db, customerId: number, countryCode: string | undefined): Promise<string> {
  const country = countryCode ?? (await customerCountry(db, customerId));
  if (!country) throw refusal('countryCode', 'chooseCountry');
  return country;
}

/**
 * cardApplyInfo: the products offered in a country (only `productType`, when given), their fees,
 * shipping options (each fee with its currency) and required documents. With `currencyCode`, a
 * product issued in that currency states its fees in it (the card's currency, as they are charged);
 * otherwise in the price list's currency.
 */
export async function applyInfo(ctx: RpcContext, countryCode: string | undefined, productType?: number, currencyCode?: string) {
  const { customerId } = callerOf(ctx);
  const country = await countryOrRefuse(ctx.db, customerId, countryCode);
  const listed = countryOffer(country);
  const scales = await currencyScales(ctx.db);
  return {
    countryCode: country,
    products: listed.products
      .filter((product) => productType === undefined || product.type === productType)
      .map((product) => {
        const offer = currencyCode && product.currencies.includes(currencyCode) ? offerIn(listed, currencyCode, scales) : listed;
        return {
          productType: product.type,
          name: productName(product.type, requestLanguage(ctx.acceptLanguage)),
          subType: product.subType,
          cardIsVirtual: product.virtual,
          network: product.network,
          currencies: product.currencies,
          fees: offer.fees,
          shippingOptions: product.virtual ? [] : offer.shippingOptions.map((option) => ({ ...option, currency: offer.fees.currency })),
          requiredDocuments: requiredDocuments(offer, product),
        };
      }),
  };
}

/** What cardApply takes (generated request type, restated for the fields used here). */
export interface ApplyParams {
  productType: number;
  currencyCode: string;
  settlementAccountId: number;
  shippingOptionId?: string;
  addressId?: number;
  countryCode?: string;
  documents?: { documentType: number; front: string; back?: string; stampPage?: string }[];
}

/**
 * cardApply: checks the product, currency, settlement account, shipping option and documents, then
 * in one transaction stores the documents, creates the card account (type = product, balance 0,
 * settled by the chosen payment account) and the card, submitted (status 0).
 */
export async function applyForCard(ctx: RpcContext, params: ApplyParams) {
  const { customerId, user } = callerOf(ctx);
  const country = await countryOrRefuse(ctx.db, customerId, params.countryCode);
  const offer = countryOffer(country);
  const product = offer.products.find((candidate) => candidate.type === params.productType);
  if (!product) throw refusal('productType', cardProduct(params.productType) ? 'notOfferedIn' : 'chooseOffered', { country });
  if (!product.currencies.includes(params.currencyCode)) throw refusal('currencyCode', 'issuedIn', { currencies: product.currencies.join(', ') });
  const settlement = await paymentAccount(ctx.db, customerId, params.settlementAccountId, 'settlementAccountId', params.currencyCode);

  let shippingOptionId: string | null = null;
  let express = false;
  if (!product.virtual) {
    if (!shipsPhysicalCards(offer)) throw refusal('productType', 'notShippedTo', { country });
    const option = offer.shippingOptions.find((candidate) => candidate.id === params.shippingOptionId);
    if (!params.shippingOptionId) throw refusal('shippingOptionId', 'chooseShipping');
    if (!option) throw refusal('shippingOptionId', 'chooseOfferedShipping');
    if (option.disabledReasons.length > 0) throw refusal('shippingOptionId', `shippingDisabled.${option.disabledReasons[0]!}`);
    shippingOptionId = option.id;
    express = option.type === 'express';
  }
  if (params.addressId !== undefined) {
    const address = await ctx.db.selectFrom('addresses').select(['customer_id']).where('id', '=', params.addressId).executeTakeFirst();
    if (!address || address.customer_id !== customerId) throw new RpcRefusal('13');
  }

  // Documents: every required one present with the sides its type needs; files checked before anything is written.
  const given = params.documents ?? [];
  const files: { documentType: number; category: string; files: DocumentFileInput[] }[] = [];
  given.forEach((document, index) => {
    const type = documentTypeById(document.documentType);
    const field = `documents.${index}`;
    if (!type) throw refusal(`${field}.documentType`, 'chooseDocumentType');
    if (type.countries && !type.countries.includes(country)) throw refusal(`${field}.documentType`, 'documentOnlyIn', { countries: type.countries.join(', ') });
    if (type.needsBackSide && !document.back) throw refusal(`${field}.back`, 'uploadBack');
    if (type.needsStampPage && !document.stampPage) throw refusal(`${field}.stampPage`, 'uploadStampPage');
    const entry: DocumentFileInput[] = [{ role: 'main', ...readUploadedFile(document.front, `${field}.front`) }];
    if (document.back) entry.push({ role: 'additional', ...readUploadedFile(document.back, `${field}.back`) });
    if (document.stampPage) entry.push({ role: 'additional', ...readUploadedFile(document.stampPage, `${field}.stampPage`) });
    files.push({ documentType: type.id, category: type.category, files: entry });
  });
  for (const required of requiredDocuments(offer, product)) {
    if (!files.some((file) => file.documentType === required.documentType)) {
      throw refusal('documents', 'attachDocument', {
        document: documentTypeById(required.documentType)?.name.toLowerCase() ?? `document (type ${required.documentType})`,
        country,
      });
    }
  }

  const customer = await ctx.db
    .selectFrom('customers')
    .select(['first_name', 'last_name', 'business_name'])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  const holderName = (customer.business_name ?? [customer.first_name, customer.last_name].filter(Boolean).join(' ')).toUpperCase().slice(0, 26);

  return ctx.db.transaction().execute(async (trx) => {
    const documentIds: number[] = [];
    for (const document of files) {
      documentIds.push(
        await storeDocument(trx, {
          customerId,
          category: document.category,
          documentTypeId: document.documentType,
          createdByUserId: user.userId,
          addressId: params.addressId ?? null,
          attributes: { purpose: 'cardApplication', productType: product.type },
          files: document.files,
        }),
      );
    }
    return insertCardAccount(trx, {
      customerId,
      product,
      currencyCode: params.currencyCode,
      settlementAccountId: settlement.id,
      card: {
        status_id: CARD_STATUS.submitted,
        holder_name: holderName || 'CARD HOLDER',
        country_code: country,
        shipping_option_id: shippingOptionId,
        express_shipping: express,
        address_id: params.addressId ?? null,
        created_by_user_id: user.userId,
      },
      documentIds,
    });
  });
}

/** The card-specific columns of a new card; the rest come from its product or start empty. */
type NewCardColumns = Pick<Insertable<CardsTable>, 'status_id' | 'holder_name' | 'country_code' | 'shipping_option_id' | 'address_id' | 'created_by_user_id'> &
  Partial<Pick<Insertable<CardsTable>, 'express_shipping' | 'processor_ref' | 'bin' | 'last4' | 'expiry_month' | 'expiry_year' | 'activated_at'>>;

/**
 * Opens a card account of `product` (its type is the account type, settled by `settlementAccountId`)
 * with its first card, inside the caller's transaction. A card not yet issued leaves the processor's
 * columns empty.
 *
 * @example
 * await insertCardAccount(trx, { customerId, product, currencyCode: 'EUR', settlementAccountId, card: { status_id: CARD_STATUS.submitted, ... }, documentIds: [] });
 */
export async function insertCardAccount(
  trx: Transaction<Database>,
  input: { customerId: number; product: CardProduct; currencyCode: string; settlementAccountId: number; card: NewCardColumns; documentIds: number[] },
): Promise<{ cardId: number; accountId: number; cardStatusId: number }> {
  const { customerId, product } = input;
  if (!isCardAccountType(product.type)) throw new Error(`Card product ${product.type} is outside the card account types.`);
  const account = await trx
    .insertInto('accounts')
    .values({
      customer_id: customerId,
      system_purpose: null,
      type: product.type,
      status: ACCOUNT_STATUS.open,
      currency_code: input.currencyCode,
      name: null,
      sub_type: product.subType,
      settlement_account_id: input.settlementAccountId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const card = await trx
    .insertInto('cards')
    .values({
      customer_id: customerId,
      account_id: account.id,
      product_type: product.type,
      sub_type: product.subType,
      is_virtual: product.virtual,
      previous_status_id: null,
      replaces_card_id: null,
      processor_ref: null,
      bin: null,
      last4: null,
      expiry_month: null,
      expiry_year: null,
      activated_at: null,
      activation_claim: null,
      activation_claimed_at: null,
      ...input.card,
      document_ids: JSON.stringify(input.documentIds),
    })
    .returning(['id', 'status_id'])
    .executeTakeFirstOrThrow();
  return { cardId: card.id, accountId: account.id, cardStatusId: card.status_id };
}

/**
 * cardCrossPlatformRequirement: whether the card can go into a phone wallet (the mobile wrapper's
 * card-to-wallet): the card is active, the primary phone is confirmed, the customer is verified.
 */
export async function crossPlatformRequirement(ctx: RpcContext, status: number) {
  const { customerId } = callerOf(ctx);
  const phone = await ctx.db.selectFrom('phones').select('confirmed').where('customer_id', '=', customerId).where('status', '=', 'Primary').executeTakeFirst();
  const customer = await ctx.db.selectFrom('customers').select('verified').where('id', '=', customerId).executeTakeFirstOrThrow();
  const requirements = [
    { code: 'cardActive' as const, met: status === CARD_STATUS.active },
    { code: 'phoneConfirmed' as const, met: phone?.confirmed === true },
    { code: 'customerVerified' as const, met: customer.verified },
  ];
  return { eligible: requirements.every((requirement) => requirement.met), requirements };
}

/**
 * addressReplacementCompatibility: moving to `countryCode` keeps the customer's cards when that
 * country offers every product they hold (not closed) and ships physical cards there.
 */
export async function addressReplacementCompatibility(ctx: RpcContext, countryCode: string, oldAddressId: number) {
  const { customerId } = callerOf(ctx);
  const address = await ctx.db.selectFrom('addresses').select('customer_id').where('id', '=', oldAddressId).executeTakeFirst();
  if (!address || address.customer_id !== customerId) throw new RpcRefusal('13');
  const held = await ctx.db
    .selectFrom('cards as k')
    .innerJoin('accounts as a', 'a.id', 'k.account_id')
    .select(['k.product_type', 'k.is_virtual'])
    .where('k.customer_id', '=', customerId)
    .where('k.role', '=', 'current')
    .where('a.status', '<>', ACCOUNT_STATUS.closed)
    .where('k.status_id', '<>', CARD_STATUS.canceled)
    .execute();
  const offer = countryOffer(countryCode);
  const reasons: string[] = [];
  for (const type of [...new Set(held.map((card) => card.product_type))]) {
    if (!offer.products.some((product) => product.type === type))
      reasons.push(`The ${cardProduct(type)?.name ?? `card ${type}`} is not offered in ${countryCode}.`);
  }
  if (held.some((card) => !card.is_virtual) && !shipsPhysicalCards(offer)) reasons.push(`Physical cards are not shipped to ${countryCode}.`);
  return { compatible: reasons.length === 0, reasons };
}
