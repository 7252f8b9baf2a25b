/**
 * Conversion between decimal strings at the API ("1234.50") and bigint minor units inside the
 * ledger (123450n at scale 2). No floating point is involved at any step.
 */

import type { KeyedText } from '../i18n/texts.ts';

const DECIMAL = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

/** An amount that cannot be represented in the currency: the message says why. */
export class AmountFormatError extends Error {
  override name = 'AmountFormatError';

  constructor(
    message: string,
    /** The message as a locale text (locales/<language>/server.json), for refusals worded in the caller's language. */
    readonly text: KeyedText,
  ) {
    super(message);
  }
}

/**
 * Parses a decimal string into minor units of a currency with `scale` decimals.
 * Refuses more decimals than the currency has rather than rounding money away.
 *
 * @example
 * toMinorUnits('1234.5', 2); // 123450n
 * toMinorUnits('-0.05', 2); // -5n
 */
export function toMinorUnits(amount: string, scale: number): bigint {
  const match = DECIMAL.exec(amount);
  if (!match) {
    throw new AmountFormatError(`'${amount}' is not an amount: write digits with an optional '.' and decimals, e.g. 1234.50.`, {
      key: 'server.amounts.notAnAmount',
      values: { amount },
    });
  }
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > scale) {
    throw new AmountFormatError(`'${amount}' has ${fraction.length} decimals; this currency allows at most ${scale}.`, {
      key: 'server.amounts.tooManyDecimals',
      values: { amount, decimals: fraction.length, scale },
    });
  }
  const minor = BigInt(whole! + fraction.padEnd(scale, '0'));
  return sign ? -minor : minor;
}

/**
 * Writes minor units as a decimal string with exactly `scale` decimals.
 *
 * @example
 * formatMinorUnits(123450n, 2); // '1234.50'
 * formatMinorUnits(-5n, 2); // '-0.05'
 * formatMinorUnits(7n, 0); // '7'
 */
export function formatMinorUnits(minor: bigint, scale: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}
