import { describe, expect, it } from 'vitest';
import manifest from '../../screens/registry.json' with { type: 'json' };
import type { Brand } from '../../generated/entities.ts';
import { createSessionActions } from '../session/actions.ts';
import type { CustomerStore } from '../session/customer-store.ts';
import type { Session } from '../session/session.ts';
import type { TokenService } from '../transport/token-service.ts';
import { appActions, appAnswerRules, appChallenges, appStores, components, createAppGuards, valueChecks, widgets } from './registry.ts';

// Building the guards and actions only closes over these; nothing is called until a guard or action runs.
const session = {} as Session;
const customer = {} as CustomerStore;
const guards = createAppGuards({ session, storage: sessionStorage, customer, brand: {} as Brand, listCards: async () => ({ cards: [] }) });
const actions = appActions(createSessionActions(session, customer, sessionStorage, {} as TokenService), {
  session,
  customer,
  rpc: async () => ({}) as never,
  t: (key) => key,
  storage: sessionStorage,
  tokenService: {} as TokenService,
});

/** Both directions at once, so a failure says which side lacks which name. */
function difference(registered: object, listed: object) {
  const inApp = Object.keys(registered);
  const inManifest = Object.keys(listed);
  return {
    registeredButNotListed: inApp.filter((name) => !inManifest.includes(name)).sort(),
    listedButNotRegistered: inManifest.filter((name) => !inApp.includes(name)).sort(),
  };
}

describe('screens/registry.json lists exactly what the application registers with the engine', () => {
  it.each([
    ['guards', guards, manifest.guards],
    ['actions', actions, manifest.actions],
    ['components', components, manifest.components],
    ['widgets', widgets, manifest.widgets],
    ['challenges', appChallenges(async () => ({}) as never, { session, t: (key) => key }), manifest.challenges],
    ['stores', appStores(), manifest.stores],
    ['valueChecks', valueChecks, manifest.valueChecks],
    ['answerRules', appAnswerRules({ registrationBusinessTypes: [] } as unknown as Brand, async () => ({}) as never), manifest.answerRules],
  ])('%s', (_kind, registered, listed) => {
    expect(difference(registered, listed)).toEqual({ registeredButNotListed: [], listedButNotRegistered: [] });
  });
});
