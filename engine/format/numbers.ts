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

/**
 * The decimal and grouping separators of a locale (`es`: `,` and `.`; `ru`: `,` and a no-break space).
 *
 * @example
 * ```ts
 * separatorsOf('pt'); // { decimal: ',', group: '.' }
 * ```
 */
export function separatorsOf(locale: string): { decimal: string; group: string } {
  const parts = numberFormat(locale, {}).formatToParts(12345.6);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}

/** Digits in groups of three after one to three digits: `1.234.567`, with `separator` between. */
function groupedThousands(text: string, separator: string): boolean {
  const escaped = separator.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^-?\\d{1,3}(${escaped}\\d{3})+$`).test(text);
}

/**
 * A number as a person typed it in `locale`, as the canonical decimal string the schemas take
 * (`"1234.5"`): spaces and the locale's grouping left out, its decimal separator made a point. The other
 * mark is read as the decimal separator too when it cannot be grouping (phones often offer only one of
 * them): `12.50` in es and `12,50` in en are both `"12.50"`, while `1.234` in es and `1,234` in en group
 * thousands. What is not a number comes back as typed, so the schema says why.
 *
 * @example
 * ```ts
 * parseDecimal('1.234,5', 'es');   // '1234.5'
 * parseDecimal('12,50', 'es');     // '12.50'
 * parseDecimal('1 234,5', 'ru');   // '1234.5'
 * parseDecimal('12.50', 'ru');     // '12.50'
 * parseDecimal('1,234.5', 'en');   // '1234.5'
 * parseDecimal('12,5', 'en');      // '12.5'
 * ```
 */
export function parseDecimal(typed: string, locale: string): string {
  const { decimal } = separatorsOf(locale);
  const other = decimal === ',' ? '.' : ',';
  const text = typed.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (text.includes(decimal)) {
    // The locale's own separator: the other mark, before it, groups thousands.
    const [whole = '', ...rest] = text.split(decimal);
    if (rest.length !== 1) return text;
    return `${whole.split(other).join('')}.${rest[0]}`;
  }
  const marks = text.split(other).length - 1;
  if (marks === 0) return text;
  if (groupedThousands(text, other)) return text.split(other).join('');
  return marks === 1 ? text.replace(other, '.') : text;
}

/**
 * A canonical decimal (`"1234.5"`, or a number) written as `locale` writes it, for a field to show: its
 * decimal separator, with the locale's grouping unless `grouping` is false (while the field is edited,
 * grouping would move the caret). Every digit typed is kept (`"12.50"` stays `12,50`). Anything else comes
 * back as it is.
 *
 * @example
 * ```ts
 * formatDecimalInput('1234.50', 'es');                      // '1234,50' (es groups from five digits)
 * formatDecimalInput('12345.5', 'ru');                      // '12 345,5' (a no-break space)
 * formatDecimalInput('12345.5', 'en', { grouping: false }); // '12345.5'
 * ```
 */
export function formatDecimalInput(value: unknown, locale: string, { grouping = true }: { grouping?: boolean } = {}): string {
  if (value === undefined || value === null) return '';
  const text = String(value);
  const decimal = toDecimalString(value);
  if (decimal === null || /e/i.test(decimal)) return text;
  const digits = Math.min(fractionDigitsOf(decimal), 20);
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: grouping }).format(decimal as `${number}`);
}
