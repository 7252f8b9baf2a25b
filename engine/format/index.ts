export { formatMoney, formatNumber, decimalToNumber } from './numbers';
export { formatDate, formatDateTime } from './dates';
export { formatText, columnFormat, FormattedValue, type FormatContext } from './formatValue';
