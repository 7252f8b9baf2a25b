export { formatMoney, formatNumber, decimalToNumber, parseDecimal, formatDecimalInput, separatorsOf } from './numbers';
export { formatDate, formatDateTime, formatMonth } from './dates';
export { formatText, columnFormat, FormattedValue, type FormatContext } from './formatValue';
