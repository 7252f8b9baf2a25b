import { describe, expect, it, vi } from 'vitest';
import { cardGuards } from './card-guards.ts';
import { testCard } from './test-cards.ts';

const context = (pathname: string, params: Record<string, string> = {}) => ({ pathname, search: '', params });

describe('card guards', () => {
  it('lets the main-area guard decide first (signed out: sign in) without reading cards', async () => {
    const list = vi.fn(async () => ({ cards: [] }));
    const guards = cardGuards(() => '/login', list);
    expect(await guards.cards(context('/cards'))).toBe('/login');
    expect(await guards.cardDetail(context('/cards/7', { accountId: '7' }))).toBe('/login');
    expect(list).not.toHaveBeenCalled();
  });

  it('/cards: stays without cards, goes to the only card, or to the physical list', async () => {
    expect(
      await cardGuards(
        () => null,
        async () => ({ cards: [] }),
      ).cards(context('/cards')),
    ).toBeNull();
    expect(
      await cardGuards(
        () => null,
        async () => ({ cards: [testCard({ accountId: 7 })] }),
      ).cards(context('/cards')),
    ).toBe('/cards/7');
    const both = [testCard({ accountId: 7 }), testCard({ accountId: 9, cardId: 32, cardIsVirtual: false })];
    expect(
      await cardGuards(
        () => null,
        async () => ({ cards: both }),
      ).cards(context('/cards')),
    ).toBe('/cards/physical');
  });

  it('card detail: opens an own open prepaid card; a debit or closed card, or a bad id, goes to the list or home', async () => {
    const cards = [
      testCard({ accountId: 7 }),
      testCard({ accountId: 8, cardId: 33, subType: 'DEBIT' }),
      testCard({ accountId: 9, cardId: 34, accountStatusId: 11 }),
    ];
    const guards = cardGuards(
      () => null,
      async () => ({ cards }),
    );
    expect(await guards.cardDetail(context('/cards/7', { accountId: '7' }))).toBeNull();
    expect(await guards.cardDetail(context('/cards/8', { accountId: '8' }))).toBe('/cards');
    expect(await guards.cardDetail(context('/cards/9/activate', { accountId: '9' }))).toBe('/cards');
    expect(await guards.cardDetail(context('/cards/abc', { accountId: 'abc' }))).toBe('/cards');
    const one = cardGuards(
      () => null,
      async () => ({ cards: [testCard({ accountId: 8, subType: 'DEBIT' })] }),
    );
    expect(await one.cardDetail(context('/cards/8', { accountId: '8' }))).toBe('/home');
  });

  it('opens the screen (which says so) when the cards cannot be read', async () => {
    const guards = cardGuards(
      () => null,
      async () => Promise.reject(new Error('offline')),
    );
    expect(await guards.cards(context('/cards'))).toBeNull();
    expect(await guards.cardDetail(context('/cards/7', { accountId: '7' }))).toBeNull();
  });
});
