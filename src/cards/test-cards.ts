import type { Account, Card } from '../../generated/entities.ts';

/** All capabilities off; a test turns on what it needs. */
export const noCapabilities: Card['capabilities'] = {
  balance: false,
  history: false,
  block: false,
  pin: false,
  rename: false,
  details: false,
  load: false,
  enrollment: false,
  pause: false,
  unpause: false,
  activate: false,
  reissue: false,
  upgradeShipping: false,
  confirm: false,
};

/** A card for component tests: an active virtual prepaid USD card unless said otherwise. */
export function testCard(over: Partial<Card> = {}): Card {
  return {
    cardId: 31,
    accountId: 7,
    productType: 2006,
    productName: 'Virtual prepaid Mastercard',
    subType: 'PREPAID',
    network: 'MC',
    cardIsVirtual: true,
    cardStatusId: 2,
    maskedCardNumber: '5355 22•• •••• 1234',
    cardExpiryMonth: 11,
    cardExpiryYear: 2029,
    currencyCode: 'USD',
    balance: '25.00',
    pendingAmount: '0.00',
    accountStatusId: 1,
    settlementAccountId: 3,
    settlementAccountNumber: '•• 0003',
    countryCode: 'GB',
    expressShipping: false,
    createdAt: '2026-01-02T10:00:00Z',
    capabilities: { ...noCapabilities, balance: true, history: true },
    ...over,
  };
}

/** An open EUR current account of customer 7 with 100.00; a test changes what it needs. */
export const testAccount = (over: Partial<Account>): Account => ({
  accountId: 1,
  // The server's masking (server/accounts/balances.ts): the last four digits after a no-break space.
  maskedNumber: `••\u00a0${String(over.accountId ?? 1)
    .padStart(4, '0')
    .slice(-4)}`,
  type: 1001,
  accountStatusId: 1,
  balance: '100.00',
  accountBalanceMin: '0.00',
  pendingAmount: '0.00',
  customerId: 7,
  currencyCode: 'EUR',
  currencySymbol: '€',
  ...over,
});
