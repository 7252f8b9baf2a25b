import { describe, expect, it } from 'vitest';
import { cardDetailTarget, cardsTarget, type CardAccountFacts } from './card-routing.ts';

/** A card account: open prepaid unless said otherwise. */
const card = (accountId: number, kind: 'virtual' | 'physical', over: Partial<CardAccountFacts> = {}): CardAccountFacts => ({
  accountId,
  closed: false,
  prepaid: true,
  virtual: kind === 'virtual',
  ...over,
});

describe('cardsTarget (document 000 section 2, /cards)', () => {
  const cases: Array<[string, CardAccountFacts[], string | null]> = [
    ['no cards: stays', [], null],
    ['only one virtual: its detail', [card(7, 'virtual')], '/cards/7'],
    ['only virtual, two of them: the virtual list', [card(7, 'virtual'), card(8, 'virtual')], '/cards/virtual'],
    ['only one physical: its detail', [card(9, 'physical')], '/cards/9'],
    ['only physical, two of them: the physical list', [card(9, 'physical'), card(10, 'physical')], '/cards/physical'],
    ['one of each: the physical list (the other kind exists)', [card(7, 'virtual'), card(9, 'physical')], '/cards/physical'],
    ['two physical and a virtual: the physical list', [card(9, 'physical'), card(10, 'physical'), card(7, 'virtual')], '/cards/physical'],
    ['a closed physical is ignored: the only virtual', [card(9, 'physical', { closed: true }), card(7, 'virtual')], '/cards/7'],
    ['closed ones only: stays', [card(9, 'physical', { closed: true }), card(7, 'virtual', { closed: true })], null],
    ['a debit physical is ignored: the only virtual', [card(9, 'physical', { prepaid: false }), card(7, 'virtual')], '/cards/7'],
    ['debit ones only: stays', [card(9, 'physical', { prepaid: false }), card(7, 'virtual', { prepaid: false })], null],
    ['a closed virtual beside one physical: that physical', [card(9, 'physical'), card(7, 'virtual', { closed: true })], '/cards/9'],
    ['a debit virtual beside one physical: that physical', [card(9, 'physical'), card(7, 'virtual', { prepaid: false })], '/cards/9'],
  ];
  it.each(cases)('%s', (_name, cards, target) => {
    expect(cardsTarget(cards)).toBe(target);
  });
});

describe('cardDetailTarget (document 000 section 2, card detail)', () => {
  const cases: Array<[string, CardAccountFacts[], number, string | null]> = [
    ['own open prepaid card: opens', [card(7, 'virtual')], 7, null],
    ['own open prepaid physical among several: opens', [card(7, 'virtual'), card(9, 'physical')], 9, null],
    ['closed card, the only card account: home', [card(7, 'virtual', { closed: true })], 7, '/home'],
    ['closed card among two card accounts: the list', [card(7, 'virtual', { closed: true }), card(9, 'physical')], 7, '/cards'],
    ['debit card, the only card account: home', [card(7, 'physical', { prepaid: false })], 7, '/home'],
    ['debit card among two card accounts: the list', [card(7, 'physical', { prepaid: false }), card(9, 'physical')], 7, '/cards'],
    ['unknown id, no card accounts: home', [], 99, '/home'],
    ['unknown id, one card account: home', [card(7, 'virtual')], 99, '/home'],
    ['unknown id, two card accounts: the list', [card(7, 'virtual'), card(9, 'physical')], 99, '/cards'],
    [
      'unknown id, three card accounts (closed count): the list',
      [card(7, 'virtual'), card(9, 'physical', { closed: true }), card(10, 'physical', { prepaid: false })],
      99,
      '/cards',
    ],
  ];
  it.each(cases)('%s', (_name, cards, accountId, target) => {
    expect(cardDetailTarget(cards, accountId)).toBe(target);
  });
});
