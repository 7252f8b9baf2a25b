/**
 * The card actions as their specs draw them (screens/card-rename.yaml, card-cancel.yaml, card-reissue.yaml):
 * the card's art above, each action offered only where the server's answer allows it, the name starting
 * from the card's, the cancel asked once more and keyed, the reissue's express shipping with its fee and
 * delivery where the card's country offers it, and why not where it does not; an application's summary with
 * the fees of the country it was applied for, confirmed once.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenSpec } from '../../engine/index.ts';
import cardCancel from '../../generated/screens/card-cancel.json';
import confirmCard from '../../generated/screens/confirm-card.json';
import cardReissue from '../../generated/screens/card-reissue.json';
import cardRename from '../../generated/screens/card-rename.json';
import { renderSpecs } from '../testing/render-spec.tsx';
import { noCapabilities, testCard } from './test-cards.ts';

const specs = [cardRename, cardCancel, cardReissue, confirmCard] as unknown as ScreenSpec[];
const FIND = { timeout: 5000 };

const active = testCard({
  accountId: 7,
  cardAliasName: 'Travel',
  capabilities: { ...noCapabilities, balance: true, rename: true, block: true, reissue: true },
});

describe('card actions', () => {
  it('renames the card, starting from its name', async () => {
    const callMethod = vi.fn(async (method: string, _params: Record<string, unknown>) =>
      method === 'cardGet' ? active : { ...active, cardAliasName: 'Online' },
    );
    const notify = vi.fn();
    const { router } = renderSpecs(specs, '/cards/7/rename', { callMethod, notify });
    const name = (await screen.findByLabelText(/Card name/, {}, FIND)) as HTMLInputElement;
    expect(name.value).toBe('Travel');
    expect(screen.getAllByText('5355 22•• •••• 1234').length).toBeGreaterThan(0);
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(callMethod).not.toHaveBeenCalledWith('cardSetAlias', expect.anything());
    fireEvent.change(name, { target: { value: 'Online' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('cardSetAlias', { accountId: 7, cardAliasName: 'Online' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cards/7'));
    expect(notify).toHaveBeenCalledWith('cards.done.cardSetAlias', expect.anything());
  });

  it('says renaming is not open to a card whose capabilities leave it out', async () => {
    const callMethod = vi.fn(async () => testCard({ accountId: 7, capabilities: { ...noCapabilities, block: true } }));
    renderSpecs(specs, '/cards/7/rename', { callMethod });
    expect(await screen.findByText('This is not available for this card in its present state.', {}, FIND)).toBeTruthy();
    expect(screen.queryByLabelText(/Card name/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the card' }).getAttribute('href')).toBe('/cards/7');
  });

  it('cancels the card after the question, with an idempotency key, and goes to the cards', async () => {
    const callMethod = vi.fn(async (method: string, _params: Record<string, unknown>) =>
      method === 'cardGet' ? active : { ...active, cardStatusId: 4, accountStatusId: 11 },
    );
    const { router } = renderSpecs(specs, '/cards/7/cancel', { callMethod });
    const cancel = await screen.findByRole('button', { name: 'Cancel card' }, FIND);
    expect(screen.getByText('$25.00', { selector: 'dd, dd *' })).toBeTruthy();
    fireEvent.click(cancel);
    const question = await screen.findByRole('alertdialog', { name: 'Cancel this card?' });
    expect(question.textContent).toContain('5355 22•• •••• 1234 will be blocked for good.');
    expect(callMethod).not.toHaveBeenCalledWith('cardBlock', expect.anything());
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel the card' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cards'));
    const [, params] = callMethod.mock.calls.find(([method]) => method === 'cardBlock')!;
    expect(params).toEqual({ accountId: 7, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('offers express shipping with its fee and delivery, and sends the choice with an idempotency key', async () => {
    const physical = testCard({ ...active, cardIsVirtual: false });
    const quote = {
      accountId: 7,
      reissueAllowed: true,
      cardIsVirtual: false,
      expressOffered: true,
      expressFee: '25.00',
      currencyCode: 'EUR',
      minWorkingDays: 2,
      maxWorkingDays: 4,
    };
    const callMethod = vi.fn(async (method: string, _params: Record<string, unknown>) =>
      method === 'cardGet' ? physical : method === 'cardReissueQuote' ? quote : { ...physical, cardReissuedStatusId: 19 },
    );
    const { router } = renderSpecs(specs, '/cards/7/reissue', { callMethod });
    const express = await screen.findByRole('checkbox', { name: /Express shipping/ }, FIND);
    expect(screen.getByText('A new card is sent to your address. The old card keeps working until you activate the new one.')).toBeTruthy();
    expect(await screen.findByText('€25.00', {}, FIND)).toBeTruthy();
    expect(screen.getByText('2 to 4 working days')).toBeTruthy();
    fireEvent.click(express);
    fireEvent.click(screen.getByRole('button', { name: 'Reissue card' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cards/7'));
    const [, params] = callMethod.mock.calls.find(([method]) => method === 'cardReissue')!;
    expect(params).toEqual({ accountId: 7, isExpressShipping: true, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('says why express shipping is not offered, and reissues by standard shipping', async () => {
    const physical = testCard({ ...active, cardIsVirtual: false });
    const quote = {
      accountId: 7,
      reissueAllowed: true,
      cardIsVirtual: false,
      expressOffered: false,
      currencyCode: 'EUR',
      expressDisabledReason: 'expressUnavailableInCountry',
    };
    const callMethod = vi.fn(async (method: string, _params: Record<string, unknown>) =>
      method === 'cardGet' ? physical : method === 'cardReissueQuote' ? quote : physical,
    );
    renderSpecs(specs, '/cards/7/reissue', { callMethod });
    expect(await screen.findByText('Express couriers do not deliver cards to this country.', {}, FIND)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Express shipping/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reissue card' }));
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('cardReissue', { accountId: 7, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) }));
  });

  it('sums up an application with the fees of its country, confirms it and opens the card', async () => {
    const submitted = testCard({
      cardId: 50,
      accountId: 9,
      productType: 2010,
      productName: 'Prepaid Mastercard',
      cardIsVirtual: false,
      cardStatusId: 0,
      countryCode: 'RO',
      currencyCode: 'EUR',
      shippingOptionId: 'standard',
      maskedCardNumber: undefined,
      capabilities: { ...noCapabilities, confirm: true },
    });
    const fees = { annual: '45.00', issue: '20.00', monthly: '4.50', shipping: '0', currency: 'RON', minWorkingDays: 10, maxWorkingDays: 15 };
    const callMethod = vi.fn(async (method: string, _params: Record<string, unknown>) =>
      method === 'cardConfirmation' ? { card: submitted, fees } : { accountId: 9, card: { ...submitted, cardStatusId: 19 } },
    );
    const { router } = renderSpecs(specs, '/confirm-card/50', { callMethod });
    const fee = await screen.findByRole('heading', { name: 'Fees' }, FIND);
    const table = fee.closest('section') as HTMLElement;
    expect((await within(table).findByText(/45\.00/, {}, FIND)).textContent).toMatch(/RON|lei/);
    expect(within(table).getByText('10 to 15 working days')).toBeTruthy();
    expect(callMethod).toHaveBeenCalledWith('cardConfirmation', { cardId: '50' });
    expect(await screen.findByText('Romania', {}, FIND)).toBeTruthy();
    expect(screen.getByText('Prepaid Mastercard · Prepaid')).toBeTruthy();
    expect(screen.getByText('Once confirmed, your card is printed and sent to you; activate it when it arrives.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cards/9'));
    expect(callMethod).toHaveBeenCalledWith('cardConfirm', { cardId: 50, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('confirms a virtual card into a receipt: active at once, its PIN shown once, and loading it offered', async () => {
    const submitted = testCard({
      cardId: 51,
      accountId: 12,
      cardIsVirtual: true,
      cardStatusId: 0,
      maskedCardNumber: undefined,
      capabilities: { ...noCapabilities, confirm: true },
    });
    const active = testCard({ cardId: 51, accountId: 12, cardIsVirtual: true, cardStatusId: 2, maskedCardNumber: '5355 22•• •••• 4321' });
    let confirmed = false;
    const callMethod = vi.fn(async (method: string, _params: Record<string, unknown>) => {
      if (method === 'cardConfirm') {
        confirmed = true;
        return { accountId: 12, card: active, pinCode: '4812' };
      }
      return { card: confirmed ? active : submitted, fees: { annual: '10.54', issue: '4.69', monthly: '1.17', currency: 'EUR' } };
    });
    renderSpecs(specs, '/confirm-card/51', { callMethod });
    expect(
      await screen.findByText('Once confirmed, your virtual card is issued and ready to use at once: its fees are paid from the account above.', {}, FIND),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const receipt = await screen.findByRole('alertdialog', { name: 'Your virtual card is ready' }, FIND);
    expect(within(receipt).getByText('4812')).toBeTruthy();
    expect(within(receipt).getByRole('link', { name: 'Load money onto the card' }).getAttribute('href')).toBe('/cards/12/load');
    expect(callMethod).toHaveBeenCalledWith('cardConfirm', { cardId: 51, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('says an application already confirmed is so, and offers no second confirmation', async () => {
    const confirmed = testCard({ cardId: 50, accountId: 9, cardStatusId: 23, capabilities: { ...noCapabilities, activate: true } });
    renderSpecs(specs, '/confirm-card/50', {
      callMethod: async () => ({ card: confirmed, fees: { annual: '9.00', issue: '5.00', monthly: '1.00', currency: 'GBP' } }),
    });
    expect(await screen.findByText('This application is already confirmed.', {}, FIND)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the card' }).getAttribute('href')).toBe('/cards/9');
  });
});
