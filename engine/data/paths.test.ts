import { describe, expect, it } from 'vitest';
import { fillPath } from './paths';

describe('fillPath', () => {
  it('takes an address a row holds as it is when the template is that one placeholder, and nothing off the application', () => {
    expect(fillPath(':link', { link: '/orders?id=42&kind=open' })).toBe('/orders?id=42&kind=open');
    expect(fillPath(':order.link', { order: { link: '/orders/7' } })).toBe('/orders/7');
    for (const link of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'orders/7', '', 42]) expect(fillPath(':link', { link })).toBeNull();
    expect(fillPath(':link', {})).toBeNull();
  });
  it('fills placeholders, a dot path from inside a value, and answers null while one is missing', () => {
    expect(fillPath('/orders/:orderId', { orderId: 42 })).toBe('/orders/42');
    expect(fillPath('/orders?id=:order.id', { order: { id: 42 } })).toBe('/orders?id=42');
    expect(fillPath('/orders?id=:order.id', { order: {} })).toBeNull();
  });
});
