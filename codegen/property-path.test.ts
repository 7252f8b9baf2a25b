import { describe, expect, it } from 'vitest';
import { hasPropertyPath } from './screens.ts';

describe('hasPropertyPath', () => {
  const entity = {
    properties: {
      id: { type: 'integer' },
      owner: { type: 'object', properties: { name: { type: 'string' } } },
      place: { allOf: [{ type: 'object', properties: { city: { type: 'string' } } }] },
    },
  };

  it('finds a property, one inside an object, and one in an allOf part', () => {
    expect(hasPropertyPath(entity, 'id')).toBe(true);
    expect(hasPropertyPath(entity, 'owner.name')).toBe(true);
    expect(hasPropertyPath(entity, 'place.city')).toBe(true);
  });

  it('refuses a path that leaves the schema', () => {
    expect(hasPropertyPath(entity, 'owner.age')).toBe(false);
    expect(hasPropertyPath(entity, 'id.value')).toBe(false);
    expect(hasPropertyPath(entity, 'missing')).toBe(false);
  });
});
