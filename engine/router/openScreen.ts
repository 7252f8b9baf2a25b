import { fillPath } from '../data/paths';
import type { ScreenSpec } from '../spec/types';

/**
 * Where an address carrying the spec's `queryRedirect` parameter goes instead of the screen: `to` with
 * `:<param>` filled with the value, or `null` (no parameter, an empty one, or one `pattern` refuses).
 *
 * @example
 * ```ts
 * queryRedirectTarget({ param: 'ticket', to: '/tickets/:ticket', pattern: '[0-9]+' }, new URLSearchParams('ticket=7'));
 * // '/tickets/7'
 * ```
 */
export function queryRedirectTarget(redirect: ScreenSpec['queryRedirect'], query: URLSearchParams): string | null {
  if (!redirect) return null;
  const value = query.get(redirect.param);
  if (value === null || value === '') return null;
  if (redirect.pattern !== undefined && !new RegExp(`^(?:${redirect.pattern})$`).test(value)) return null;
  return fillPath(redirect.to, { [redirect.param]: value });
}
