import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { createScreenRouter } from '../../engine/index.ts';
import { brandIds, loadBrand, loadBrandLogo } from '../../generated/brands.ts';
import { screens } from '../../generated/screens.ts';
import { Feedback } from '../errors/Feedback.tsx';
import { clearNoticesOnNavigation, createFeedbackStore, noticeOnNextPage } from '../errors/feedback-store.ts';
import { createI18n } from '../i18n/create-i18n.ts';
import { ColorSchemeProvider } from '../theme/ThemeSwitcher.tsx';
import { layouts } from '../layouts/index.ts';
import { emailConfirmationPopup, readBootQuery, withoutBootParameters } from '../navigation/boot-query.ts';
import { chooseEnvironment } from '../navigation/environments.ts';
import { EnvironmentBanner } from './EnvironmentBanner.tsx';
import { goToStartPage, signInWithAuthorizationCode } from '../navigation/code-login.ts';
import { createTermsStep } from '../navigation/terms-step.ts';
import { TermsStep } from '../navigation/TermsStep.tsx';
import { actFor, actingCustomerId } from '../session/acting-customer.ts';
import { actForAsked, rememberAskedCustomer, type ActingCustomerJudge, type AskedCustomerCheck } from '../session/asked-customer.ts';
import { createSessionActions } from '../session/actions.ts';
import { createCustomerStore, customerFacts } from '../session/customer-store.ts';
import { LOGIN } from '../session/guards.ts';
import { rememberPath, takeRememberedPath } from '../session/remembered-path.ts';
import { createSession } from '../session/session.ts';
import { startPage } from '../session/start-page.ts';
import { createRpc, createRpcSend } from '../transport/rpc.ts';
import { createLiveEvents } from '../transport/live-events.ts';
import { createTokenService } from '../transport/token-service.ts';
import { startWrapperBridge } from '../wrapper/app-bridge.ts';
import { AppProvider } from './app-context.tsx';
import { chosenBrandId, presentBrand } from './brand.ts';
import { createCallMethod } from './call-method.ts';
import { createRestCall } from '../transport/rest-call.ts';
import { appActions, appAnswerRules, appChallenges, appFacts, appStores, components, createAppGuards, valueChecks, widgets } from './registry.ts';
import { isSandbox, SandboxBanner } from './SandboxBanner.tsx';
import { createDownloadFile } from '../history/download-file.ts';
import { createCallLookup } from '../transfers/call-lookup.ts';
import { loadBrandFonts } from 'virtual:brand-fonts';
import { startAnalytics } from '../analytics/start-analytics.ts';

/**
 * Boots the application into `container`: brand, translations, session, transport, then the engine's
 * router with the application's layouts, guards, actions and feedback.
 *
 * @example
 * await startApp(document.getElementById('root')!);
 */
