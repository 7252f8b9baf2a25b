import { useEffect, useSyncExternalStore } from 'react';
import type { Customer, CustomerProfile } from '../../generated/entities.ts';
import type { ProfileInquiryResponse } from '../../generated/methods.ts';
import { isRepresentativeOnly, type BalanceInfoAccess } from '../business/representative-access.ts';

/** Who is signed in: the server-owned identity and the profile the customer edits. */
export interface SignedInCustomer {
  customer: Customer;
  profile: CustomerProfile;
  /** A business user without balance-info access: a representative, who reaches only the company documents. */
  representativeOnly?: boolean;
}

/** Holds the signed-in customer for the layouts and the start-page rules. */
export interface CustomerStore {
  current(): SignedInCustomer | null;
  /** Asks the server (once, however many callers ask at the same time). */
  load(): Promise<SignedInCustomer>;
  /** Takes a profile the server has just saved, so the header shows the new name at once. */
  profileChanged(profile: CustomerProfile): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

/**
 * @example
 * const customer = createCustomerStore(() => rpc('profileInquiry', {}), () => rpc('businessAccessInfo', {}));
 * const { customer: who, representativeOnly } = await customer.load();
 *
 * `accessOf` answers a business user's access (document 002 section 6); without it, or when it fails, the
 * user is not taken for a representative (the server refuses what they may not do all the same).
 */
export function createCustomerStore(inquire: () => Promise<ProfileInquiryResponse>, accessOf?: () => Promise<BalanceInfoAccess>): CustomerStore {
  let current: SignedInCustomer | null = null;
  let loading: Promise<SignedInCustomer> | undefined;
  const listeners = new Set<() => void>();
  const set = (next: SignedInCustomer | null) => {
    current = next;
    listeners.forEach((listener) => listener());
  };
  return {
    current: () => current,
    load() {
      loading ??= inquire()
        .then(async ({ customer, profile }) => {
          const representativeOnly = customer.customerType === 'business' && accessOf ? await accessOf().then(isRepresentativeOnly, () => false) : false;
          const loaded = { customer, profile, ...(representativeOnly ? { representativeOnly } : {}) };
          set(loaded);
          return loaded;
        })
        .finally(() => {
          loading = undefined;
        });
      return loading;
    },
    profileChanged(profile) {
      if (current) set({ ...current, profile });
    },
    clear: () => set(null),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * What the navigation may test of who is signed in (the engine's `liveFacts`): `{ customerType }`, `'personal'`
 * or `'business'`, null until the customer has loaded or after sign-out. The same object while the type stays.
 *
 * @example
 * createScreenRouter({ …, liveFacts: customerFacts(customer) }); // nav.when: { field: customerType, equals: business }
 */
export function customerFacts(store: Pick<CustomerStore, 'current' | 'subscribe'>): {
  current(): { customerType: string | null };
  subscribe(listener: () => void): () => void;
} {
  let facts = { customerType: null as string | null };
  return {
    current() {
      const customerType = store.current()?.customer.customerType ?? null;
      if (customerType !== facts.customerType) facts = { customerType };
      return facts;
    },
    subscribe: (listener) => store.subscribe(listener),
  };
}

/**
 * The name to greet the customer by: their own name, else the company's, else the login e-mail.
 *
 * @example
 * customerName({ customer, profile: { firstName: 'Ana', lastName: 'Popescu' } }); // 'Ana Popescu'
 */
export function customerName({ customer, profile }: SignedInCustomer): string {
  const fullName = [profile.firstName ?? customer.firstName, profile.lastName ?? customer.lastName].filter(Boolean).join(' ');
  return fullName || customer.businessName || customer.login;
}

/**
 * The signed-in customer for a component, loaded on first use (after a reload the store starts empty).
 * A failed load leaves it null: the caller shows the screen without the name rather than failing.
 *
 * @example
 * const signedIn = useCustomer(store);
 * signedIn && customerName(signedIn);
 */
export function useCustomer(store: CustomerStore): SignedInCustomer | null {
  const signedIn = useSyncExternalStore(store.subscribe, store.current);
  useEffect(() => {
    if (!store.current()) store.load().catch(() => undefined);
  }, [store]);
  return signedIn;
}
