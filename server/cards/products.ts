import productsData from '../../schemas/data/card-products.json' with { type: 'json' };
import productsSchema from '../../schemas/data/card-products.schema.json' with { type: 'json' };
import { checked, documentTypes } from '../dictionaries/data.ts';
import { localeTexts, type KeyedText, type Language } from '../i18n/texts.ts';

/** A card product of schemas/data/card-products.json; its type is the card account's type. */
export interface CardProduct {
  type: number;
  name: string;
  subType: 'PREPAID' | 'DEBIT';
  virtual: boolean;
  network: 'MC' | 'VISA' | 'UPI';
  bin: string;
  currencies: string[];
  validityYears: number;
}

export interface CardFees {
  annual: string;
  issue: string;
  monthly: string;
  currency: string;
}

/** Why a shipping option cannot be chosen: a code the browser translates (cards.shippingDisabled.<code>). */
export type ShippingDisabledReason = 'expressUnavailableInCountry' | 'noCardShippingToCountry';

export interface ShippingOption {
  id: string;
  type: 'standard' | 'express';
  fee: string;
  /** Working days delivery takes; absent where the option does not ship at all. */
  deliveryTime?: { minWorkingDays: number; maxWorkingDays: number };
  disabledReasons: ShippingDisabledReason[];
}

export interface RequiredDocument {
  documentType: number;
  needsBackSide: boolean;
  needsStampPage: boolean;
}

interface CountryEntry {
  products?: number[];
  fees?: CardFees;
  shippingOptions?: ShippingOption[];
  requiredDocuments?: { virtual: number[]; physical: number[] };
}

interface ProductsFile {
  products: CardProduct[];
  countries: Record<string, CountryEntry> & { default: Required<Omit<CountryEntry, 'products'>> & { products?: number[] } };
}

const FILE = checked<ProductsFile>('card-products.json', productsSchema, productsData);
for (const [country, entry] of Object.entries(FILE.countries)) {
  for (const option of entry.shippingOptions ?? []) {
    const time = option.deliveryTime;
    if (time && time.minWorkingDays > time.maxWorkingDays) {
      throw new Error(
        `schemas/data/card-products.json: countries.${country} shipping option ${option.id} is delivered in ${time.minWorkingDays} to ${time.maxWorkingDays} working days; the first must not be more than the second. Fix the file and restart.`,
      );
    }
  }
}

/**
 * A card product's name in a language (locales/<language>/server.json `server.cards.products.<type>`),
 * else as the product file says it; an unknown type is 'Card <type>' in the language.
 *
 * @example
 * productName(2006, 'es'); // 'Mastercard prepago virtual'
 */
export function productName(type: number, language: Language): string {
  const t = localeTexts(language);
  const key = `server.cards.products.${type}`;
  if (t.has(key)) return t(key);
  return cardProduct(type)?.name ?? t('server.cards.unknownProduct', { type });
}

/**
 * A card product's name as a text worded when read (a ledger description keeps it so, not its English):
 * its key in the locale files, else the unknown product's text.
 *
 * @example
 * wordText('ru', productNameText(2006)); // 'Виртуальная предоплаченная Mastercard'
 */
export function productNameText(type: number): KeyedText {
  return localeTexts('en').has(`server.cards.products.${type}`)
    ? { key: `server.cards.products.${type}` }
    : { key: 'server.cards.unknownProduct', values: { type } };
}

/** The product of a card account type, or undefined. */
export function cardProduct(type: number): CardProduct | undefined {
  return FILE.products.find((product) => product.type === type);
}

/** What a country's offer is: the country's own entry over the default, part by part. */
export interface CountryOffer {
  countryCode: string;
  products: CardProduct[];
  fees: CardFees;
  shippingOptions: ShippingOption[];
  requiredDocuments: { virtual: number[]; physical: number[] };
}

/**
 * The card offer in a country: the products sold there, their fees, how physical cards ship and
 * the documents an application needs.
 *
 * @example
 * countryOffer('RU').shippingOptions.find((option) => option.type === 'express')?.disabledReasons; // ['expressUnavailableInCountry']
 */
export function countryOffer(countryCode: string): CountryOffer {
  const own = FILE.countries[countryCode] ?? {};
  const base = FILE.countries.default;
  const types = own.products ?? base.products;
  return {
    countryCode,
    products: types ? FILE.products.filter((product) => types.includes(product.type)) : FILE.products,
    fees: own.fees ?? base.fees,
    shippingOptions: own.shippingOptions ?? base.shippingOptions,
    requiredDocuments: own.requiredDocuments ?? base.requiredDocuments,
  };
}

/**
 * The documents an application for `product` in the offer's country needs, with the sides each
 * needs (types 4 and 5 a back side, type 88 a stamp page: schemas/data/document-types.json).
 * Type 88 is only ever asked in the countries the dictionary allows it (RU, UA).
 */
export function requiredDocuments(offer: CountryOffer, product: CardProduct): RequiredDocument[] {
  const ids = product.virtual ? offer.requiredDocuments.virtual : offer.requiredDocuments.physical;
  const dictionary = documentTypes();
  return ids
    .map((id) => dictionary.find((type) => type.id === id))
    .filter((type) => type !== undefined && (!type.countries || type.countries.includes(offer.countryCode)))
    .map((type) => ({ documentType: type!.id, needsBackSide: Boolean(type!.needsBackSide), needsStampPage: Boolean(type!.needsStampPage) }));
}

/** Whether physical cards can be shipped in the offer's country (some shipping option is enabled). */
export function shipsPhysicalCards(offer: CountryOffer): boolean {
  return offer.shippingOptions.some((option) => option.disabledReasons.length === 0);
}
