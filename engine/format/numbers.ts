/** A decimal as the API sends amounts: optional minus, digits, optional fraction. No exponent, no grouping. */
const DECIMAL_STRING = /^-?\d+(\.\d+)?$/;

/** ISO 4217 codes are three capitals; crypto tickers of four or five letters are not, and Intl refuses them. */
const ISO_CURRENCY = /^[A-Z]{3}$/;

/** Intl formatters are costly to build and a table formats hundreds of cells, so each is built once. */
const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The decimal string of an amount, or `null` when it is not a plain decimal. */
function toDecimalString(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return DECIMAL_STRING.test(text) ? text : null;
}

function fractionDigitsOf(decimal: string): number {
  return decimal.split('.')[1]?.length ?? 0;
}

/**
 * Formats an amount that arrives as a decimal string (`"-1234.50"`) with its currency, for the given locale.
 *
 * The string goes to `Intl.NumberFormat#format` as it is: Intl reads a string as an exact decimal, so
 * amounts beyond the 15 significant digits of a float keep every digit. Digits the currency does not
 * usually show (a crypto amount with 8 decimals) are kept rather than rounded away. A ticker that is not an
 * ISO 4217 code (`USDT`) is shown as a number followed by the code. A value that is not a decimal is
 * returned as it is, so bad data is visible rather than hidden as 0.
 *
 * @example
 * ```ts
 * formatMoney('-1234.5', 'USD', 'en');        // '-$1,234.50'
 * formatMoney('0.00012345', 'BTC', 'en');     // 'BTC 0.00012345'
 * formatMoney('12345678901234567.89', 'EUR', 'de'); // '12.345.678.901.234.567,89 €'
 * ```
 */
export function formatMoney(amount: unknown, currency: string | undefined, locale: string): string {
  const decimal = toDecimalString(amount);
  if (decimal === null) return amount === undefined || amount === null ? '' : String(amount);
  const digits = Math.min(fractionDigitsOf(decimal), 20);
  if (currency && ISO_CURRENCY.test(currency)) {
    const usual = numberFormat(locale, { style: 'currency', currency }).resolvedOptions().minimumFractionDigits ?? 2;
    return numberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: usual,
      maximumFractionDigits: Math.max(usual, digits),
    }).format(decimal as `${number}`);
  }
  const number = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: Math.max(2, digits) }).format(decimal as `${number}`);
  return currency ? `${number} ${currency}` : number;
}

/**
 * Formats a number, or a decimal string without turning it into a float, with the locale's grouping.
 *
 * @example
 * ```ts
 * formatNumber('1234567.125', 'en'); // '1,234,567.125'
 * ```
 */
export function formatNumber(value: unknown, locale: string): string {
  const decimal = toDecimalString(value);
  if (decimal === null) return value === undefined || value === null ? '' : String(value);
  return numberFormat(locale, { maximumFractionDigits: Math.min(fractionDigitsOf(decimal), 20) }).format(decimal as `${number}`);
}

/**
 * The value of a decimal string as a float, for geometry only (the height of a chart bar), never for text.
 *
 * @example
 * ```ts
 * decimalToNumber('12.50'); // 12.5
 * ```
 */
export function decimalToNumber(value: unknown): number {
  const decimal = toDecimalString(value);
  return decimal === null ? 0 : Number(decimal);
}

/**
 * Compares two amounts exactly, as decimals (never as floats, so `"0.1"` + digits beyond 15 still order
 * right): -1, 0 or 1, or `null` when either is not a plain decimal (a number, or a string like `"-12.50"`).
 *
 * @example
 * ```ts
 * compareDecimals('1000.01', '1000');   // 1
 * compareDecimals('12345678901234567.1', 12345678901234567); // 1 (compared as written)
 * compareDecimals('abc', 1);            // null
 * ```
 */
export function compareDecimals(left: unknown, right: unknown): -1 | 0 | 1 | null {
  const a = toDecimalString(left);
  const b = toDecimalString(right);
  if (a === null || b === null || /e/i.test(a) || /e/i.test(b)) return null;
  const [signA, intA, fracA] = splitDecimal(a);
  const [signB, intB, fracB] = splitDecimal(b);
  const zeroA = /^0*$/.test(intA + fracA);
  const zeroB = /^0*$/.test(intB + fracB);
  const negA = signA && !zeroA;
  const negB = signB && !zeroB;
  if (negA !== negB) return negA ? -1 : 1;
  const width = Math.max(fracA.length, fracB.length);
  const digitsA = intA.replace(/^0+(?=\d)/, '');
  const digitsB = intB.replace(/^0+(?=\d)/, '');
  let order: -1 | 0 | 1 = 0;
  if (digitsA.length !== digitsB.length) order = digitsA.length < digitsB.length ? -1 : 1;
  else {
    const fullA = digitsA + fracA.padEnd(width, '0');
    const fullB = digitsB + fracB.padEnd(width, '0');
    order = fullA === fullB ? 0 : fullA < fullB ? -1 : 1;
  }
  return negA ? ((-order || 0) as -1 | 0 | 1) : order;
}

function splitDecimal(decimal: string): [boolean, string, string] {
  const negative = decimal.startsWith('-');
  const [int = '', frac = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  return [negative, int, frac];
}
