import { describe, expect, it } from 'vitest';
import { fillPath } from './paths';

describe('fillPath', () => {
  it('fills placeholders, a dot path from inside a value, and answers null while one is missing', () => {
    expect(fillPath('/orders/:orderId', { orderId: 42 })).toBe('/orders/42');
    expect(fillPath('/orders?id=:order.id', { order: { id: 42 } })).toBe('/orders?id=42');
    expect(fillPath('/orders?id=:order.id', { order: {} })).toBeNull();
  });
});