export async function startApp(container: HTMLElement): Promise<void> {
  const brandId = chosenBrandId(document, brandIds);
  const [brand, logoUrl, fonts] = await Promise.all([loadBrand[brandId](), loadBrandLogo[brandId](), loadBrandFonts[brandId]?.()]);
  const colorScheme = presentBrand(document, brand, logoUrl, { fonts, storage: localStorage, media: matchMedia('(prefers-color-scheme: dark)') });
  const i18n = await createI18n(brand);

  // Document 000 section 2, query handling: ?api switches the API target; code with codeVerifier signs in
  // below; ?fromCustomerId asks the server, once signed in, to let the user act for that customer.
  const bootQuery = readBootQuery(location.search);
  // ?api names an environment of the brand (production, staging1 … staging15), kept for later visits.
  const environment = chooseEnvironment(bootQuery.api, localStorage, brand.environments);
  const apiBase = environment.apiBase;
  sessionStorage.setItem('navigation.apiBase', apiBase); // read by currentApiBase (session-rules-api.ts)
  history.replaceState(history.state, '', withoutBootParameters(`${location.pathname}${location.search}${location.hash}`));

  const feedback = createFeedbackStore();
  // Terms pending at sign-in are shown before the sign-in completes (document 000 section 4).
  const terms = createTermsStep({ baseUrl: () => apiBase });
  const tokenService = createTokenService({ baseUrl: apiBase, fetch: terms.fetch, language: () => i18n.language });
  const session = createSession({
    tokenService,
    storage: sessionStorage,
    onEnd(reason) {
      customer.clear();
      actFor(null, sessionStorage);
      if (reason !== 'expired') return;
      const { pathname, search } = router.state.location;
      if (pathname === LOGIN) {
        feedback.notify('notices.sessionExpired');
        return;
      }
      // After an expiry the user signs in again and comes back to what they were doing; the notice is
      // said on the sign-in page (notices are cleared when the page changes).
      rememberPath(`${pathname}${search}`, sessionStorage);
      void router.navigate(LOGIN).then(() => feedback.notify('notices.sessionExpired'));
    },
  });
  const rpcOptions = {
    accessToken: () => session.accessToken(),
    language: () => i18n.language,
    actingCustomerId: () => actingCustomerId(sessionStorage),
    onUnauthorized: () => session.expire(),
    endpoint: `${apiBase}/api`,
  };
  const rpc = createRpc(rpcOptions);
  const customer = createCustomerStore(
    () => rpc('profileInquiry', {}),
    () => rpc('businessAccessInfo', {}),
  );
  // Signed in before the router runs its first guard, so the page asked for opens.
  let codeSignIn = false;
  if (bootQuery.authorizationCode) {
    codeSignIn = await signInWithAuthorizationCode(bootQuery.authorizationCode, tokenService, session).then(
      () => true,
      (error: unknown) => {
        feedback.showError(error);
        return false;
      },
    );
  }
  // The server judges ?fromCustomerId (the Customer-Id check): before the first page loads anything when
  // signed in; a signed-out visitor's is kept and judged when they sign in.
  const judge: ActingCustomerJudge = {
    isAdmin: async () => (await customer.load()).customer.isAdmin,
    startViewing: (customerId) => rpc('adminViewStart', { customerId }),
    actingCall: () => rpc('businessAccessInfo', {}),
  };
  const askedCustomer: AskedCustomerCheck = {
    judge,
    refused: (customerId) => noticeOnNextPage(router, feedback, 'session.environment.notAllowed', { customerId }),
  };
  const actions = createSessionActions(session, customer, sessionStorage, tokenService, undefined, askedCustomer);
  let actingRefused = false;
  if (bootQuery.fromCustomerId && !session.isSignedIn()) rememberAskedCustomer(bootQuery.fromCustomerId, sessionStorage);
  else if (bootQuery.fromCustomerId) {
    actingRefused = !(await actForAsked(bootQuery.fromCustomerId, judge, sessionStorage).catch((error: unknown) => {
      feedback.showError(error);
      return true;
    }));
    customer.clear();
  }
  const liveEvents = createLiveEvents({ accessToken: () => session.accessToken(), actingCustomerId: () => actingCustomerId(sessionStorage), base: apiBase });
  const router = createScreenRouter({
    screens,
    layouts,
    guards: createAppGuards({
      session,
      storage: sessionStorage,
      customer,
      brand,
      listCards: () => rpc('cardList', {}),
      // Asked of the server even without a chosen company: a business user signed in acts for theirs by default.
      rightsOnActingCustomer: async () => (await rpc('businessAccessInfo', {})).accessRights ?? [],
    }),
    callMethod: createCallMethod(
      rpc,
      customer,
      createRpcSend(rpcOptions),
      createRestCall({
        ...rpcOptions,
        baseUrl: apiBase,
        customerId: async () => rpcOptions.actingCustomerId() ?? (await customer.load()).customer.customerId,
      }),
    ),
    downloadFile: createDownloadFile({
      accessToken: () => session.accessToken(),
      actingCustomerId: () => actingCustomerId(sessionStorage),
      onUnauthorized: () => session.expire(),
      base: apiBase,
    }),
    actions: appActions(actions, {
      session,
      rpc,
      customer,
      t: (key: string, values?: Record<string, unknown>) => i18n.t(key, values),
      storage: sessionStorage,
      tokenService,
      askedCustomer,
    }),
    components,
    widgets,
    facts: appFacts(brand),
    liveFacts: customerFacts(customer),
    challenges: appChallenges(rpc, { session, t: (key) => i18n.t(key) }),
    stores: appStores(),
    valueChecks,
    answerRules: appAnswerRules(brand, rpc, async () => (await customer.load()).customer.login),
    lookUpCall: createCallLookup(rpc),
    liveEvents,
    onError: feedback.showError,
    notify: feedback.notify,
  });
  // A notice is about the screen it was said on: leaving that screen takes it away.
  clearNoticesOnNavigation(router, feedback);
  session.resume();
  startWrapperBridge({ session, navigate: (path) => router.navigate(path) });
  if (codeSignIn) {
    customer
      .load()
      .then(
        ({ customer: signedIn }) =>
          goToStartPage(startPage(signedIn, takeRememberedPath(sessionStorage), { customCustomerChosen: actingCustomerId(sessionStorage) !== null }), (path) =>
            router.navigate(path),
          ),
        feedback.showError,
      );
  }
  if (actingRefused) feedback.notify('session.environment.notAllowed', { customerId: bootQuery.fromCustomerId });
  if (environment.unknown !== undefined) feedback.notify('session.environment.unknown', { name: environment.unknown });
  if (bootQuery.emailConfirmation) feedback.showError(emailConfirmationPopup(bootQuery.emailConfirmation, (key) => i18n.t(key)));

  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppProvider services={{ brand, logoUrl, customer, actions, rpc, session, tokenService, feedback, liveEvents, apiBase }}>
          <ColorSchemeProvider controller={colorScheme}>
            {isSandbox(document) && <SandboxBanner />}
            {environment.name !== 'production' && <EnvironmentBanner name={environment.name} />}
            <RouterProvider router={router} />
            <Feedback store={feedback} navigate={(href) => void router.navigate(href)} />
            <TermsStep store={terms.store} />
          </ColorSchemeProvider>
        </AppProvider>
      </I18nextProvider>
    </StrictMode>,
  );
  // Nothing is sent or recorded before the customer consents (issue 19 item 4).
  startAnalytics({
    analytics: brand.analytics,
    projectName: brand.projectName,
    t: (key, values) => i18n.t(key, values),
    personId: () => {
      const who = customer.current();
      return who ? String(who.customer.customerId) : null;
    },
  });
}
