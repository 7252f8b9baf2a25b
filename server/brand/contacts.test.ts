import { describe, expect, it } from 'vitest';
import { brandConfig } from '../config/brand-config.ts';
import { brandContacts, whatsAppUrl } from './contacts.ts';
import { appLinkLines } from './app-links.ts';
import { localeTexts } from '../i18n/texts.ts';

describe('whatsAppUrl', () => {
  it('keeps only the digits of the international number, without a leading 00', () => {
    expect(whatsAppUrl('+1 555 010-0123')).toBe('https://wa.me/15550100123');
    expect(whatsAppUrl('0044 7700 900123')).toBe('https://wa.me/447700900123');
    expect(whatsAppUrl('call us')).toBeUndefined();
  });
});

describe('brandContacts', () => {
  it('gives business customers the business fee schedule and everyone else the personal one', () => {
    const paxum = brandConfig('paxum');
    expect(brandContacts(paxum, 'business').feeLink).toBe(paxum.feeLinks?.business);
    expect(brandContacts(paxum, 'personal').feeLink).toBe(paxum.feeLinks?.personal);
    expect(brandContacts(paxum, 'business').feeLink).not.toBe(brandContacts(paxum, 'personal').feeLink);
  });

  it("answers each brand's own contacts and app links, and leaves out what a brand does not name", () => {
    const aplus = brandContacts(brandConfig('aplus'), 'personal');
    expect(aplus).toMatchObject({ projectName: 'A+ Payments', supportEmail: 'support@aplus.example', whatsAppUrl: 'https://wa.me/15550100456' });
    expect(aplus.appStoreUrl).toMatch(/^https:\/\/apps\.apple\.com\//);
    expect(aplus.googlePlayUrl).toMatch(/^https:\/\/play\.google\.com\//);
    const paydek = brandContacts(brandConfig('paydek'), 'personal');
    expect(paydek.supportEmail).toBe('support@paydek.example');
    expect(paydek).not.toHaveProperty('whatsAppUrl');
    expect(paydek).not.toHaveProperty('managerWhatsApp');
  });
});

describe('appLinkLines', () => {
  it("words each of the brand's app links in the reader's language", () => {
    const lines = appLinkLines(brandConfig('aplus'), localeTexts('es'));
    expect(lines).toEqual([
      'Abrir la aplicación: aplus://open',
      expect.stringMatching(/^App Store: https:\/\/apps\.apple\.com\//),
      expect.stringMatching(/^Google Play: https:\/\/play\.google\.com\//),
    ]);
    expect(appLinkLines({ ...brandConfig('aplus'), appLinks: {} }, localeTexts('en'))).toEqual([]);
  });
});
