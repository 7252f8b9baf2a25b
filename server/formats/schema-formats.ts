import { fullFormats } from 'ajv-formats/dist/formats.js';
import { isAnyCryptoAddress } from './crypto-address.ts';
import { isAnyInstantKey, isBrTaxId } from './instant-key.ts';
import { isInteracRecipient } from './interac.ts';

/**
 * The product's own JSON Schema formats: checks a pattern cannot say, such as a checksum. A request schema
 * names one as `format`, and the same function runs on both sides: the server's validator adds them
 * (server/http/json-schema.ts), and codegen's precompiled browser validators import this module
 * (codegen/validators.ts writes the import), so a value the form accepts is a value the server accepts.
 * A field that breaks one is refused with the locale text {@link FORMAT_TEXTS} names, on that field.
 * Pure functions with no Node built-in, so the browser bundle can import them.
 */
export const APP_FORMATS: Readonly<Record<string, (value: string) => boolean>> = {
  'crypto-address': isAnyCryptoAddress,
  'instant-key': isAnyInstantKey,
  'br-tax-id': isBrTaxId,
  'interac-recipient': isInteracRecipient,
};

/**
 * The words of each of {@link APP_FORMATS} when a value breaks it: a locale key the server answers with and
 * the browser says (`engine.validation.format_<name>`, dashes as underscores, repeats it for the engine's forms).
 */
export const FORMAT_TEXTS: Readonly<Record<string, string>> = {
  'crypto-address': 'rails.cryptoEft.invalidAddress.any',
  'instant-key': 'rails.instant.invalidKey.any',
  'br-tax-id': 'rails.instant.invalidTaxId',
  'interac-recipient': 'rails.interac.invalidRecipient',
};

/**
 * Every format the browser's precompiled validators may name: ajv-formats' full set and the product's own.
 * Codegen's standalone code reads formats from this one object.
 */
export const schemaFormats = { ...fullFormats, ...APP_FORMATS };
