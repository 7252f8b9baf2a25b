import type { ComponentType } from 'react';
import type { AnswerRulesLoader, AppAction, ChallengeHandler, CustomScreenProps, Guard, ValueStore, WidgetProps } from '../../engine/index.ts';
import type { Brand, Card } from '../../generated/entities.ts';
import { adminGuards } from '../admin/admin-guard.ts';
import { adminActions } from '../admin/admin-actions.ts';
import { accountActions } from '../accounts/account-actions.ts';
import { cardGuards } from '../cards/card-guards.ts';
import { activationActions, type ActivationServices } from '../onboarding/activation.ts';
import { businessRegistrationOpenGuard, registrationOffers, registrationOpenGuard } from '../onboarding/registration-offers.ts';
import type { AskedCustomerCheck } from '../session/asked-customer.ts';
import type { SessionActions } from '../session/actions.ts';
import type { CustomerStore } from '../session/customer-store.ts';
import { createGuards } from '../session/guards.ts';
import type { Session } from '../session/session.ts';
import { lazyComponent } from './lazy.tsx';
import { transferChallenge } from '../transfers/transfer-challenge.ts';
import { approvalChallenge } from '../approvals/approval-challenge.ts';
import { approvalActions } from '../approvals/approvals-events.ts';
import { passwordChangeChallenge } from '../onboarding/password-change-challenge.ts';
import { phoneCodeChallenge, phoneVerificationActions, type PhoneVerificationServices } from '../profile/phone-verification.ts';
import { stepUpChallenge } from './step-up-challenge.ts';
import { pendingSignIn } from '../signin/pending.ts';
import { signInPendingGuard, signInStepActions, signInStore, type Translate } from '../signin/step-actions.ts';
import type { TokenService } from '../transport/token-service.ts';
import type { RpcCall } from '../../generated/methods.ts';
import { isCardNumber } from '../../schemas/rules/card-number.ts';
import { isValidRoutingNumber } from '../../schemas/rules/routing-number.ts';
import { merchantFullAccessGuard } from '../public-api/merchant-guard.ts';
import { newBusinessActions } from '../business/act-for-new-business.ts';
import { contractsEnabledGuard } from '../contracts/contracts-guard.ts';

const screen = (load: () => Promise<ComponentType<CustomScreenProps>>) => lazyComponent(load);
const widget = (load: () => Promise<ComponentType<WidgetProps>>) => lazyComponent(load);

/*
 * Everything here is what screen specs may name. screens/registry.json lists the same names, for
 * codegen to refuse a spec naming another; registry.test.ts holds the two equal, so a name added
 * here goes into the manifest too.
 */

/** What the guards read: the services start-app makes before the router. */
export interface GuardServices {
  session: Session;
  storage: Storage;
  customer: CustomerStore;
  brand: Brand;
  listCards: () => Promise<{ cards: Card[] }>;
  /** The user's rights on the acting customer, null when they act for their own (the merchant pages' guard). */
  rightsOnActingCustomer?: () => Promise<readonly string[] | null>;
}

/**
 * The guards screen specs may name (`guard:`): the session's, the registration, admin and card ones.
 *
 * @example
 * createScreenRouter({ …, guards: createAppGuards({ session, storage: sessionStorage, customer, brand, listCards: () => rpc('cardList', {}) }) });
 */
export function createAppGuards({ session, storage, customer, brand, listCards, rightsOnActingCustomer }: GuardServices): Record<string, Guard> {
  const sessionGuards = createGuards(session, storage, { customer });
  return {
    ...sessionGuards,
    registrationOpen: registrationOpenGuard(brand),
    businessRegistrationOpen: businessRegistrationOpenGuard(brand),
    ...adminGuards(session, customer, storage),
    ...cardGuards(sessionGuards.authenticated, listCards),
    signInPending: signInPendingGuard(),
    merchantFullAccess: merchantFullAccessGuard(sessionGuards.authenticated, rightsOnActingCustomer ?? (async () => null)),
    contractsEnabled: contractsEnabledGuard(sessionGuards.businessCustomer, brand),
  };
}

/**
 * The facts screen specs may test (the `when` of a `choices` section, a select's `offeredIn`) and texts
 * interpolate: what the brand offers and where its customers write.
 *
 * @example
 * createScreenRouter({ …, facts: appFacts(brand) }); // { registration: { personal: true, business: false }, supportEmail: '…' }
 */
export function appFacts(brand: Brand): Record<string, unknown> {
  return {
    registration: registrationOffers(brand),
    registrationTypes: { personal: brand.registrationPersonalTypes, business: brand.registrationBusinessTypes },
    supportEmail: brand.support.defaultEmail,
    contracts: brand.contractsEnable === true,
  };
}

/** What the application's actions and challenges use besides the session's actions. */
export type AppServices = ActivationServices &
  PhoneVerificationServices & { storage: Storage; tokenService: TokenService; t: Translate; askedCustomer?: AskedCustomerCheck };

