/** Whether a typed amount is a positive decimal the server would take (up to 8 decimals). */
export const isAmount = (value: string) => /^(0|[1-9][0-9]{0,17})(\.[0-9]{1,8})?$/.test(value) && Number(value) > 0;

/**
 * Compares two decimal amounts exactly (no floats): negative when `a` is less than `b`, 0 when equal.
 *
 * @example
 * compareAmounts('50000.01', '50000.00'); // 1
 */
export function compareAmounts(a: string, b: string): number {
  const [aWhole = '0', aFraction = ''] = a.split('.');
  const [bWhole = '0', bFraction = ''] = b.split('.');
  const width = Math.max(aFraction.length, bFraction.length);
  const x = BigInt(aWhole + aFraction.padEnd(width, '0'));
  const y = BigInt(bWhole + bFraction.padEnd(width, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}
