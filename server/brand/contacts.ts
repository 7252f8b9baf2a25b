import type { Brand } from '../../generated/entities.ts';

/** The brand's links and contacts as brandContacts answers them. */
export interface BrandContacts {
  projectName: string;
  feeLink?: string;
  supportEmail: string;
  managerWhatsApp?: string;
  whatsAppUrl?: string;
  appDeepLink?: string;
  appStoreUrl?: string;
  googlePlayUrl?: string;
}

/**
 * The WhatsApp chat link of a phone number written in any usual way: wa.me takes the international
 * number as digits only, without '+', spaces or a leading 00. Undefined when no digits are left.
 *
 * @example
 * whatsAppUrl('+1 555 010-0123'); // 'https://wa.me/15550100123'
 */
export function whatsAppUrl(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '').replace(/^00/, '');
  return digits ? `https://wa.me/${digits}` : undefined;
}

/**
 * The links and contacts a customer of `brand` sees: the business fee schedule for a business customer,
 * the personal one for everyone else (the personal one when the brand names no business one); the
 * manager's WhatsApp as a wa.me link; the app's deep link and store links. A setting the brand leaves
 * out is left out of the answer, and the screens leave its line out.
 *
 * @example
 * brandContacts(brandConfig('paxum'), 'business').feeLink; // 'https://www.paxum.example/fees/business'
 */
export function brandContacts(brand: Brand, customerType: 'personal' | 'business'): BrandContacts {
  const feeLink = customerType === 'business' ? (brand.feeLinks?.business ?? brand.feeLinks?.personal) : brand.feeLinks?.personal;
  const whatsApp = brand.support.managerWhatsApp;
  const chat = whatsApp ? whatsAppUrl(whatsApp) : undefined;
  return {
    projectName: brand.projectName,
    ...(feeLink ? { feeLink } : {}),
    supportEmail: brand.support.defaultEmail,
    ...(whatsApp && chat ? { managerWhatsApp: whatsApp, whatsAppUrl: chat } : {}),
    ...(brand.appLinks?.deepLink ? { appDeepLink: brand.appLinks.deepLink } : {}),
    ...(brand.appLinks?.appStore ? { appStoreUrl: brand.appLinks.appStore } : {}),
    ...(brand.appLinks?.googlePlay ? { googlePlayUrl: brand.appLinks.googlePlay } : {}),
  };
}
