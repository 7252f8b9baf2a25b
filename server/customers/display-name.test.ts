import { describe, expect, it } from 'vitest';
import { customerDisplayName } from './display-name.ts';

describe('customerDisplayName', () => {
  it('names a company by its name, a person by first and last name, and a nameless customer by number', () => {
    expect(customerDisplayName({ business_name: 'Northwind Studio Ltd', first_name: 'Ana', last_name: 'Pop' }, 3)).toBe('Northwind Studio Ltd');
    expect(customerDisplayName({ business_name: null, first_name: 'Anna', last_name: 'Novak' }, 7)).toBe('Anna Novak');
    expect(customerDisplayName({ business_name: null, first_name: null, last_name: 'Novak' }, 7)).toBe('Novak');
    expect(customerDisplayName({ business_name: null, first_name: null, last_name: null }, 7)).toBe('Customer 7');
  });
});
