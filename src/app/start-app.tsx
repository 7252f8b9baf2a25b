import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { createScreenRouter } from '../../engine/index.ts';
import { brandIds, loadBrand, loadBrandLogo } from '../../generated/brands.ts';
import { screens } from '../../generated/screens.ts';
import { Feedback } from '../errors/Feedback.tsx';
import { createFeedbackStore } from '../errors/feedback-store.ts';
import { createI18n } from '../i18n/create-i18n.ts';
import { layouts } from '../layouts/index.ts';
import { actFor, actingCustomerId } from '../session/acting-customer.ts';
import { createSessionActions } from '../session/actions.ts';
import { createCustomerStore } from '../session/customer-store.ts';
import { createGuards, LOGIN } from '../session/guards.ts';
import { rememberPath } from '../session/remembered-path.ts';
import { createSession } from '../session/session.ts';
import { createRpc } from '../transport/rpc.ts';
import { createTokenService } from '../transport/token-service.ts';
import { AppProvider } from './app-context.tsx';
import { chosenBrandId, presentBrand } from './brand.ts';
import { createCallMethod } from './call-method.ts';
import { components, widgets } from './registry.ts';

/**
 * Boots the application into `container`: brand, translations, session, transport, then the engine's
 * router with the application's layouts, guards, actions and feedback.
 *
 * @example
 * await startApp(document.getElementById('root')!);
 */
export async function startApp(container: HTMLElement): Promise<void> {
  const brandId = chosenBrandId(document, brandIds);
  const [brand, logoUrl] = await Promise.all([loadBrand[brandId](), loadBrandLogo[brandId]()]);
  presentBrand(document, brand, logoUrl);
  const i18n = await createI18n(brand);

  // Document 000 section 2: ?fromCustomerId sets the customer a business user or admin acts for.
  const fromCustomerId = new URLSearchParams(location.search).get('fromCustomerId');
  if (fromCustomerId) actFor(Number(fromCustomerId), sessionStorage);

  const feedback = createFeedbackStore();
  const tokenService = createTokenService();
  const session = createSession({
    tokenService,
    storage: sessionStorage,
    onEnd(reason) {
      customer.clear();
      actFor(null, sessionStorage);
      if (reason !== 'expired') return;
      feedback.notify('notices.sessionExpired');
      const { pathname, search } = router.state.location;
      if (pathname === LOGIN) return;
      // After an expiry the user signs in again and comes back to what they were doing.
      rememberPath(`${pathname}${search}`, sessionStorage);
      void router.navigate(LOGIN);
    },
  });
  const rpc = createRpc({
    accessToken: () => session.accessToken(),
    language: () => i18n.language,
    actingCustomerId: () => actingCustomerId(sessionStorage),
    onUnauthorized: () => session.expire(),
  });
  const customer = createCustomerStore(() => rpc('profileInquiry', {}));
  const actions = createSessionActions(session, customer, sessionStorage);
  const router = createScreenRouter({
    screens,
    layouts,
    guards: createGuards(session, sessionStorage),
    callMethod: createCallMethod(rpc, customer),
    actions: { ...actions },
    components,
    widgets,
    onError: feedback.showError,
    notify: feedback.notify,
  });
  session.resume();

  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppProvider services={{ brand, logoUrl, customer, actions, rpc, session, tokenService, feedback }}>
          <RouterProvider router={router} />
          <Feedback store={feedback} />
        </AppProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}
