import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../generated/entities.ts';
import { AFTER_BUSINESS_REGISTRATION, afterAuthorizeAnswer, AFTER_SMS_CONFIRMED_LOGIN } from '../navigation/redirect-rules.ts';
import { keepLoginResult, storedSeiPath, storeSeiPath } from '../navigation/stored-paths.ts';
import type { CustomerStore, SignedInCustomer } from './customer-store.ts';
import { createGuards, type GuardName } from './guards.ts';
import { takeRememberedPath } from './remembered-path.ts';
import type { Session } from './session.ts';

function fakeSession(signedIn: boolean, refreshes = true): Session {
  return {
    resume: vi.fn(),
    signIn: vi.fn(),
    adopt: vi.fn(),
    signOut: vi.fn(),
    expire: vi.fn(),
    isSignedIn: () => signedIn,
    accessToken: vi.fn(),
    refresh: vi.fn(async () => refreshes),
  };
}

const anna: Customer = { userId: 1, customerId: 10, login: 'anna@example.com', customerType: 'personal', verified: true, limited: false, isAdmin: false };

function fakeCustomer(customer: Partial<Customer> | null): CustomerStore {
  const signedIn: SignedInCustomer | null = customer ? { customer: { ...anna, ...customer }, profile: {} } : null;
  return {
    current: () => signedIn,
    load: vi.fn(async () => {
      if (!signedIn) throw new Error('not loaded');
      return signedIn;
    }),
    profileChanged: vi.fn(),
    clear: vi.fn(),
    subscribe: () => () => undefined,
  };
}

beforeEach(() => {
  sessionStorage.clear();
});

interface Row {
  rule: string;
  guard: GuardName;
  signedIn: boolean;
  customer?: Partial<Customer> | null;
  path: string;
  /** Prepares the tab's storage. */
  given?: (storage: Storage) => void;
  expected: string | null;
  /** What the tab's storage holds afterwards. */
  then?: (storage: Storage) => void;
}

const SEI = '/auth/sei?client_id=ledgerly&redirect_uri=https%3A%2F%2Fledgerly.example%2Fcb';

const rows: Row[] = [
  {
    rule: 'main area, not logged in: the path is remembered and the user goes to login',
    guard: 'authenticated',
    signedIn: false,
    path: '/history?keyword=rent',
    expected: '/login',
    then: (storage) => expect(takeRememberedPath(storage)).toBe('/history?keyword=rent'),
  },
  { rule: 'main area, logged in: the screen opens', guard: 'authenticated', signedIn: true, customer: {}, path: '/home', expected: null },
  {
    rule: 'logged in with a stored /auth/sei path: the user goes there',
    guard: 'authenticated',
    signedIn: true,
    customer: { isNeedKyc: true },
    path: '/home',
    given: (storage) => storeSeiPath(SEI, storage),
    expected: SEI,
  },
  {
    rule: 'logged in, KYC needed (personal): the KYC page',
    guard: 'authenticated',
    signedIn: true,
    customer: { isNeedKyc: true },
    path: '/history',
    expected: '/kyc',
  },
  {
    rule: 'logged in, KYC needed (acting for a company): the business KYC page',
    guard: 'authenticated',
    signedIn: true,
    customer: { isNeedKyc: true, customerType: 'business' },
    path: '/home',
    expected: '/kyc?variant=business',
  },
  {
    rule: 'KYC needed, already on the KYC page: it opens',
    guard: 'authenticated',
    signedIn: true,
    customer: { isNeedKyc: true },
    path: '/kyc',
    expected: null,
  },
  {
    rule: 'KYC needed, admin viewing: no redirect',
    guard: 'authenticated',
    signedIn: true,
    customer: { isNeedKyc: true, isAdmin: true },
    path: '/home',
    expected: null,
  },
  {
    rule: 'customer cannot be loaded: the screen opens and shows its own error',
    guard: 'authenticated',
    signedIn: true,
    customer: null,
    path: '/home',
    expected: null,
  },
  {
    rule: '/unverified-account, verified: home',
    guard: 'unverifiedAccount',
    signedIn: true,
    customer: { verified: true },
    path: '/unverified-account',
    expected: '/home',
  },
  {
    rule: '/unverified-account, not verified: it opens',
    guard: 'unverifiedAccount',
    signedIn: true,
    customer: { verified: false },
    path: '/unverified-account',
    expected: null,
  },
  { rule: '/unverified-account, not logged in: login', guard: 'unverifiedAccount', signedIn: false, path: '/unverified-account', expected: '/login' },
  {
    rule: '/unverified-account, KYC needed: KYC first',
    guard: 'unverifiedAccount',
    signedIn: true,
    customer: { verified: false, isNeedKyc: true },
    path: '/unverified-account',
    expected: '/kyc',
  },
  {
    rule: '/self-certification-business-splash, personal customer: home',
    guard: 'businessCustomer',
    signedIn: true,
    customer: {},
    path: '/self-certification-business-splash',
    expected: '/home',
  },
  {
    rule: '/self-certification-business-splash, business customer: it opens',
    guard: 'businessCustomer',
    signedIn: true,
    customer: { customerType: 'business' },
    path: '/self-certification-business-splash',
    expected: null,
  },
  {
    rule: '/self-certification-business-splash, not logged in: login',
    guard: 'businessCustomer',
    signedIn: false,
    path: '/self-certification-business-splash',
    expected: '/login',
  },
  { rule: '/scp without a login result: login', guard: 'loginResult', signedIn: false, path: '/scp', expected: '/login' },
  {
    rule: '/scp with a login result of this tab: it opens',
    guard: 'loginResult',
    signedIn: false,
    path: '/scp',
    given: (storage) => keepLoginResult({ authFlow: 'verifyDevice' }, storage),
    expected: null,
  },
  { rule: '/scp when signed in: it opens', guard: 'loginResult', signedIn: true, path: '/scp', expected: null },
  {
    rule: '/self-certification-representative without an auth secret: login',
    guard: 'authSecret',
    signedIn: false,
    path: '/self-certification-representative',
    expected: '/login',
  },
  {
    rule: '/self-certification-representative with an auth secret in the query: it opens and keeps it',
    guard: 'authSecret',
    signedIn: false,
    path: '/self-certification-representative?authSecret=s3cret',
    expected: null,
    then: (storage) => expect(storage.getItem('navigation.authSecret')).toBe('s3cret'),
  },
  {
    rule: '/self-certification-representative with a kept auth secret: it opens with the secret back in the query',
    guard: 'authSecret',
    signedIn: false,
    path: '/self-certification-representative',
    given: (storage) => storage.setItem('navigation.authSecret', 'kept'),
    expected: '/self-certification-representative?authSecret=kept',
  },
  {
    rule: '/auth/sei, not logged in: the address is stored and login is forced',
    guard: 'seiAuthorize',
    signedIn: false,
    path: SEI,
    expected: '/login',
    then: (storage) => expect(storedSeiPath(storage)).toBe(SEI),
  },
  {
    rule: '/auth/sei, logged in: it opens and the stored address is used up',
    guard: 'seiAuthorize',
    signedIn: true,
    path: SEI,
    given: (storage) => storeSeiPath(SEI, storage),
    expected: null,
    then: (storage) => expect(storedSeiPath(storage)).toBeNull(),
  },
  { rule: 'restricted screen, not logged in: login', guard: 'signedIn', signedIn: false, path: '/company-selection', expected: '/login' },
  {
    rule: 'restricted screen, logged in (KYC is decided after the company): it opens',
    guard: 'signedIn',
    signedIn: true,
    customer: { isNeedKyc: true },
    path: '/company-selection',
    expected: null,
  },
  {
    rule: 'a path leaving the application is never remembered',
    guard: 'authenticated',
    signedIn: false,
    path: '//evil.example/x',
    expected: '/login',
    then: (storage) => expect(takeRememberedPath(storage)).toBeNull(),
  },
];

