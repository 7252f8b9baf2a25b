/**
 * Reads a dot path (`profile.address.city`) from a value. An empty or missing path returns the value itself,
 * so a spec without `data.path` uses the whole answer.
 *
 * @example
 * ```ts
 * getPath({ profile: { firstName: 'Ada' } }, 'profile.firstName'); // 'Ada'
 * ```
 */
export function getPath(value: unknown, path: string | undefined): unknown {
  if (!path) return value;
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * Fills `:name` placeholders of a path from `values` (`:order.id` reads inside one). Returns `null` when a placeholder has no value, so a
 * caller can leave a link out rather than send the user to `/contacts/undefined`. A template that is one placeholder alone (`:link`)
 * takes a value that is an address of the application (`/orders?id=42`: one leading slash) as it is, so a list whose answer says where
 * each row is dealt with links there; any other value is refused (`null`), never followed off the application.
 *
 * @example
 * ```ts
 * fillPath('/orders/:orderId', { orderId: 42 }); // '/orders/42'
 * fillPath('/orders?id=:order.id', { order: { id: 42 } }); // '/orders?id=42': a dot path reads inside
 * fillPath(':link', { link: '/orders?id=42' }); // '/orders?id=42': an address the row holds, as it is
 * ```
 */
export function fillPath(template: string, values: Record<string, unknown>): string | null {
  const whole = /^:([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)$/.exec(template);
  if (whole) {
    const value = getPath(values, whole[1]!);
    return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : null;
  }
  let missing = false;
  const filled = template.replace(/:([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)/g, (_, name: string) => {
    const value = getPath(values, name);
    if (value === undefined || value === null || value === '') {
      missing = true;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  return missing ? null : filled;
}
