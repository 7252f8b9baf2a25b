/**
 * The PIN page as its spec draws it (screens/card-pin.yaml): the PIN shown only after the step-up code,
 * hidden again after 30 s with a countdown; the change checked by the request's schema, refused fields on
 * their field, confirmed with the code, the form empty again after it.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScreenSpec } from '../../engine/index.ts';
import { MethodCallError } from '../../engine/index.ts';
import cardPin from '../../generated/screens/card-pin.json';
import { stepUpChallenge } from '../app/step-up-challenge.ts';
import { renderSpecs } from '../testing/render-spec.tsx';
import { noCapabilities, testCard } from './test-cards.ts';

const specs = [cardPin] as unknown as ScreenSpec[];
const FIND = { timeout: 5000 };
const card = testCard({ accountId: 7, capabilities: { ...noCapabilities, pin: true } });
const challenge = {
  status: 'awaitingConfirmation',
  requestId: 9,
  approveType: 'sms',
  approvalSentTo: '+44 ••• 123',
  availableApprovalMethods: ['sms'],
  expiresInSeconds: 300,
};

function server(more: (method: string, params: Record<string, unknown>) => unknown = () => undefined) {
  return vi.fn(async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    const answer = await more(method, params);
    if (answer !== undefined) return answer;
    if (method === 'cardGet') return card;
    if (method === 'cardPinShow') return params.confirm ? { status: 'done', pinCode: '4826' } : challenge;
    throw new Error(`unexpected ${method}`);
  });
}

async function answerCode(code = '654321') {
  const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' }, FIND);
  expect(within(dialog).getByText('We sent a code by SMS to +44 ••• 123.')).toBeTruthy();
  fireEvent.change(within(dialog).getByLabelText(/Confirmation code/), { target: { value: code } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

describe('card PIN page', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the PIN only after the code, for 30 seconds with a countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const callMethod = server();
    renderSpecs(specs, '/card/7/pin', { callMethod, challenges: { stepUp: stepUpChallenge() } });
    fireEvent.click(await screen.findByRole('button', { name: 'Show PIN' }, FIND));
    expect(document.body.textContent).not.toContain('4826');
    await answerCode();
    const result = await screen.findByRole('alertdialog', { name: 'See your PIN' }, FIND);
    expect(result.querySelector('[data-fact="pinCode"]')?.textContent).toBe('4826');
    expect(within(result).getByRole('timer').textContent).toMatch(/^Hidden in (30|29) s\.$/);
    expect(callMethod).toHaveBeenCalledWith('cardPinShow', { accountId: 7, confirm: { requestId: '9', approvalCode: '654321' } });
    await act(async () => {
      vi.advanceTimersByTime(30_100);
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.body.textContent).not.toContain('4826');
  });

  it("checks the new PIN by the schema, puts the server's refusal on its field, and changes it after the code", async () => {
    const callMethod = server((method, params) => {
      if (method !== 'cardPinChange') return undefined;
      if (params.pin !== params.pinRepeat) throw new MethodCallError('TA1', 'mismatch', { pinRepeat: 'The PINs do not match.' });
      return params.confirm ? { status: 'done' } : challenge;
    });
    const notify = vi.fn();
    renderSpecs(specs, '/card/7/pin', { callMethod, notify, challenges: { stepUp: stepUpChallenge() } });
    const pin = (await screen.findByLabelText(/^New PIN(?! again)/, {}, FIND)) as HTMLInputElement;
    const repeat = screen.getByLabelText(/New PIN again/) as HTMLInputElement;
    expect(pin.type).toBe('password');
    fireEvent.change(pin, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change PIN' }));
    await waitFor(() => expect(pin.getAttribute('aria-invalid')).toBe('true'));
    expect(callMethod).not.toHaveBeenCalledWith('cardPinChange', expect.anything());
    fireEvent.change(pin, { target: { value: '1234' } });
    fireEvent.change(repeat, { target: { value: '4321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change PIN' }));
    expect(await screen.findByText('The PINs do not match.', {}, FIND)).toBeTruthy();
    fireEvent.change(repeat, { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change PIN' }));
    await answerCode();
    await waitFor(() =>
      expect(callMethod).toHaveBeenCalledWith('cardPinChange', {
        accountId: 7,
        pin: '1234',
        pinRepeat: '1234',
        confirm: { requestId: '9', approvalCode: '654321' },
      }),
    );
    await waitFor(() => expect(notify).toHaveBeenCalledWith('cards.pin.changed', expect.anything()));
    await waitFor(() => expect((screen.getByLabelText(/^New PIN(?! again)/) as HTMLInputElement).value).toBe(''));
  });

  it('says the PIN is not open to a card whose capabilities leave it out', async () => {
    const callMethod = server((method) => (method === 'cardGet' ? testCard({ accountId: 7, capabilities: noCapabilities }) : undefined));
    renderSpecs(specs, '/card/7/pin', { callMethod, challenges: { stepUp: stepUpChallenge() } });
    expect(await screen.findByText('This is not available for this card in its present state.', {}, FIND)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show PIN' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the card' }).getAttribute('href')).toBe('/cards/7');
  });
});