describe('guard and redirect rules of document 000 section 2', () => {
  it.each(rows)('$rule', async ({ guard, signedIn, customer, path, given, expected, then }) => {
    given?.(sessionStorage);
    // '//host/x' is what a crafted link may carry as a pathname; URL would read it as a host.
    const url = path.startsWith('//') ? { pathname: path, search: '' } : new URL(path, 'https://bank.example');
    const guards = createGuards(fakeSession(signedIn), sessionStorage, customer === undefined ? {} : { customer: fakeCustomer(customer) });
    expect(await guards[guard]({ pathname: url.pathname, search: url.search, params: {} })).toBe(expected);
    then?.(sessionStorage);
  });
});

describe('a representative (document 002 section 6: a business user without balance-info access)', () => {
  const representative = (representativeOnly: boolean): CustomerStore => {
    const store = fakeCustomer({ customerType: 'business' });
    const signedIn = { ...store.current()!, representativeOnly };
    return { ...store, current: () => signedIn };
  };
  const target = async (path: string, representativeOnly = true) => {
    const { authenticated, businessCustomer } = createGuards(fakeSession(true), sessionStorage, { customer: representative(representativeOnly) });
    const context = { pathname: path, search: '', params: {} };
    const [main, company] = await Promise.all([authenticated(context), businessCustomer(context)]);
    expect(company).toBe(main);
    return main;
  };

  it('goes to the company documents from any other page of the main area', async () => {
    for (const path of ['/home', '/transfer', '/company', '/company/info', '/company-access', '/company/resolution']) {
      expect(await target(path)).toBe('/company-documents');
    }
  });

  it('opens the company documents, their uploads and the representatives', async () => {
    for (const path of ['/company-documents', '/company-documents/upload', '/company/documents', '/company/representatives/4']) {
      expect(await target(path)).toBeNull();
    }
  });

  it('does not hold back a business user with balance-info access', async () => {
    expect(await target('/home', false)).toBeNull();
  });
});

describe('guard anonymous (sign-in)', () => {
  it('opens sign-in for a signed-out visitor', async () => {
    const session = fakeSession(false);
    const { anonymous } = createGuards(session, sessionStorage);
    expect(await anonymous({ pathname: '/login', search: '', params: {} })).toBeNull();
    expect(session.refresh).not.toHaveBeenCalled();
  });

  it('sends a signed-in user home after a token refresh', async () => {
    const session = fakeSession(true);
    const { anonymous } = createGuards(session, sessionStorage);
    expect(await anonymous({ pathname: '/login', search: '', params: {} })).toBe('/home');
    expect(session.refresh).toHaveBeenCalledOnce();
  });

  it('opens sign-in when the refresh is refused', async () => {
    const { anonymous } = createGuards(fakeSession(true, false), sessionStorage);
    expect(await anonymous({ pathname: '/login', search: '', params: {} })).toBeNull();
  });
});

describe('redirect rules that follow an answer', () => {
  it.each([
    ['authorize call answered 404: the root path', afterAuthorizeAnswer(404), '/'],
    ['authorize call answered 400: stay and show it', afterAuthorizeAnswer(400), null],
    ['after a business registration: the root path', AFTER_BUSINESS_REGISTRATION, '/'],
    ['after an sms-confirmed login: the accounts page', AFTER_SMS_CONFIRMED_LOGIN, '/home'],
  ])('%s', (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
