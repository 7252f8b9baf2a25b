import type { TFunction } from 'i18next';
import type { RpcResponse } from '../../generated/methods.ts';

/** A shipping option of cardApplyInfo: its delivery time in working days, its disabled reasons as codes. */
export type ShippingOption = RpcResponse<'cardApplyInfo'>['products'][number]['shippingOptions'][number];

/**
 * How long the option takes to deliver, in the customer's language ("Working days to delivery: 5–7");
 * undefined when the option does not ship at all.
 *
 * @example
 * deliveryText({ ..., deliveryTime: { minWorkingDays: 5, maxWorkingDays: 7 } }, t, 'es-ES'); // 'Días hábiles hasta la entrega: 5–7'
 */
export function deliveryText(option: Pick<ShippingOption, 'deliveryTime'>, t: TFunction, locale: string): string | undefined {
  const time = option.deliveryTime;
  if (!time) return undefined;
  const number = new Intl.NumberFormat(locale);
  // Word joiners keep "20–30" on one line.
  const days =
    time.minWorkingDays === time.maxWorkingDays
      ? number.format(time.minWorkingDays)
      : `${number.format(time.minWorkingDays)}\u2060–\u2060${number.format(time.maxWorkingDays)}`;
  return t('cards.deliveryWorkingDays', { days });
}

/** Why the option cannot be chosen, in the customer's language (one sentence per reason code); '' when it can. */
export function disabledReasonsText(option: Pick<ShippingOption, 'disabledReasons'>, t: TFunction): string {
  return option.disabledReasons.map((code) => t(`cards.shippingDisabled.${code}`)).join(' ');
}
