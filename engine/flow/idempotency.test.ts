import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, submissionKeys } from './idempotency';

describe('submissionKeys', () => {
  it('repeats the key for a retry of the same values until the server answers', () => {
    const keys = submissionKeys();
    const first = keys.keyFor({ amount: '5.00', to: 'ben@example.com' });
    expect(keys.keyFor({ to: 'ben@example.com', amount: '5.00' })).not.toBe(first);
    expect(keys.keyFor({ to: 'ben@example.com', amount: '5.00' })).toBe(keys.keyFor({ to: 'ben@example.com', amount: '5.00' }));
  });
  it('gives a new key for other values and after an answer', () => {
    const keys = submissionKeys();
    const first = keys.keyFor({ amount: '5.00' });
    expect(keys.keyFor({ amount: '5.01' })).not.toBe(first);
    const second = keys.keyFor({ amount: '5.01' });
    keys.answered();
    expect(keys.keyFor({ amount: '5.01' })).not.toBe(second);
  });
  it('makes keys the server accepts', () => {
    expect(newIdempotencyKey()).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });
});
