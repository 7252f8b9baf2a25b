/**
 * The card lists as their specs draw them (screens/cards.yaml, cards-physical.yaml, cards-virtual.yaml):
 * each card in the brand's colours with its status, a prepaid card linking to its page, a debit card
 * acting in the list as its capabilities allow (cancelling with a question and an idempotency key), and
 * the way to apply when there is no card.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenSpec } from '../../engine/index.ts';
import cardsAll from '../../generated/screens/cards.json';
import cardsPhysical from '../../generated/screens/cards-physical.json';
import cardsVirtual from '../../generated/screens/cards-virtual.json';
import { renderSpecs } from '../testing/render-spec.tsx';
import { noCapabilities, testCard } from './test-cards.ts';

const specs = [cardsAll, cardsPhysical, cardsVirtual] as unknown as ScreenSpec[];

const prepaid = testCard({ accountId: 7, cardIsVirtual: false, productType: 2010, productName: 'Prepaid Mastercard', cardExpiry: '11/29' });
const debit = testCard({
  accountId: 8,
  cardId: 40,
  subType: 'DEBIT',
  cardIsVirtual: false,
  productType: 2020,
  productName: 'Visa debit',
  network: 'VISA',
  capabilities: { ...noCapabilities, pause: true, block: true, pin: true },
});
const closed = testCard({
  accountId: 9,
  cardId: 41,
  cardIsVirtual: true,
  cardAliasName: 'Old shopping',
  accountStatusId: 11,
  cardStatusId: 4,
  balance: '0.00',
});

const tile = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('li') as HTMLElement;

describe('card lists', () => {
  it('draws each physical card with its art and status, and links a prepaid card to its page', async () => {
    renderSpecs(specs, '/cards/physical', { callMethod: async () => ({ cards: [prepaid, debit, closed] }) });
    await screen.findByRole('heading', { level: 2, name: 'Prepaid Mastercard' });
    expect(screen.queryByRole('heading', { name: 'Old shopping' })).toBeNull();
    const card = tile('Prepaid Mastercard');
    expect(card.getAttribute('data-key')).toBe('7');
    expect(within(card).getByText('5355 22•• •••• 1234')).toBeTruthy();
    expect(within(card).getByText('11/29')).toBeTruthy();
    expect(within(card).getByText('Physical')).toBeTruthy();
    expect(within(card).getByText('Mastercard')).toBeTruthy();
    expect(within(card).getByText('$25.00')).toBeTruthy();
    expect(within(card).getByText('Active').getAttribute('data-tone')).toBe('good');
    expect(within(card).getByRole('link', { name: 'Open card Prepaid Mastercard' }).getAttribute('href')).toBe('/cards/7');
    expect(screen.getByRole('link', { name: 'Apply for a card' }).getAttribute('href')).toBe('/add-card?virtual=false'); // the application opens on physical cards
    expect(screen.getByRole('link', { name: 'Virtual cards' }).getAttribute('href')).toBe('/cards/virtual');
  });

  it("offers a debit card's actions in the list, and cancels it after the question with an idempotency key", async () => {
    const callMethod = vi.fn(async (method: string, _params: Record<string, unknown>) => {
      if (method === 'cardList') return { cards: [debit] };
      return { ...debit, cardStatusId: 4, accountStatusId: 11 };
    });
    const notify = vi.fn();
    renderSpecs(specs, '/cards', { callMethod, notify });
    await screen.findByRole('heading', { level: 2, name: 'Visa debit' });
    const card = tile('Visa debit');
    expect(within(card).queryByRole('link', { name: /Open card/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Resume card/ })).toBeNull();
    expect(within(card).getByRole('link', { name: 'PIN Visa debit' }).getAttribute('href')).toBe('/card/8/pin');
    expect(within(card).getByText('Debit')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel card Visa debit' }));
    const question = await screen.findByRole('alertdialog', { name: 'Cancel this card?' });
    expect(question.textContent).toContain('Visa debit will be blocked for good.');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel the card' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('cards.done.cardBlock', expect.anything()));
    const [, params] = callMethod.mock.calls.find(([method]) => method === 'cardBlock')!;
    expect(params).toEqual({ accountId: 8, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('draws a closed card in greys, marked closed, without a way to open it', async () => {
    renderSpecs(specs, '/cards/virtual', { callMethod: async () => ({ cards: [closed] }) });
    await screen.findByRole('heading', { level: 2, name: 'Old shopping' });
    const card = tile('Old shopping');
    expect(card.querySelector('[data-muted]')).not.toBeNull();
    expect(within(card).getByText('Closed')).toBeTruthy();
    expect(within(card).getByText('Cancelled').getAttribute('data-tone')).toBe('bad');
    expect(within(card).queryByRole('link')).toBeNull();
  });

  it('says there is no card and offers to apply', async () => {
    renderSpecs(specs, '/cards', { callMethod: async () => ({ cards: [] }) });
    await screen.findByText(/You have no cards in use yet/);
    expect(screen.getByRole('link', { name: 'Apply for a card' }).getAttribute('href')).toBe('/add-card');
  });
});
