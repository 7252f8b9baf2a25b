import type { RpcHandlerMap } from '../generated/methods.ts';
import type { ApiBundle, JsonSchema } from './rpc/api-bundle.ts';
import type { RpcContext } from './rpc/context.ts';
import { accountHandlers } from './accounts/balance-handlers.ts';
import { accountAreaHandlers } from './accounts/handlers.ts';
import { profileContactHandlers, profileHandlers, profileLookupHandlers } from './profile/handlers.ts';
import { onboardingHandlers, type OnboardingServices } from './registration/handlers.ts';
import { companyAccessHandlers } from './registration/company-access.ts';
import { passwordHandlers } from './passwords/handlers.ts';
import { sessionRulesHandlers } from './customers/access-handlers.ts';
import { moneyOutcomeHandlers } from './rpc/money-outcome.ts';
import { securityHandlers } from './security/handlers.ts';
import { brandHandlers } from './brand/handlers.ts';
import { adminHandlers } from './admin/handlers.ts';
import { analyticsHandlers } from './analytics/handlers.ts';
import { verificationHandlers } from './verification/handlers.ts';
import { businessFatcaHandlers } from './fatca/handlers.ts';
import { supportHandlers } from './support/handlers.ts';
import { announcementHandlers } from './announcements/handlers.ts';
import { transferHandlers } from './transfers/handlers.ts';
import { p2pHandlers } from './transfers/p2p-handlers.ts';
import { accountTransferHandlers } from './transfers/account-handlers.ts';
import { historyHandlers } from './history/handlers.ts';
import { invoiceHandlers } from './invoices/handlers.ts';
import { approvalHandlers } from './approvals/handlers.ts';
import { cardSecretHandlers } from './cards/secret-handlers.ts';
import { cardHandlers } from './cards/handlers.ts';
import { railHandlers } from './rails/handlers.ts';
import { batchHandlers } from './batches/handlers.ts';
import { globalPayHandlers } from './global-pay/handlers.ts';
import { octHandlers } from './rails/oct-handlers.ts';
import { cryptoEftHandlers } from './rails/crypto-eft-handlers.ts';
import { instantHandlers } from './rails/instant-handlers.ts';
import { interacHandlers } from './rails/interac-handlers.ts';
import { wireDataHandlers } from './rails/wire-data-handlers.ts';
import { payoutCurrencyHandlers } from './rails/payout-currency-handlers.ts';
import { eftHandlers } from './rails/eft-handlers.ts';
import { optionHandlers } from './rails/options-handlers.ts';
import { companyHandlers } from './company/handlers.ts';
import { companyComplianceHandlers, companyDocumentsHandlers } from './company-documents/handlers.ts';
import { merchantHandlers } from './merchant/handlers.ts';
import { merchantSecurityHandlers } from './merchant/security-handlers.ts';
import { notificationHandlers } from './notifications/handlers.ts';

/** The property names of the object schema at `property` inside `schema`; none when absent. */
function propertyNamesAt(schema: JsonSchema | undefined, property: string): string[] {
  const properties = (schema?.properties as Record<string, JsonSchema> | undefined)?.[property]?.properties;
  return properties && typeof properties === 'object' ? Object.keys(properties) : [];
}

/**
 * One handler per declared method. Typed by the generated `RpcHandlerMap`, so a method declared in
 * schemas/api/methods without a handler here, or a handler whose answer does not match its
 * declared response, fails the type check.
 *
 * @example
 * const handlers = createRpcHandlers(bundle, { brand: config.brand, tokenKey });
 */
export function createRpcHandlers(bundle: ApiBundle, onboarding: OnboardingServices): RpcHandlerMap<RpcContext> {
  return {
    ...profileHandlers({
      inquiry: propertyNamesAt(bundle.methods.profileInquiry?.response, 'profile'),
      editable: propertyNamesAt(bundle.methods.profileUpdate?.request, 'profile'),
      updated: propertyNamesAt(bundle.methods.profileUpdate?.response, 'profile'),
    }),
    ...accountHandlers,
    ...accountAreaHandlers,
    ...profileContactHandlers,
    ...profileLookupHandlers,
    ...onboardingHandlers(onboarding),
    ...companyAccessHandlers(onboarding.brand),
    ...passwordHandlers(onboarding),
    ...sessionRulesHandlers,
    ...moneyOutcomeHandlers,
    ...securityHandlers,
    ...brandHandlers,
    ...adminHandlers,
    ...analyticsHandlers,
    ...verificationHandlers,
    ...businessFatcaHandlers,
    ...supportHandlers,
    ...announcementHandlers,
    ...notificationHandlers,
    ...transferHandlers,
    ...p2pHandlers,
    ...accountTransferHandlers,
    ...historyHandlers({ details: propertyNamesAt(bundle.methods.transferDetails?.response, 'transaction') }),
    ...invoiceHandlers,
    ...approvalHandlers,
    ...cardSecretHandlers,
    ...cardHandlers,
    ...railHandlers,
    ...batchHandlers,
    ...globalPayHandlers,
    ...octHandlers,
    ...cryptoEftHandlers,
    ...instantHandlers,
    ...interacHandlers,
    ...wireDataHandlers,
    ...payoutCurrencyHandlers,
    ...eftHandlers,
    ...optionHandlers,
    ...companyHandlers,
    ...companyDocumentsHandlers,
    ...merchantHandlers,
    ...merchantSecurityHandlers,
    ...companyComplianceHandlers(onboarding.brand),
  };
}
