import { describe, expect, it } from 'vitest';
import { chooseLanguage, createI18n } from './create-i18n.ts';
import { LANGUAGE_STORAGE_KEY } from './languages.ts';

const brand = { projectName: 'Paxum', languages: ['en', 'es', 'ua'] as const, defaultLanguage: 'en' as const };

describe('createI18n', () => {
  it("loads only the active language's texts", async () => {
    const i18n = await createI18n({ ...brand, languages: [...brand.languages] });
    expect(i18n.language).toBe('en');
    expect(i18n.t('layout.signOut')).toBe('Sign out');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('es', 'translation')).toBe(false);
  });

  it('switches language on demand, remembers it, and marks the page in ISO terms', async () => {
    const i18n = await createI18n({ ...brand, languages: [...brand.languages] });
    await chooseLanguage(i18n, 'ua');
    expect(i18n.t('layout.signOut')).toBe('Вийти');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ua');
    expect(document.documentElement.lang).toBe('uk');
  });

  it('starts in the remembered language and names the brand in the document title', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    const i18n = await createI18n({ ...brand, languages: [...brand.languages] });
    expect(i18n.language).toBe('es');
    expect(i18n.t('engine.documentTitle', { title: 'Inicio' })).toBe('Inicio · Paxum');
  });

  it('names a country code in the interface language with the region format', async () => {
    const i18n = await createI18n({ ...brand, languages: [...brand.languages] });
    i18n.addResource('en', 'translation', 'test.residency', 'Tax residency: {{countryCode, region}}');
    expect(i18n.t('test.residency', { countryCode: 'PT' })).toBe('Tax residency: Portugal');
    await chooseLanguage(i18n, 'es');
    i18n.addResource('es', 'translation', 'test.residency', 'Residencia: {{countryCode, region}}');
    expect(i18n.t('test.residency', { countryCode: 'DE' })).toBe('Residencia: Alemania');
    expect(i18n.t('test.residency', { countryCode: '??' })).toBe('Residencia: ??');
  });

  it('names an account by currency, its name or kind, and the last digits of its number; words a total as money', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const i18n = await createI18n({ ...brand, languages: [...brand.languages] });
    // The masked number is the server's (balanceInquiry's maskedNumber); the name falls back to the account's kind.
    const named = { accountId: 57, currencyCode: 'USD', type: 1001, name: 'Household', maskedNumber: '••\u00a00057' };
    expect(i18n.t('money.review.account', { account: named })).toBe('USD · Household · ••\u00a00057');
    expect(i18n.t('money.review.account', { account: { ...named, name: undefined } })).toBe('USD · Payment · ••\u00a00057');
    expect(i18n.t('invoices.pay', { total: '120.60', currencyCode: 'USD' })).toBe('Pay $120.60');
    await chooseLanguage(i18n, 'ua');
    expect(i18n.t('invoices.pay', { total: '120.60', currencyCode: 'EUR' })).toMatch(/^Сплатити 120,60\sEUR$/);
  });

  it("writes an exchange rate with the language's decimal separator, exactly (no float rounding)", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    const i18n = await createI18n({ ...brand, languages: [...brand.languages] });
    const rate = { currencyCode: 'USD', value: '0.786050', toCurrencyCode: 'GBP' };
    expect(i18n.t('money.review.rate', rate)).toBe('1 USD = 0,78605 GBP');
    await chooseLanguage(i18n, 'ua');
    expect(i18n.t('transferAccount.rateValue', rate)).toBe('1 USD = 0,78605 GBP');
    await chooseLanguage(i18n, 'en');
    expect(i18n.t('money.review.rate', rate)).toBe('1 USD = 0.78605 GBP');
  });

  it('shows a card number typed for a payout by its first six and last four digits only', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const i18n = await createI18n({ ...brand, languages: [...brand.languages] });
    expect(i18n.t('oct.newCardValue', { cardholderName: 'Ada Lovelace', cardNumber: '4111 1111 1111 1111' })).toBe('Ada Lovelace · 4111 11•• •••• 1111');
    expect(i18n.t('oct.newCardValue', { cardholderName: 'Ada Lovelace', cardNumber: '5555555555554444' })).toBe('Ada Lovelace · 5555 55•• •••• 4444');
    await chooseLanguage(i18n, 'es');
    expect(i18n.t('oct.newCardValue', { cardholderName: 'Ada', cardNumber: '4000 0566 5566 5556' })).toBe('Ada · 4000 05•• •••• 5556');
  });

  it('writes a saved IBAN in groups of four, so a narrow screen wraps it between groups', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const i18n = await createI18n({ ...brand, languages: [...brand.languages] });
    const beneficiary = { name: 'Ada Lovelace', iban: 'DE89370400440532013000' };
    expect(i18n.t('wire.savedBeneficiary', { beneficiary })).toBe('Ada Lovelace · DE89 3704 0044 0532 0130 00');
    expect(i18n.t('wire.savedBeneficiary', { beneficiary: { ...beneficiary, iban: 'gb82 west 12345698765432' } })).toBe(
      'Ada Lovelace · GB82 WEST 1234 5698 7654 32',
    );
  });

  it('names a card by the name its holder gave it, else by its product, never by a raw placeholder', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const i18n = await createI18n({ ...brand, languages: [...brand.languages] });
    const card = { productType: 2006, productName: 'Virtual prepaid Mastercard', maskedCardNumber: '5355 22•• •••• 4321' };
    expect(i18n.t('money.review.card', { card: { ...card, cardAliasName: 'Travel' } })).toBe('Travel · 5355 22•• •••• 4321');
    expect(i18n.t('money.review.card', { card })).toBe('Virtual prepaid Mastercard · 5355 22•• •••• 4321');
    await chooseLanguage(i18n, 'ua');
    expect(i18n.t('money.review.card', { card })).toBe('Віртуальна передплачена Mastercard · 5355 22•• •••• 4321');
  });
});
