import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MethodCallError, type CustomScreenProps } from '../../../engine/index.ts';
import type { RpcCall } from '../../../generated/methods.ts';
import { AppProvider } from '../../app/app-context.tsx';
import { testServices } from '../../testing/app-services.ts';
import { P2pTransferScreen } from './P2pTransferScreen.tsx';

const ACCOUNT = { accountId: 12, type: 1001, accountStatusId: 1, balance: '100.00', accountBalanceMin: '0.00', pendingAmount: '0.00', customerId: 7, currencyCode: 'USD' };
const SUBMITTED = { operationId: 51, status: 'completed', amount: '10.00', toAmount: '10.00', fee: '0.25', currencyCode: 'USD', toCurrencyCode: 'USD', exchangeRate: '1' };

/** A fake server for the screen: answers what it asks, records the calls, and fails p2pTransfer once when told. */
function fakeServer(options: { failFirstSubmit?: boolean } = {}) {
  let failed = false;
  const rpc = vi.fn(async (method: string, params: Record<string, unknown>) => {
    switch (method) {
      case 'balanceInquiry':
        return { accounts: [ACCOUNT] };
      case 'paymentTemplateList':
        return { templates: [{ id: 3, name: 'Rent', type: 'p2p', toEmail: 'ben@example.com', accountId: 12, amount: '250.00', currencyCode: 'USD', note: 'Flat', updated: '2026-11-01T10:00:00Z' }] };
      case 'recentTransfers':
        return { transfers: [{ operationId: 9, type: 'p2p', email: 'cara@example.com', name: 'Cara Lee', accountId: 12, amount: '5.00', currencyCode: 'USD', date: '2026-11-02T10:00:00Z' }] };
      case 'p2pPendingList':
        return { transfers: [] };
      case 'checkPayee':
        return { exist: params.email === 'ben@example.com', exists: params.email === 'ben@example.com', isEmployee: false, outBlacklist: params.email === 'spam@example.com' };
      case 'p2pFee':
        return { fee: '0.25', total: (Number(params.amount) + 0.25).toFixed(2), currencyCode: 'USD' };
      case 'p2pTransfer':
        if (options.failFirstSubmit && !failed) {
          failed = true;
          throw new TypeError('Failed to fetch');
        }
        return SUBMITTED;
      default:
        throw new Error(`unexpected ${method}`);
    }
  });
  return rpc;
}

const calls = (rpc: ReturnType<typeof fakeServer>, method: string) => rpc.mock.calls.filter(([name]) => name === method).map(([, params]) => params);

function show(rpc: ReturnType<typeof fakeServer>) {
  render(
    <AppProvider services={testServices({ rpc: rpc as unknown as RpcCall })}>
      <P2pTransferScreen {...({} as CustomScreenProps)} />
    </AppProvider>,
  );
}

