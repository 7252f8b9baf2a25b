import { getPath } from '../data/paths';
import { matchesWhen, type When } from '../spec/when';
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

/**
 * The form's values without the fields `omit` names: fields that only help fill others (an e-mail a
 * lookup turns into the id the request takes) and are not part of the request.
 *
 * @example
 * ```ts
 * omitFields({ email: 'a@example.com', memberId: 7 }, ['email']); // { memberId: 7 }
 * ```
 */
export function omitFields(data: Values, omit: readonly string[] | undefined): Values {
  if (!omit || omit.length === 0) return data;
  return Object.fromEntries(Object.entries(data).filter(([field]) => !omit.includes(field)));
}

/**
 * The values of the fields `beside` names, taken out of the data: sent next to the `wrap`, not inside it
 * (a one-time check token the wrapped object has no room for). Fields without a value are left out.
 *
 * @example
 * ```ts
 * besideFields({ name: 'Ann', checkToken: 'x1' }, ['checkToken']); // { inside: { name: 'Ann' }, beside: { checkToken: 'x1' } }
 * ```
 */
export function besideFields(data: Values, beside: readonly string[] | undefined): { inside: Values; beside: Values } {
  if (!beside || beside.length === 0) return { inside: data, beside: {} };
  const taken = Object.fromEntries(Object.entries(data).filter(([field, value]) => beside.includes(field) && value !== undefined));
  return { inside: omitFields(data, beside), beside: taken };
}

/**
 * The server's field errors said on the form field that stands for the request field (`errorsOn`): a
 * refusal of `memberId`, a hidden field a lookup filled, is said on the `email` typed to find it. A
 * refusal of a path inside the field (`memberId.0`) moves with it.
 *
 * @example
 * ```ts
 * moveFieldErrors({ memberId: 'Not found', note: 'Too long' }, { memberId: 'email' }); // { email: 'Not found', note: 'Too long' }
 * ```
 */
export function moveFieldErrors(fieldErrors: Record<string, string>, errorsOn: Record<string, string> | undefined): Record<string, string> {
  if (!errorsOn) return fieldErrors;
  const moved: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const [head] = path.split('.');
    const target = head === undefined ? undefined : errorsOn[head];
    const key = target ?? path;
    moved[key] = moved[key] ? `${moved[key]} ${message}` : message;
  }
  return moved;
}

/** A request field set from a form field where the form's values meet `when` (`Submit.assign`). */
export interface AssignField {
  field: string;
  from: string;
  when?: When;
}

/**
 * The request with fields set from form fields chosen by the form's values: the same request field may
 * come from one field or another (the id of whoever plays a part, by the part the person chose). The first
 * entry whose `when` holds sets a field; later ones for the same field are skipped.
 *
 * @example
 * ```ts
 * assignFields({ side: 'buyer', myId: 1, otherId: 2 }, [
 *   { field: 'buyerId', from: 'myId', when: { field: 'side', equals: 'buyer' } },
 *   { field: 'buyerId', from: 'otherId' },
 * ]); // { side: 'buyer', myId: 1, otherId: 2, buyerId: 1 }
 * ```
 */
export function assignFields(data: Values, assign: readonly AssignField[] | undefined): Values {
  if (!assign || assign.length === 0) return data;
  const request: Values = { ...data };
  const set = new Set<string>();
  for (const entry of assign) {
    if (set.has(entry.field) || !matchesWhen(entry.when, data)) continue;
    set.add(entry.field);
    const value = getPath(data, entry.from);
    if (value !== undefined && value !== '') request[entry.field] = value;
  }
  return request;
}
