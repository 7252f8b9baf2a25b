import { describe, expect, it } from 'vitest';
import { counterpartyIn, describedIn } from '../ledger/descriptions.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { formatMoney, localeTexts, requestLanguage } from './texts.ts';

describe("the server's words", () => {
  it("takes the language from Accept-Language by quality, Ukrainian's 'uk' as 'ua', else English", () => {
    expect(requestLanguage('de-DE,ru;q=0.5,es;q=0.9')).toBe('es');
    expect(requestLanguage('uk')).toBe('ua');
    expect(requestLanguage('de')).toBe('en');
    expect(requestLanguage(undefined)).toBe('en');
  });

  it('writes money as each language does, a currency Intl does not know after the number', () => {
    expect(formatMoney('en', { amount: '1234.50', currency: 'USD' })).toBe('$1,234.50');
    expect(formatMoney('es', { amount: '1234.50', currency: 'EUR' }).replace(/\s/g, ' ')).toBe('1234,50 €');
    expect(formatMoney('ru', { amount: '10000.00', currency: 'EUR' }).replace(/\s/g, ' ')).toBe('10 000,00 €');
    expect(formatMoney('en', { amount: '12.50', currency: 'USDT' })).toBe('12.50 USDT');
  });

  it('fills a text in, money among its values', () => {
    const t = localeTexts('ru');
    expect(t('server.accounts.defaultName', { currency: 'EUR' })).toBe('Счёт в EUR');
    expect(t('server.limits.perTransaction', { limit: { amount: '5.00', currency: 'EUR' } }).replace(/\s/g, ' ')).toBe(
      'За один раз можно отправить не больше 5,00 €.',
    );
    expect(() => t('server.no.suchText')).toThrow('server.no.suchText');
  });

  it('words a refusal and its field errors in the language asked for, English by default', () => {
    const refusal = new RpcRefusal('TA1', {
      key: 'server.invoices.alreadyPaid',
      validationErrors: [
        { field: 'amount', key: 'server.amounts.aboveZero' },
        { field: 'note', description: 'As it is.' },
      ],
    });
    expect(refusal.message).toBe('This invoice has already been paid.');
    expect(refusal.bodyIn('es')).toEqual({
      responseDescription: 'Esta factura ya está pagada.',
      validationErrors: [
        { field: 'amount', description: 'Introduzca un importe mayor que cero.' },
        { field: 'note', description: 'As it is.' },
      ],
    });
    expect(refusal.body).toMatchObject({ responseDescription: 'This invoice has already been paid.' });
  });

  it('words a keyed text among the values in the same language: a card fee posting with its fees and card', () => {
    const card = { key: 'cards.label', values: { name: { key: 'server.cards.products.2006' }, last4: '3118' } };
    const stored = {
      description: 'Card issue fee, Card annual fee: Virtual prepaid Mastercard •3118',
      description_key: 'cards.ledgerFees.charged2',
      description_values: { first: { key: 'cards.ledgerFees.issue' }, second: { key: 'cards.ledgerFees.annual' }, card },
    };
    expect(describedIn('en', stored)).toBe(stored.description);
    expect(describedIn('ru', stored)).toBe('Плата за выпуск карты, Годовая плата за карту: Виртуальная предоплаченная Mastercard •3118');
    expect(describedIn('es', stored)).toBe('Comisión de emisión de la tarjeta, Cuota anual de la tarjeta: Mastercard prepago virtual •3118');
  });

  it('words a stored description and counterparty with a key, and keeps the words of one without', () => {
    const keyed = { description: 'Transfer between own accounts', description_key: 'server.ledger.ownAccounts', description_values: null };
    expect(describedIn('pt', keyed)).toBe('Transferência entre contas próprias');
    expect(describedIn('pt', { description: 'Dinner', description_key: null, description_values: null })).toBe('Dinner');
    // A key a later version no longer has falls back to the stored words.
    expect(describedIn('ro', { ...keyed, description_key: 'server.ledger.gone' })).toBe('Transfer between own accounts');
    expect(
      counterpartyIn('ua', { counterparty: 'EUR account', counterparty_key: 'server.accounts.defaultName', counterparty_values: { currency: 'EUR' } }),
    ).toBe('Рахунок у EUR');
    expect(counterpartyIn('ua', { counterparty: null, counterparty_key: null, counterparty_values: null })).toBeNull();
  });
});
