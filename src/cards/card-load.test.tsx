/**
 * Card load as its spec draws it (screens/card-load.yaml): the card's art above; only open payment accounts
 * in the card's currency to load from; the amount named in that currency; the load sent keyed with the
 * card's currency, its code asked by the transfer challenge, and the result said; a card that cannot be
 * loaded says so.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ScreenSpec } from '../../engine/index.ts';
import cardLoad from '../../generated/screens/card-load.json';
import { renderAppSpec } from '../testing/render-app-spec.tsx';
import { noCapabilities, testAccount as account, testCard } from './test-cards.ts';

const FIND = { timeout: 5000 };
const spec = cardLoad as unknown as ScreenSpec;

const accounts = [
  account({ accountId: 21 }),
  account({ accountId: 22, currencyCode: 'USD', currencySymbol: '$' }),
  account({ accountId: 23, accountStatusId: 11 }),
  account({ accountId: 7, type: 2006, subType: 'PREPAID' }),
];

function renderLoad(answer: (method: string, params: Record<string, unknown>) => unknown) {
  return renderAppSpec(spec, '/cards/7/load', answer, { cardDetail: () => null });
}

describe('card load', () => {
  it('loads the card from a payment account in its currency, with the transfer code', async () => {
    const card = testCard({ currencyCode: 'EUR', capabilities: { ...noCapabilities, balance: true, load: true } });
    const waiting = {
      operationId: 41,
      transactionId: 9041,
      status: 'awaitingConfirmation',
      approveType: 'sms',
      approvalSentTo: '+44 ••• 123',
      availableApprovalMethods: ['sms'],
      amount: '40.00',
      fee: '0.00',
      currencyCode: 'EUR',
    };
    const call = renderLoad((method) => {
      if (method === 'cardGet') return card;
      if (method === 'balanceInquiry') return { accounts };
      if (method === 'cardLoad') return waiting;
      if (method === 'transferApprove') return { ...waiting, status: 'completed' };
      throw new Error(`unexpected ${method}`);
    });
    const from = (await screen.findByLabelText(/From account/, {}, FIND)) as HTMLSelectElement;
    await waitFor(() => expect([...from.options].map((option) => option.value).filter(Boolean)).toEqual(['21']));
    expect(screen.getAllByText('5355 22•• •••• 1234').length).toBeGreaterThan(0);
    const amount = await screen.findByLabelText(/Amount in EUR/, {}, FIND);
    fireEvent.change(from, { target: { value: '21' } });
    fireEvent.change(amount, { target: { value: '40.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Load card' }));
    // The confirmation names the card, the amount and the paying account by currency, name and masked number.
    const review = await screen.findByRole('dialog', { name: 'Check and confirm' }, FIND);
    expect(within(review).getByText('€40.00')).toBeTruthy();
    expect(within(review).getByText(/^EUR · Payment · ••\s0021$/)).toBeTruthy();
    expect(within(review).getByText(/5355 22•• •••• 1234/)).toBeTruthy();
    expect(call).not.toHaveBeenCalledWith('cardLoad', expect.anything());
    fireEvent.click(within(review).getByRole('button', { name: 'Load card' }));
    const approval = await screen.findByRole('dialog', { name: 'Confirm the transfer' }, FIND);
    const [, params] = call.mock.calls.find(([method]) => method === 'cardLoad')!;
    expect(params).toEqual({ accountId: 7, currency: 'EUR', fromAccountId: 21, amount: '40.00', idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    fireEvent.change(within(approval).getByLabelText(/Confirmation code/), { target: { value: '123456' } });
    fireEvent.click(within(approval).getByRole('button', { name: 'Confirm' }));
    const receipt = await screen.findByRole('alertdialog', { name: 'Transfer sent' }, FIND);
    expect(call).toHaveBeenCalledWith('transferApprove', { trxid: 41, approvalCode: '123456' });
    // The receipt keeps the figures the confirmation answered, and leads to the ledger transaction's page.
    expect(within(receipt).getByText('€40.00')).toBeTruthy();
    expect(within(receipt).getByRole('link', { name: 'View details' }).getAttribute('href')).toBe('/history/9041');
    expect(within(receipt).getByRole('button', { name: 'Download receipt (PDF)' })).toBeTruthy();
    expect(within(receipt).getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('says which account a card in a currency the customer holds no account in needs', async () => {
    const card = testCard({ currencyCode: 'GBP', capabilities: { ...noCapabilities, load: true } });
    renderLoad((method) => (method === 'cardGet' ? card : { accounts }));
    const from = (await screen.findByLabelText(/From account/, {}, FIND)) as HTMLSelectElement;
    await waitFor(() => expect([...from.options].map((option) => option.textContent)).toEqual(['You need a payment account in GBP to load this card.']));
    expect(screen.getByLabelText(/Amount in GBP/)).toBeTruthy();
  });

  it('refuses an empty amount on its field and sends nothing', async () => {
    const card = testCard({ currencyCode: 'EUR', capabilities: { ...noCapabilities, load: true } });
    const call = renderLoad((method) => (method === 'cardGet' ? card : method === 'balanceInquiry' ? { accounts } : {}));
    const amount = await screen.findByLabelText(/Amount in EUR/, {}, FIND);
    fireEvent.click(screen.getByRole('button', { name: 'Load card' }));
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(call).not.toHaveBeenCalledWith('cardLoad', expect.anything());
  });

  it('says loading is not open to a card whose capabilities leave it out', async () => {
    const card = testCard({ capabilities: { ...noCapabilities, pause: true } });
    renderLoad((method) => (method === 'cardGet' ? card : { accounts }));
    expect(await screen.findByText('This is not available for this card in its present state.', {}, FIND)).toBeTruthy();
    expect(screen.queryByLabelText(/From account/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the card' }).getAttribute('href')).toBe('/cards/7');
  });
});
