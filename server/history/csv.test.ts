import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../generated/entities.ts';
import { historyCsvHeader, historyCsvLines } from './csv.ts';

const transaction = (overrides: Partial<Transaction>): Transaction =>
  ({
    transactionDate: '2026-01-05T10:00:00Z',
    transactionId: 17,
    accountId: 3,
    operationType: 'p2p',
    description: 'Rent',
    counterparty: 'Ann',
    status: 'posted',
    amount: '-1200.00',
    currencyCode: 'USD',
    ...overrides,
  }) as Transaction;

describe('history CSV', () => {
  it('writes the header and one CRLF line per transaction, amounts as decimal strings', () => {
    expect(historyCsvHeader()).toBe('Date,Transaction,Account,Type,Description,Counterparty,Status,Amount,Currency\r\n');
    expect(historyCsvLines([transaction({}), transaction({ transactionId: 18, amount: '5.00' })])).toBe(
      '2026-01-05T10:00:00Z,17,3,p2p,Rent,Ann,posted,-1200.00,USD\r\n2026-01-05T10:00:00Z,18,3,p2p,Rent,Ann,posted,5.00,USD\r\n',
    );
  });

  it('quotes commas and quotes, and neutralises a description a spreadsheet would run', () => {
    const line = historyCsvLines([transaction({ description: 'Rent, "May"', counterparty: '=HYPERLINK("x")' })]);
    expect(line).toContain(',"Rent, ""May""",');
    expect(line).toContain(',"\'=HYPERLINK(""x"")",');
    expect(line).toContain(',-1200.00,');
  });

  it('writes nothing for an empty batch', () => {
    expect(historyCsvLines([])).toBe('');
  });
});
