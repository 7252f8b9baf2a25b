/**
 * Amounts in the SMS and e-mails are written as the reader's language writes money (issue 13, Words),
 * by the one money format (texts.ts `formatMoney`, held to the engine's by tests/specs/money-format.test.ts):
 * the values the senders fill in are sums of money, never an amount and a code glued in English.
 */
import { describe, expect, it } from 'vitest';
import { amountAndPayee } from '../approvals/queue.ts';
import { localeTexts, wordText } from './texts.ts';

const money = { amount: '1234.50', currency: 'EUR' };

describe('amounts in messages', () => {
  it('writes the transfer confirmation SMS amount as Spanish and Russian write money', () => {
    // As server/transfers/confirmation.ts fills it: the amount is a sum of money, not "1234.50 EUR".
    expect(localeTexts('es')('messages.transferConfirmation.text', { code: '123456', amount: money })).toBe(
      '123456 es su código para confirmar la transferencia de 1234,50\u00a0€. Caduca en 5 minutos. No lo comparta nunca.',
    );
    expect(localeTexts('ru')('messages.transferConfirmation.text', { code: '123456', amount: money })).toMatch(/ 1\u00a0234,50\u00a0€\. /);
    expect(localeTexts('en')('messages.transferConfirmation.text', { code: '123456', amount: money })).toContain(' €1,234.50.');
  });

  it("names a transfer request's amount and payee in the creator's e-mail and the approver's SMS in the reader's words", () => {
    const toBen = amountAndPayee({ amount: '12345.50', currency: 'USD' }, 'ben@example.com');
    expect(wordText('es', toBen)).toBe('12.345,50\u00a0US$ a ben@example.com');
    expect(wordText('ru', toBen)).toBe('12\u00a0345,50\u00a0$ получателю ben@example.com');
    expect(wordText('en', toBen)).toBe('$12,345.50 to ben@example.com');
    expect(wordText('ru', amountAndPayee(money, null))).toBe('1\u00a0234,50\u00a0€');
    const notice = { key: 'messages.transferRequest.approvedText', values: { id: 41, what: toBen } };
    expect(wordText('es', notice)).toContain('12.345,50\u00a0US$ a ben@example.com');
  });
});
