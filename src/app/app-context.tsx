import { createContext, useContext, type ReactNode } from 'react';
import type { Brand } from '../../generated/entities.ts';
import type { FeedbackStore } from '../errors/feedback-store.ts';
import type { SessionActions } from '../session/actions.ts';
import type { CustomerStore } from '../session/customer-store.ts';
import type { Session } from '../session/session.ts';
import type { RpcCall } from '../../generated/methods.ts';
import type { TokenService } from '../transport/token-service.ts';
import type { LiveEvents } from '../../engine/index.ts';

/** What layouts and custom screens need from the application besides their props. */
export interface AppServices {
  brand: Brand;
  /** The URL the bundler gave the brand's logo. */
  logoUrl: string;
  customer: CustomerStore;
  actions: SessionActions;
  /** The typed main-backend client. */
  rpc: RpcCall;
  session: Session;
  /** The token service's REST paths (/auth/*). */
  tokenService: TokenService;
  /** Popups and notices. */
  feedback: FeedbackStore;
  /** The customer's live channel (topics such as 'notifications'), shared with the engine. */
  liveEvents?: LiveEvents;
  /** The API base of the environment this tab talks to ('' for this origin, see src/navigation/environments.ts). */
  apiBase?: string;
}

const AppContext = createContext<AppServices | null>(null);

/**
 * Makes the application's services available to the layouts.
 *
 * @example
 * <AppProvider services={{ brand, logoUrl, customer, actions }}><RouterProvider router={router} /></AppProvider>
 */
export function AppProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <AppContext.Provider value={services}>{children}</AppContext.Provider>;
}

/**
 * The application's services, for a component under {@link AppProvider}.
 *
 * @example
 * const { brand } = useApp();
 */
export function useApp(): AppServices {
  const services = useContext(AppContext);
  if (!services) throw new Error('useApp() needs an <AppProvider> above it: render the router inside one (see src/main.tsx).');
  return services;
}
