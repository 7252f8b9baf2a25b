import { describe, expect, it } from 'vitest';
import { CARD_STATUS, CARD_STATUS_IDS, cardActionAllowed, cardCapabilities, type CardAction, type CardFacts } from './card-status.ts';

const S = CARD_STATUS;
const ALL = [...CARD_STATUS_IDS];
const except = (...ids: number[]) => ALL.filter((id) => !ids.includes(id));

/**
 * The exact set of statuses each action is allowed from, for a virtual and a physical card on
 * standard shipping with no replacement on its way (document 001 section 4).
 */
const ALLOWED: Record<CardAction, { virtual: number[]; physical: number[] }> = {
  confirm: { virtual: [S.submitted], physical: [S.submitted] },
  activate: { virtual: [S.pending], physical: [S.printed, S.shipped] },
  activateWithOrder: { virtual: [S.pending], physical: [] },
  pause: { virtual: [S.active, S.expired], physical: [S.active, S.expired] },
  unpause: { virtual: [S.paused], physical: [S.paused] },
  load: { virtual: [S.active], physical: [S.active] },
  enrollment: { virtual: [S.active], physical: [S.active] },
  block: { virtual: except(S.canceled), physical: except(S.canceled) },
  reissue: { virtual: [S.active, S.limited, S.expired, S.paused, S.fraud], physical: [S.active, S.limited, S.expired, S.paused, S.fraud] },
  upgradeShipping: { virtual: [], physical: [S.submitted, S.processing, S.pendingDocument, S.printing, S.printed] },
  rename: { virtual: except(S.canceled), physical: except(S.canceled) },
  pin: { virtual: [S.active, S.limited, S.paused, S.expired], physical: [S.active, S.limited, S.paused, S.expired] },
  details: { virtual: [S.active, S.limited, S.paused, S.expired], physical: [S.active, S.limited, S.paused, S.expired] },
  balance: { virtual: except(S.submitted), physical: except(S.submitted) },
  history: { virtual: except(S.submitted), physical: except(S.submitted) },
};

const facts = (status: number, extra: Partial<CardFacts> = {}): CardFacts => ({
  status,
  isVirtual: false,
  expressShipping: false,
  hasReplacement: false,
  ...extra,
});

describe('card status rules (every action × every status)', () => {
  it('knows the thirteen status ids of document 001', () => {
    expect([...ALL].sort((a, b) => a - b)).toEqual([0, 2, 4, 18, 19, 20, 21, 23, 27, 38, 41, 65, 71]);
  });

  for (const [action, allowed] of Object.entries(ALLOWED) as [CardAction, (typeof ALLOWED)[CardAction]][]) {
    for (const kind of ['virtual', 'physical'] as const) {
      for (const status of ALL) {
        const expected = allowed[kind].includes(status);
        it(`${action} on a ${kind} card in status ${status}: ${expected ? 'allowed' : 'refused'}`, () => {
          expect(cardActionAllowed(action, facts(status, { isVirtual: kind === 'virtual' }))).toBe(expected);
        });
      }
    }
  }

  it('refuses a reissue in every status while a replacement is on its way', () => {
    for (const status of ALL) expect(cardActionAllowed('reissue', facts(status, { hasReplacement: true }))).toBe(false);
  });

  it('refuses an upgrade in every status once the card ships by express', () => {
    for (const status of ALL) expect(cardActionAllowed('upgradeShipping', facts(status, { expressShipping: true }))).toBe(false);
  });

  it('derives the capabilities from the same rules', () => {
    for (const status of ALL) {
      for (const isVirtual of [true, false]) {
        const card = facts(status, { isVirtual });
        const capabilities = cardCapabilities(card);
        for (const action of Object.keys(capabilities) as (keyof typeof capabilities)[]) {
          expect(capabilities[action], `${action} in ${status}`).toBe(cardActionAllowed(action, card));
        }
      }
    }
  });
});
