import { outboundTargets, type OutboundTargets } from '../http/outbound-targets.ts';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { gatewayCardProcessor, sandboxCardProcessor, type CardProcessor } from '../cards/processor.ts';
import type { HelpDesk } from '../support/helpdesk.ts';
import { helpDeskAdapter } from '../support/adapters.ts';
import { requiredGateway } from '../verification/provider-config.ts';
import { gatewayMessages, sandboxMessages, type MessageSender } from '../messaging/messages.ts';
import { gatewayIpCountry, gatewayIpPrivacy, sandboxIpCountry, sandboxIpPrivacy, type IpCountryLookup, type IpPrivacyCheck } from '../profile/ip-lookup.ts';
import { gatewayPush, sandboxPush, type PushSender } from '../push/push-sender.ts';
import { gatewayCryptoRail, sandboxCryptoRail, type CryptoRail } from '../wallets/crypto-rail.ts';
import { gatewayBotChallenge, sandboxBotChallenge, type BotChallenge } from '../bot-challenge/bot-challenge.ts';
import { gatewayContractSigning, sandboxContractSigning, type ContractSigningProvider } from '../contracts/e-signature.ts';
import { railAdapters } from '../rails/adapters.ts';
import type { RailAdapters } from '../rails/rail-adapter.ts';
import {
  gatewayESignature,
  gatewayIdentityProvider,
  sandboxESignature,
  sandboxIdentityProvider,
  type ESignatureProvider,
  type IdentityVerificationProvider,
} from '../verification/providers.ts';

import { sandboxRecordings, unavailableRecordings, type AnalyticsRecordings } from '../analytics/recordings.ts';

/**
 * Everything the server reaches outside itself, each behind an interface with a sandbox that behaves
 * like the real service. Handlers receive this bag and never build an adapter themselves, so tests
 * and production differ only in configuration.
 */
export interface Adapters {
  /** SMS gateway and mail relay. */
  messages: MessageSender;
  /** The country of an IP address (ipInfo). */
  ipCountry: IpCountryLookup;
  /** Whether an IP address is a VPN, proxy or Tor exit (blocks profile changes). */
  ipPrivacy: IpPrivacyCheck;
  /** Push notifications to linked phones (sign-in approvals, codes). */
  push: PushSender;
  /** The identity-verification provider (document, face and video checks). */
  identityVerification: IdentityVerificationProvider;
  /** The e-signature provider that hosts W-form signing. */
  eSignature: ESignatureProvider;
  /** The e-signature provider that hosts the signing of revenue-split contracts (its page embedded, its callback signed). */
  contractSigning: ContractSigningProvider;
  /** The help desk holding support tickets (/messages). */
  helpDesk: HelpDesk;
  /** The crypto custodian: deposit addresses of wallets. */
  crypto: CryptoRail;
  /** The card processor: issues cards and keeps their numbers and PINs. */
  cardProcessor: CardProcessor;
  /** The payment rails payouts leave on (wire, ...). */
  rails: RailAdapters;
  /** Which addresses customer-given URLs (webhook endpoints, IPN notify URLs) may reach: public ones only. */
  outboundTargets: OutboundTargets;
  /** The session recordings the analytics host keeps, read for the admin replay. */
  analyticsRecordings: AnalyticsRecordings;
  /** The bot challenge registration and account recovery ask for (the brand's site key). */
  botChallenge: BotChallenge;
}

/**
 * Builds the adapters the configuration asks for: sandboxes unless production, else the real
 * services at the configured URLs.
 *
 * @example
 * const adapters = createAdapters(config, db);
 * await adapters.messages.sendEmail({ to, subject, text, purpose: 'activation' });
 */
export function createAdapters(config: ServerConfig, db: Kysely<Database>): Adapters {
  return {
    messages: config.sandboxes ? sandboxMessages(db) : gatewayMessages(config.gateways.messages),
    ipCountry: config.sandboxes ? sandboxIpCountry(config.gateways.ip?.sandboxLocalCountry ?? 'GB') : gatewayIpCountry(config.gateways.ip?.countryUrl ?? ''),
    ipPrivacy: config.sandboxes ? sandboxIpPrivacy(db) : gatewayIpPrivacy(config.gateways.ip?.privacyUrl ?? ''),
    push: config.sandboxes ? sandboxPush(db) : gatewayPush(config.gateways.push ?? ''),
    identityVerification: config.sandboxes
      ? sandboxIdentityProvider(db)
      : gatewayIdentityProvider(requiredGateway(config.gateways.identityVerification, 'IDENTITY_PROVIDER')),
    eSignature: config.sandboxes ? sandboxESignature(db) : gatewayESignature(requiredGateway(config.gateways.eSignature, 'E_SIGNATURE')),
    contractSigning: config.sandboxes ? sandboxContractSigning() : gatewayContractSigning(requiredGateway(config.gateways.eSignature, 'E_SIGNATURE')),
    helpDesk: helpDeskAdapter(config, db),
    crypto: config.sandboxes ? sandboxCryptoRail() : gatewayCryptoRail(config.gateways.crypto ?? ''),
    cardProcessor: config.sandboxes ? sandboxCardProcessor(db) : gatewayCardProcessor(config.gateways.cardProcessor ?? ''),
    rails: railAdapters({ sandboxes: config.sandboxes, ...(config.gateways.rails ? { urls: config.gateways.rails } : {}) }, db),
    analyticsRecordings: config.sandboxes ? sandboxRecordings(db) : unavailableRecordings,
    outboundTargets: outboundTargets({ loopbackAllowed: config.outboundLoopbackAllowed === true }),
    botChallenge: config.sandboxes ? sandboxBotChallenge(db) : gatewayBotChallenge(config.gateways.botChallenge ?? ''),
  };
}
