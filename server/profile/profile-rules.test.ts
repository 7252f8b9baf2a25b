import { describe, expect, it } from 'vitest';
import { countries, documentTypeById, documentTypes, normalizeTaxId, statesOf, taxIdMatches, taxRequirement } from '../dictionaries/data.ts';
import taxIds from '../../schemas/data/tax-ids.json' with { type: 'json' };
import { LANGUAGES, localeTexts } from '../i18n/texts.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { blockingFlags, inCidr, plainIp, sandboxIpCountry } from './ip-lookup.ts';
import { maskedPhone, normalizePhone } from './phones.ts';

describe('phone rules (document 000 section 5)', () => {
  it('removes the plus sign from the country code and spaces and dashes from the number', () => {
    expect(normalizePhone({ phoneCountryCode: '+373', phone: '69 123-456' })).toEqual({ countryCode: '373', number: '69123456' });
  });

  it('refuses a number longer than E.164 on the phone field', () => {
    try {
      normalizePhone({ phoneCountryCode: '44', phone: '1234567890123456' });
      expect.unreachable();
    } catch (error) {
      expect((error as RpcRefusal).details.validationErrors?.[0]?.field).toBe('phone');
    }
  });

  it('masks all but the last three digits', () => {
    expect(maskedPhone('44', '7700900123')).toBe('+44 •••••••123');
  });
});

describe('per-country tax-id table', () => {
  it('names the tax number by country and kind', () => {
    expect(taxRequirement('US', 'personal')).toMatchObject({ shortName: 'SSN', required: true, crs: false });
    expect(taxRequirement('US', 'business')).toMatchObject({ shortName: 'EIN', required: true });
    expect(taxRequirement('RO', 'personal')).toMatchObject({ shortName: 'CNP', crs: true });
  });

  it("words every number's name in every language, not as English", () => {
    const keys = new Set(Object.values(taxIds.countries).flatMap((country) => [country.personal.nameKey, country.business.nameKey]));
    keys.add(taxRequirement(null, 'personal').nameKey);
    expect(keys.size).toBeGreaterThan(30);
    const english = localeTexts('en');
    for (const language of LANGUAGES.filter((one) => one !== 'en')) {
      const t = localeTexts(language);
      // A key missing in the language would fall back to the English words.
      expect(
        [...keys].filter((key) => t(`server.taxIds.${key}`) === english(`server.taxIds.${key}`)),
        language,
      ).toEqual([]);
    }
    expect(localeTexts('ru')(`server.taxIds.${taxRequirement('GB', 'business').nameKey}`)).toBe('Регистрационный номер плательщика НДС');
  });

  it('makes a country missing from the table optional with crs false', () => {
    expect(taxRequirement('ZW', 'personal')).toMatchObject({ required: false, crs: false });
    expect(taxRequirement(null, 'business')).toMatchObject({ required: false, crs: false });
  });

  it('matches numbers in capitals without spaces', () => {
    const rule = taxRequirement('GB', 'personal');
    expect(taxIdMatches(rule, normalizeTaxId('ab 12 34 56 c'))).toBe(true);
    expect(taxIdMatches(rule, normalizeTaxId('12345'))).toBe(false);
    expect(taxIdMatches(taxRequirement('ZW', 'personal'), 'ZW-123')).toBe(true);
  });
});

describe('dictionaries', () => {
  it('holds every ISO country once and the states of the US and Canada', () => {
    const codes = countries().map((country) => country.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBe(249);
    expect(statesOf('US')).toHaveLength(56);
    expect(statesOf('CA')).toHaveLength(13);
    expect(statesOf('GB')).toEqual([]);
  });

  it('marks the types that need a back side (4, 5) and the stamp page (88, RU and UA only)', () => {
    expect(documentTypeById(4)?.needsBackSide).toBe(true);
    expect(documentTypeById(5)?.needsBackSide).toBe(true);
    expect(documentTypeById(88)).toMatchObject({ needsStampPage: true, countries: ['RU', 'UA'] });
    // The tax forms have names for lists but are filed through self-certification, never offered for upload.
    expect(documentTypeById(902)).toMatchObject({ name: 'W-8BEN form', uploadable: false });
    expect(documentTypes().map((type) => type.id)).not.toContain(902);
  });
});

describe('IP lookups', () => {
  it('finds addresses in CIDR blocks', () => {
    expect(inCidr('10.1.2.3', '10.0.0.0/8')).toBe(true);
    expect(inCidr('11.0.0.1', '10.0.0.0/8')).toBe(false);
    expect(inCidr('172.31.255.255', '172.16.0.0/12')).toBe(true);
  });

  it('answers the configured country for local addresses in the sandbox', async () => {
    const lookup = sandboxIpCountry('MD');
    expect(await lookup.countryOf('::ffff:127.0.0.1')).toBe('MD');
    expect(await lookup.countryOf('198.51.100.7')).toBe('GB');
    expect(await lookup.countryOf('8.8.8.8')).toBe('');
    expect(plainIp('::ffff:10.0.0.1')).toBe('10.0.0.1');
  });

  it('blocks on any privacy flag but service', () => {
    const clean = { vpn: false, proxy: false, tor: false, relay: false, hosting: false, service: null };
    expect(blockingFlags({ ...clean, service: 'Office proxy' })).toEqual([]);
    expect(blockingFlags({ ...clean, tor: true, proxy: true })).toEqual(['proxy', 'tor']);
  });
});
