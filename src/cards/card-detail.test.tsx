/**
 * One card's page as its spec draws it (screens/card-detail.yaml): only the actions its capabilities
 * allow; express shipping after a question, with an idempotency key; the full number behind the step-up
 * code, hidden on request; its history 10 a page.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenSpec } from '../../engine/index.ts';
import { MethodCallError } from '../../engine/index.ts';
import cardDetail from '../../generated/screens/card-detail.json';
import { stepUpChallenge } from '../app/step-up-challenge.ts';
import { renderSpecs } from '../testing/render-spec.tsx';
import { noCapabilities, testCard } from './test-cards.ts';

const specs = [cardDetail] as unknown as ScreenSpec[];
const FIND = { timeout: 5000 };
const emptyHistory = { authorizations: [], total: 0, pageNumber: 1, pageSize: 10 };
const challenge = {
  status: 'awaitingConfirmation',
  requestId: '55',
  approveType: 'sms',
  approvalSentTo: '+44 ••• 89',
  availableApprovalMethods: ['sms'],
  expiresInSeconds: 300,
};

function server(card: ReturnType<typeof testCard>, more: (method: string, params: Record<string, unknown>) => unknown = () => undefined) {
  return vi.fn(async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    const answer = await more(method, params);
    if (answer !== undefined) return answer;
    if (method === 'cardGet') return card;
    if (method === 'cardAuthorizationList') return emptyHistory;
    throw new Error(`unexpected ${method}`);
  });
}

const actions = () => screen.findByRole('region', { name: 'Card actions' }, FIND);

describe('card detail', () => {
  it('offers only the actions the capabilities allow, and shows the facts', async () => {
    const card = testCard({
      capabilities: {
        ...noCapabilities,
        balance: true,
        history: true,
        load: true,
        pause: true,
        pin: true,
        rename: true,
        block: true,
        details: true,
        reissue: true,
      },
    });
    renderSpecs(specs, '/cards/7', { callMethod: server(card) });
    const region = await actions();
    expect(within(region).getByRole('link', { name: 'Load card' }).getAttribute('href')).toBe('/cards/7/load');
    expect(within(region).getByRole('button', { name: 'Pause card' })).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'PIN' }).getAttribute('href')).toBe('/card/7/pin');
    expect(within(region).getByRole('link', { name: 'Change name' }).getAttribute('href')).toBe('/cards/7/rename');
    expect(within(region).getByRole('link', { name: 'Reissue' }).getAttribute('href')).toBe('/cards/7/reissue');
    expect(within(region).getByRole('link', { name: 'Cancel card' }).getAttribute('href')).toBe('/cards/7/cancel');
    expect(within(region).queryByRole('button', { name: 'Resume card' })).toBeNull();
    expect(within(region).queryByRole('link', { name: 'Activate' })).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Upgrade to express shipping' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Show card details' })).toBeTruthy();
    expect(await screen.findByText('No card payments yet.', {}, FIND)).toBeTruthy();
    const status =
      document.querySelector('main [data-field="cardStatusId"] [data-value]') ?? document.querySelector('[data-field="cardStatusId"] [data-value]');
    expect(status?.getAttribute('data-value')).toBe('2');
    expect(document.querySelector('dd[data-field="maskedCardNumber"]')?.textContent).toBe('5355 22•• •••• 1234');
    expect(document.querySelector('[data-field="balance"]')?.textContent).toBe('$25.00');
    expect(document.querySelector('[data-field="subType"]')?.textContent).toBe('Virtual prepaid Mastercard · Prepaid · USD');
    expect(document.querySelector('[data-field="expressShipping"]')).toBeNull();
    expect(document.querySelector('[data-field="settlementAccountNumber"]')?.textContent).toBe('USD payment account •• 0003');
    expect(document.querySelector('[data-field="settlementAccountId"]')).toBeNull();
  });

  it('a paused card offers resume and not pause; resuming offers pause again', async () => {
    let current = testCard({ cardStatusId: 71, capabilities: { ...noCapabilities, balance: true, unpause: true, block: true } });
    const callMethod = server(current, (method) => {
      if (method === 'cardGet') return current;
      if (method === 'cardUnpause') return (current = { ...current, cardStatusId: 2, capabilities: { ...noCapabilities, pause: true } });
      return undefined;
    });
    const notify = vi.fn();
    renderSpecs(specs, '/cards/7', { callMethod, notify });
    const region = await actions();
    expect(within(region).queryByRole('button', { name: 'Pause card' })).toBeNull();
    expect(document.querySelector('[data-field="cardStatusId"]')?.textContent).toBe('Paused');
    fireEvent.click(within(region).getByRole('button', { name: 'Resume card' }));
    expect(await screen.findByRole('button', { name: 'Pause card' }, FIND)).toBeTruthy();
    expect(callMethod).toHaveBeenCalledWith('cardUnpause', { accountId: 7 });
    expect(notify).toHaveBeenCalledWith('cards.done.cardUnpause', expect.anything());
  });

  it('a card awaiting activation links to activation only, without the details', async () => {
    const pending = testCard({ cardStatusId: 23, capabilities: { ...noCapabilities, balance: true, activate: true, rename: true, block: true } });
    renderSpecs(specs, '/cards/7', { callMethod: server(pending) });
    expect((await screen.findByRole('link', { name: 'Activate' }, FIND)).getAttribute('href')).toBe('/cards/7/activate');
    expect(screen.queryByRole('link', { name: 'Load card' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show card details' })).toBeNull();
  });

  it('upgrades the shipping after the question, with an idempotency key', async () => {
    const card = testCard({ cardIsVirtual: false, capabilities: { ...noCapabilities, upgradeShipping: true } });
    const callMethod = server(card, (method) => (method === 'cardUpgradeShipping' ? { ...card, expressShipping: true } : undefined));
    renderSpecs(specs, '/cards/7', { callMethod });
    expect(await screen.findByText('Standard', {}, FIND)).toBeTruthy();
    fireEvent.click(within(await actions()).getByRole('button', { name: 'Upgrade to express shipping' }));
    const question = await screen.findByRole('alertdialog', { name: 'Upgrade shipping?' }, FIND);
    expect(callMethod).not.toHaveBeenCalledWith('cardUpgradeShipping', expect.anything());
    fireEvent.click(within(question).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('cardUpgradeShipping', { accountId: 7, idempotencyKey: expect.any(String) as string }));
  });

  it('shows the full number only after the code, and hides it on request', async () => {
    const card = testCard({ capabilities: { ...noCapabilities, details: true } });
    const callMethod = server(card, (method, params) => {
      if (method !== 'cardDetailsReveal') return undefined;
      if (!params.confirm) return challenge;
      if ((params.confirm as { approvalCode: string }).approvalCode !== '123456')
        throw new MethodCallError('TA1', 'wrong', { 'confirm.approvalCode': 'The code is not right.' });
      return { status: 'done', cardNumber: '5355221111111234', cvv: '321', cardExpiryMonth: 3, cardExpiryYear: 2029, holderName: 'ANNA NOVAK' };
    });
    renderSpecs(specs, '/cards/7', { callMethod, challenges: { stepUp: stepUpChallenge() } });
    fireEvent.click(await screen.findByRole('button', { name: 'Show card details' }, FIND));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' }, FIND);
    fireEvent.change(within(dialog).getByLabelText(/Confirmation code/), { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The code is not right.', {}, FIND)).toBeTruthy();
    expect(document.body.textContent).not.toContain('5355221111111234');
    fireEvent.change(within(dialog).getByLabelText(/Confirmation code/), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const result = await screen.findByRole('alertdialog', { name: 'Card details' }, FIND);
    expect(result.querySelector('[data-fact="cardNumber"]')?.textContent).toBe('5355221111111234');
    expect(result.textContent).toContain('321');
    expect(result.textContent).toContain('03/2029');
    expect(result.textContent).toContain('ANNA NOVAK');
    expect(callMethod).toHaveBeenCalledWith('cardDetailsReveal', { accountId: 7, confirm: { requestId: '55', approvalCode: '123456' } });
    fireEvent.click(within(result).getByRole('button', { name: 'Hide details' }));
    await waitFor(() => expect(document.body.textContent).not.toContain('5355221111111234'));
    expect(screen.getByRole('button', { name: 'Show card details' })).toBeTruthy();
  });

  it('pages the history 10 at a time, with the merchant, amount and status of each', async () => {
    const card = testCard();
    const row = (n: number) => ({
      authorizationId: n,
      cardId: 31,
      cardAccountId: 7,
      accountId: 7,
      maskedCardNumber: '5355 22•• •••• 1234',
      amount: '1.00',
      currencyCode: 'USD',
      merchantName: `Shop ${n}`,
      merchantCountry: 'GB',
      status: n === 1 ? 'declined' : 'approved',
      ...(n === 1 ? { declineReason: 'insufficientFunds' } : {}),
      createdAt: '2026-01-02T10:00:00Z',
    });
    const callMethod = server(card, (method, params) => {
      if (method !== 'cardAuthorizationList') return undefined;
      const page = Number(params.pageNumber ?? 1);
      const first = (page - 1) * 10 + 1;
      return { authorizations: Array.from({ length: page === 1 ? 10 : 2 }, (_, i) => row(first + i)), total: 12, pageNumber: page, pageSize: 10 };
    });
    renderSpecs(specs, '/cards/7', { callMethod });
    const history = await screen.findByRole('region', { name: 'Card history' }, FIND);
    await within(history).findByText('Shop 1 · GB', {}, FIND);
    expect(callMethod).toHaveBeenCalledWith('cardAuthorizationList', { accountId: '7', pageSize: 10 });
    const declined = within(history).getByText('Shop 1 · GB').closest('tr')!;
    expect(declined.querySelector('[data-value]')?.getAttribute('data-value')).toBe('declined');
    expect(declined.textContent).toContain('Not enough money on the card');
    expect(within(history).getAllByRole('row').length).toBe(11);
    fireEvent.click(within(history).getByRole('button', { name: /Next/ }));
    await within(history).findByText('Shop 11 · GB', {}, FIND);
    expect(callMethod).toHaveBeenCalledWith('cardAuthorizationList', { accountId: '7', pageSize: 10, pageNumber: 2 });
  });
});
