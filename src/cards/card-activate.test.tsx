/**
 * Card activation as its spec draws it (screens/card-activate.yaml): the fees in the price list's currency;
 * the open payment accounts to pay them from and what the chosen one pays in its currency; a physical card's
 * last four digits, a refusal of them said under their field; the call keyed, then the PIN shown once.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MethodCallError, type ScreenSpec } from '../../engine/index.ts';
import cardActivate from '../../generated/screens/card-activate.json';
import { renderAppSpec } from '../testing/render-app-spec.tsx';
import { noCapabilities, testAccount as account, testCard } from './test-cards.ts';

const FIND = { timeout: 5000 };
const spec = cardActivate as unknown as ScreenSpec;

const accounts = [account({ accountId: 21 }), account({ accountId: 23, accountStatusId: 11 }), account({ accountId: 7, type: 2006, subType: 'PREPAID' })];
const quote = { accountId: 7, activatable: true, cardIsVirtual: false, issue: '4.00', annual: '9.00', shipping: '2.50', total: '15.50', currencyCode: 'GBP' };

function renderActivate(answer: (method: string, params: Record<string, unknown>) => unknown) {
  return renderAppSpec(spec, '/cards/7/activate', answer, { cardDetail: () => null });
}

describe('card activation', () => {
  it('activates a physical card with its last four digits, paying from an open payment account, and shows the PIN once', async () => {
    const card = testCard({ cardIsVirtual: false, cardStatusId: 20, capabilities: { ...noCapabilities, activate: true } });
    let refusedOnce = false;
    const call = renderActivate((method, params) => {
      if (method === 'cardGet') return card;
      if (method === 'balanceInquiry') return { accounts };
      if (method === 'cardActivationQuote') return params.feeAccountId ? { ...quote, feeAccountId: 21, feeCurrencyCode: 'EUR', feeTotal: '18.13' } : quote;
      if (method === 'cardActivate') {
        if (!refusedOnce) {
          refusedOnce = true;
          throw new MethodCallError('TA1', 'Refused', { 'extraParams.last4': 'These are not the last four digits of the card we sent you: check the card.' });
        }
        return { pinCode: '4821', card: { ...card, cardStatusId: 2 } };
      }
      throw new Error(`unexpected ${method}`);
    });
    expect(await screen.findByText('£15.50', {}, FIND)).toBeTruthy();
    expect(screen.getByText('£2.50')).toBeTruthy(); // a physical card's shipping
    const from = (await screen.findByLabelText(/Pay the fees from/, {}, FIND)) as HTMLSelectElement;
    await waitFor(() => expect([...from.options].map((option) => option.value).filter(Boolean)).toEqual(['21']));
    fireEvent.change(from, { target: { value: '21' } });
    await waitFor(() => expect(document.querySelector('[data-field="feeTotal"]')?.textContent).toContain('18.13'), FIND);
    const last4 = screen.getByLabelText(/Last four digits printed on the card/);
    fireEvent.change(last4, { target: { value: '1235' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate card' }));
    expect(await screen.findByText(/not the last four digits/, {}, FIND)).toBeTruthy();
    const [, first] = call.mock.calls.find(([method]) => method === 'cardActivate')!;
    expect(first).toEqual({ accountId: 7, feeAccountId: 21, extraParams: { last4: '1235' }, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    fireEvent.change(screen.getByLabelText(/Last four digits printed on the card/), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate card' }));
    await waitFor(() => expect(document.querySelector('[data-fact="pinCode"]')?.textContent).toBe('4821'), FIND);
    const [, second] = call.mock.calls.filter(([method]) => method === 'cardActivate')[1]!;
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey); // a refusal is an answer: a new intent
  });

  it('sends a virtual card to the PIN page when the answer carries no PIN (a replay of an earlier activation)', async () => {
    const card = testCard({ cardIsVirtual: true, cardStatusId: 23, capabilities: { ...noCapabilities, activate: true } });
    renderActivate((method, params) => {
      if (method === 'cardGet') return card;
      if (method === 'balanceInquiry') return { accounts };
      if (method === 'cardActivationQuote')
        return { ...quote, cardIsVirtual: true, ...(params.feeAccountId ? { feeAccountId: 21, feeCurrencyCode: 'EUR', feeTotal: '15.20' } : {}) };
      if (method === 'cardActivate') return { card: { ...card, cardStatusId: 2 } };
      throw new Error(`unexpected ${method}`);
    });
    const from = (await screen.findByLabelText(/Pay the fees from/, {}, FIND)) as HTMLSelectElement;
    await waitFor(() => expect([...from.options].map((option) => option.value).filter(Boolean)).toEqual(['21']));
    fireEvent.change(from, { target: { value: '21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate card' }));
    expect(await screen.findByText(/activated by an earlier try/, {}, FIND)).toBeTruthy();
    expect(screen.queryByText(/This is your PIN/)).toBeNull();
  });

  it('asks a virtual card no digits and shows no shipping', async () => {
    const card = testCard({ cardIsVirtual: true, cardStatusId: 23, capabilities: { ...noCapabilities, activate: true } });
    renderActivate((method) =>
      method === 'cardGet' ? card : method === 'balanceInquiry' ? { accounts } : { ...quote, cardIsVirtual: true, shipping: '0.00', total: '13.00' },
    );
    expect(await screen.findByText('£13.00', {}, FIND)).toBeTruthy();
    await screen.findByLabelText(/Pay the fees from/, {}, FIND);
    expect(screen.queryByText('£0.00')).toBeNull();
    expect(screen.queryByLabelText(/Last four digits/)).toBeNull();
  });

  it('says a customer without an open payment account needs one', async () => {
    const card = testCard({ cardIsVirtual: true, cardStatusId: 23, capabilities: { ...noCapabilities, activate: true } });
    renderActivate((method) =>
      method === 'cardGet' ? card : method === 'balanceInquiry' ? { accounts: accounts.slice(1) } : { ...quote, cardIsVirtual: true },
    );
    const from = (await screen.findByLabelText(/Pay the fees from/, {}, FIND)) as HTMLSelectElement;
    await waitFor(() =>
      expect([...from.options].map((option) => option.textContent)).toEqual(['You need an open payment account with enough money to pay the fees.']),
    );
  });

  it('offers only the way back for a card that cannot be activated now', async () => {
    const card = testCard({ capabilities: { ...noCapabilities, pause: true } });
    renderActivate((method) => (method === 'cardGet' ? card : method === 'balanceInquiry' ? { accounts } : { ...quote, activatable: false }));
    expect((await screen.findByRole('link', { name: 'Back to the card' }, FIND)).getAttribute('href')).toBe('/cards/7');
    expect(screen.queryByLabelText(/Pay the fees from/)).toBeNull();
  });
});