describe('P2pTransferScreen', () => {
  it('checks the payee only once the e-mail passes the rule, and shows what the check says', async () => {
    const rpc = fakeServer();
    show(rpc);
    const email = await screen.findByLabelText(/p2p.toEmail/);
    fireEvent.change(email, { target: { value: 'ab@c' } });
    expect(await screen.findByText('p2p.payee.invalid')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls(rpc, 'checkPayee')).toEqual([]);

    fireEvent.change(email, { target: { value: 'new@example.com' } });
    expect(await screen.findByText('p2p.payee.invite')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'ben@example.com' } });
    expect(await screen.findByText('p2p.payee.exists')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'spam@example.com' } });
    expect(await screen.findByText('p2p.payee.blacklisted')).toBeTruthy();
    expect(calls(rpc, 'checkPayee')).toEqual([{ email: 'new@example.com' }, { email: 'ben@example.com' }, { email: 'spam@example.com' }]);
  });

  it('asks for the fee only when the amount is above zero', async () => {
    const rpc = fakeServer();
    show(rpc);
    await waitFor(() => expect((screen.getByLabelText(/p2p.fromAccount/) as HTMLSelectElement).value).toBe('12'));
    const amount = screen.getByLabelText(/p2p.amountIn/);
    fireEvent.change(amount, { target: { value: '0' } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls(rpc, 'p2pFee')).toEqual([]);
    fireEvent.change(amount, { target: { value: '10' } });
    await waitFor(() => expect(calls(rpc, 'p2pFee')).toEqual([{ amount: '10', accountId: 12 }]));
    await waitFor(() => expect(document.querySelector('[data-fact="total"]')?.textContent).toContain('10.25'));
  });

  it('fills the form from a template and a recent payee', async () => {
    const rpc = fakeServer();
    show(rpc);
    await screen.findByRole('button', { name: /p2p.templates.use/ });
    const template = document.querySelector('[data-template="Rent"]')!;
    fireEvent.click(within(template as HTMLElement).getByRole('button', { name: /p2p.templates.use/ }));
    expect((screen.getByLabelText(/p2p.toEmail/) as HTMLInputElement).value).toBe('ben@example.com');
    expect((screen.getByLabelText(/p2p.amountIn/) as HTMLInputElement).value).toBe('250.00');
    expect((screen.getByLabelText(/p2p.note/) as HTMLInputElement).value).toBe('Flat');
    fireEvent.click(await screen.findByRole('button', { name: /Cara Lee/ }));
    expect((screen.getByLabelText(/p2p.toEmail/) as HTMLInputElement).value).toBe('cara@example.com');
  });

  it('retries a failed submission with the same idempotency key, then shows the outcome', async () => {
    const rpc = fakeServer({ failFirstSubmit: true });
    show(rpc);
    await waitFor(() => expect((screen.getByLabelText(/p2p.fromAccount/) as HTMLSelectElement).value).toBe('12'));
    fireEvent.change(screen.getByLabelText(/p2p.amountIn/), { target: { value: '10.00' } });
    fireEvent.change(screen.getByLabelText(/p2p.toEmail/), { target: { value: 'ben@example.com' } });
    const send = screen.getByRole('button', { name: 'p2p.submit' });
    await act(async () => fireEvent.click(send));
    await waitFor(() => expect(calls(rpc, 'p2pTransfer')).toHaveLength(1));
    await act(async () => fireEvent.click(send));
    await waitFor(() => expect(calls(rpc, 'p2pTransfer')).toHaveLength(2));
    const [first, second] = calls(rpc, 'p2pTransfer') as Array<Record<string, unknown>>;
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
    expect(second).toMatchObject({ accountId: 12, amount: '10.00', currency: 'USD', toEmail: 'ben@example.com' });
    expect(await screen.findByRole('alertdialog', { name: 'money.approval.completedTitle' })).toBeTruthy();
  });

  it('shows a refusal on its field and starts a new submission after it', async () => {
    const rpc = fakeServer();
    rpc.mockImplementation(async (method: string) => {
      if (method === 'p2pTransfer') throw new MethodCallError('TA1', 'Invalid', { toEmail: 'This e-mail is on your payout blacklist.' });
      if (method === 'balanceInquiry') return { accounts: [ACCOUNT] };
      if (method === 'checkPayee') return { exist: true, exists: true, isEmployee: false, outBlacklist: false };
      if (method === 'p2pFee') return { fee: '0.25', total: '10.25', currencyCode: 'USD' };
      return method === 'paymentTemplateList' ? { templates: [] } : { transfers: [] };
    });
    show(rpc);
    await waitFor(() => expect((screen.getByLabelText(/p2p.fromAccount/) as HTMLSelectElement).value).toBe('12'));
    fireEvent.change(screen.getByLabelText(/p2p.amountIn/), { target: { value: '10.00' } });
    fireEvent.change(screen.getByLabelText(/p2p.toEmail/), { target: { value: 'ben@example.com' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'p2p.submit' })));
    expect(await screen.findByText('This e-mail is on your payout blacklist.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'p2p.submit' })));
    await waitFor(() => expect(calls(rpc, 'p2pTransfer')).toHaveLength(2));
    const [first, second] = calls(rpc, 'p2pTransfer') as Array<Record<string, unknown>>;
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
  });
});
