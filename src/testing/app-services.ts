import { vi } from 'vitest';
import type { Brand } from '../../generated/entities.ts';
import type { RpcCall } from '../../generated/methods.ts';
import paxum from '../../brands/paxum/brand.json';
import type { AppServices } from '../app/app-context.tsx';
import { createFeedbackStore } from '../errors/feedback-store.ts';
import { createCustomerStore } from '../session/customer-store.ts';
import { createSession } from '../session/session.ts';
import type { TokenService } from '../transport/token-service.ts';

/** A token service whose every call fails loudly; tests that sign in pass their own. */
const refusingTokenService: TokenService = {
  login: () => Promise.reject(new Error('The test did not give a token service: pass tokenService to testServices().')),
  exchange: () => Promise.reject(new Error('The test did not give a token service.')),
  refresh: () => Promise.reject(new Error('The test did not give a token service.')),
  logout: () => Promise.resolve(),
};

/**
 * Application services for a component test: real stores, a signed-out session, and an `rpc` that
 * answers from `overrides.rpc` (by default every call rejects, so a test notices calls it did not expect).
 *
 * @example
 * const services = testServices({ rpc: vi.fn(async () => ({ phones: [] })) as unknown as RpcCall });
 * render(<AppProvider services={services}>…</AppProvider>);
 */
export function testServices(overrides: Partial<AppServices> = {}): AppServices {
  const rpc = overrides.rpc ?? (vi.fn(async (method: string) => Promise.reject(new Error(`unexpected call ${method}`))) as unknown as RpcCall);
  const tokenService = overrides.tokenService ?? refusingTokenService;
  return {
    brand: paxum as Brand,
    logoUrl: '/logo.svg',
    customer: createCustomerStore(() => rpc('profileInquiry', {})),
    actions: { signIn: vi.fn(), signOut: vi.fn(async () => ({ navigate: '/login' })), customerReload: vi.fn(async () => undefined) },
    rpc,
    session: createSession({ tokenService, storage: sessionStorage, onEnd: () => {}, activityTarget: new EventTarget() }),
    tokenService,
    feedback: createFeedbackStore(),
    ...overrides,
  };
}
