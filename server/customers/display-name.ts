/** The name columns of a customer row. */
export interface CustomerNameColumns {
  business_name: string | null;
  first_name: string | null;
  last_name: string | null;
}

/**
 * A customer's name as documents, payers and staff see it: the company's, else the person's, else
 * "Customer <id>" for a customer who has not given a name yet.
 *
 * @example
 * customerDisplayName({ business_name: null, first_name: 'Anna', last_name: 'Novak' }, 7); // 'Anna Novak'
 */
export function customerDisplayName(row: CustomerNameColumns, customerId: number): string {
  return row.business_name ?? ([row.first_name, row.last_name].filter(Boolean).join(' ') || `Customer ${customerId}`);
}