/**
 * The actions screen specs may name (`submit.action`, a button's `action`): the session's, the admin's
 * ('view as this customer', kept in `services.storage`), the account activation that signs in with its
 * answer, the start of a phone verification in this browser, the balances forgotten after money moved, and
 * the approval queue's word to its badge.
 *
 * @example
 * createScreenRouter({ …, actions: appActions(createSessionActions(session, customer, sessionStorage, tokenService), { session, rpc, customer, t: i18n.t, storage: sessionStorage, tokenService }) });
 */
export function appActions(sessionActions: SessionActions, services: AppServices): Record<string, AppAction> {
  return {
    ...sessionActions,
    ...adminActions(services.storage),
    ...activationActions(services),
    ...phoneVerificationActions(services),
    ...accountActions(services),
    ...approvalActions(),
    ...signInStepActions({ ...services, pending: pendingSignIn }),
    ...newBusinessActions(services),
  };
}

/**
 * The custom screens (`kind: custom`, named by `custom.component`) and form widgets (`ui:widget`)
 * screen specs may name, each loaded on first use. Each product area adds its own here, one line
 * each; a component reads the application's services with `useApp()`.
 */
export const components: Record<string, ComponentType<CustomScreenProps>> = {
  // Sign-in and security settings
  SecuritySettings: screen(async () => (await import('../signin/SecuritySettings.tsx')).SecuritySettings),
  // Getting in
  AccountRecovery: screen(async () => (await import('../onboarding/AccountRecovery.tsx')).AccountRecovery),
  // Session entry points
  CompanySelection: screen(async () => (await import('../navigation/CompanySelection.tsx')).CompanySelection),
  SeiAuthorize: screen(async () => (await import('../navigation/SeiAuthorize.tsx')).SeiAuthorize),
  ScpRequest: screen(async () => (await import('../navigation/ScpRequest.tsx')).ScpRequest),
  ScpMobile: screen(async () => (await import('../navigation/ScpMobile.tsx')).ScpMobile),
  // Verification
  IdentityVerificationSession: screen(async () => (await import('../verification/IdentityVerificationSession.tsx')).IdentityVerificationSession),
  // Admin
  SessionReplay: screen(async () => (await import('../analytics/SessionReplay.tsx')).SessionReplay),
};

export const widgets: Record<string, ComponentType<WidgetProps>> = {
  registrationEmail: widget(async () => (await import('../onboarding/RegistrationEmailWidget.tsx')).RegistrationEmailWidget),
  termsToAccept: widget(async () => (await import('../onboarding/TermsWidget.tsx')).TermsWidget),
  accountSelect: widget(async () => (await import('../accounts/AccountSelectWidget.tsx')).AccountSelectWidget),
  botChallenge: widget(async () => (await import('../onboarding/BotChallengeWidget.tsx')).BotChallengeWidget),
};

/**
 * The second factors screen specs may name (`submit.challenge`, a button's `challenge`): how the server
 * asks for one and takes the answer; the engine draws the steps.
 *
 * @example
 * createScreenRouter({ …, challenges: appChallenges(rpc, { session, t: i18n.t }) });
 */
export function appChallenges(rpc: RpcCall, phone: PhoneVerificationServices): Record<string, ChallengeHandler> {
  return {
    transfer: transferChallenge(rpc),
    approval: approvalChallenge(),
    stepUp: stepUpChallenge(),
    stepUpMoney: stepUpChallenge({ newKey: 'idempotencyKey' }),
    passwordChange: passwordChangeChallenge(rpc),
    phoneCode: phoneCodeChallenge(rpc, phone),
  };
}

/**
 * The values the application keeps that screen specs read as data (`data: { store: … }`): this tab's
 * sign-in waiting on its second step.
 *
 * @example
 * createScreenRouter({ …, stores: appStores() });
 */
export function appStores(): Record<string, ValueStore> {
  return { signIn: signInStore() };
}

/**
 * Checks of one value a field check may name as `fails`, each the very function the server checks with
 * (schemas/rules/), so the browser refuses what the server would before anything is sent.
 *
 * @example
 * createScreenRouter({ …, valueChecks });
 */
export const valueChecks: Record<string, (value: unknown) => boolean> = {
  cardNumber: (value) => typeof value === 'string' && isCardNumber(value),
  routingNumber: (value) => typeof value === 'string' && isValidRoutingNumber(value),
};

/**
 * Rules over a wizard's whole answers a wizard may name as `answerRules`, each running the very rules the
 * server refuses with (schemas/rules/), so the wizard says a refusal on its field before sending. They and
 * the data they read (the registration numbers, dictionaries and tax-id patterns) are fetched with the
 * registration wizard, not with every first load.
 *
 * @example
 * createScreenRouter({ …, answerRules: appAnswerRules(brand, rpc, async () => (await customer.load()).customer.login) });
 */
export function appAnswerRules(brand: Brand, rpc: RpcCall, ownLogin?: () => Promise<string>): Record<string, AnswerRulesLoader> {
  const registration = (login?: () => Promise<string>): AnswerRulesLoader => ({
    load: async () => {
      const { businessRegistrationRules, registrationBrandOf } = await import('../business/registration-answer-rules.ts');
      return businessRegistrationRules(registrationBrandOf(brand), rpc, login);
    },
  });
  return { businessRegistration: registration(), businessRegistrationSignedIn: registration(ownLogin) };
}
