type Values = Record<string, unknown>;

const isObject = (value: unknown): value is Values => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The form's values as a request whose `nest` fields are sent inside an object: `nest` maps a request field
 * to the form fields it holds. A listed field holding an object (the fields a call answers, `fieldsFrom`)
 * has its own fields put in beside the others; empty values are left out. The other fields stay where
 * they are.
 *
 * @example
 * ```ts
 * nestFields({ kind: 'box', width: '3', extras: { colour: 'red' } }, { size: ['width', 'extras'] });
 * // { kind: 'box', size: { width: '3', colour: 'red' } }
 * ```
 */
export function nestFields(data: Values, nest: Record<string, readonly string[]> | undefined): Values {
  if (!nest) return data;
  const request: Values = { ...data };
  for (const [target, fields] of Object.entries(nest)) {
    const inside: Values = {};
    for (const field of fields) {
      const value = request[field];
      delete request[field];
      if (isObject(value)) Object.assign(inside, Object.fromEntries(Object.entries(value).filter(([, part]) => part !== undefined && part !== '')));
      else if (value !== undefined && value !== '') inside[field] = value;
    }
    request[target] = inside;
  }
  return request;
}

/**
 * The server's field errors about nested fields put back on the form's fields: `size.width` on `width`,
 * and `size.colour` on `extras.colour` when the object field `extras` held it.
 *
 * @example
 * ```ts
 * unnestFieldErrors({ 'size.width': 'Too wide', 'size.colour': 'Sold out' }, { size: ['width', 'extras'] }, { extras: { colour: 'red' } });
 * // { width: 'Too wide', 'extras.colour': 'Sold out' }
 * ```
 */
export function unnestFieldErrors(
  fieldErrors: Record<string, string>,
  nest: Record<string, readonly string[]> | undefined,
  data: Values,
): Record<string, string> {
  if (!nest) return fieldErrors;
  const placed: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const target = Object.keys(nest).find((name) => path.startsWith(`${name}.`));
    if (!target) {
      placed[path] = message;
      continue;
    }
    const rest = path.slice(target.length + 1);
    const [first = ''] = rest.split('.');
    const fields = nest[target] ?? [];
    const holder = fields.includes(first) ? undefined : fields.find((field) => isObject(data[field]) && first in data[field]);
    placed[holder ? `${holder}.${rest}` : rest] = message;
  }
  return placed;
}
