/**
 * Timed reveals, written as specs only: a button behind a second factor whose final answer holds a secret,
 * shown once with a countdown and hidden after `hideAfterMs`, staying up while the screen's data refreshes
 * and hides the section that asked.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ChallengeHandler } from './types';
import type { ScreenSpec } from '../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../testing/harness';

const FIND = { timeout: 5000 };

const spec: ScreenSpec = {
  id: 'lockers',
  route: '/lockers/:lockerId',
  layout: 'main',
  title: 'lockers.title',
  kind: 'dashboard',
  dashboard: {
    sections: [
      {
        id: 'open',
        kind: 'detail',
        title: 'lockers.codeTitle',
        data: { method: 'lockerGet', routeParams: { lockerId: 'lockerId' } },
        when: { field: 'codeShown', equals: false },
        actions: [
          {
            id: 'show',
            label: 'lockers.show',
            method: 'lockerCodeShow',
            params: { lockerId: ':lockerId' },
            challenge: 'code',
            result: {
              title: 'lockers.codeTitle',
              close: 'lockers.hide',
              reveal: { field: 'lockerCode', label: 'lockers.code', hideAfterMs: 5000, copy: true, missingText: 'lockers.shownBefore' },
              items: [{ field: 'row', label: 'lockers.row' }],
            },
            success: { refresh: true },
          },
        ],
      },
      {
        id: 'shown',
        kind: 'detail',
        data: { method: 'lockerGet', routeParams: { lockerId: 'lockerId' } },
        when: { field: 'codeShown', equals: true },
        description: 'lockers.alreadyShown',
      },
    ],
  },
};

const i18n = () =>
  createTestI18n({
    lockers: {
      title: 'Locker',
      codeTitle: 'Locker code',
      show: 'Show the code',
      hide: 'Hide the code',
      code: 'Code',
      row: 'Row',
      alreadyShown: 'The code was shown once.',
      shownBefore: 'This code was shown by an earlier try.',
      confirm: {
        title: 'Confirm it is you',
        label: 'Confirmation code',
        invalid: 'Six digits.',
        sent: { sms: 'Sent.' },
        ask: { sms: 'Type it.' },
        ok: 'Confirm',
        cancel: 'Cancel',
        resend: 'Again',
        resent: 'Sent again.',
        use: { sms: 'SMS' },
      },
    },
  });

const codeChallenge: ChallengeHandler = {
  detect: (answer) => (answer.status === 'pending' ? { step: 'code', method: 'sms' } : null),
  confirm: (code, { answer, callAgain }) => callAgain({ confirm: { id: answer.challengeId, code } }),
  codeFields: ['confirm.code'],
  codeSchema: { type: 'string', pattern: '^[0-9]{6}$' },
  texts: {
    title: 'lockers.confirm.title',
    codeLabel: 'lockers.confirm.label',
    codeInvalid: 'lockers.confirm.invalid',
    sent: 'lockers.confirm.sent',
    ask: 'lockers.confirm.ask',
    confirm: 'lockers.confirm.ok',
    cancel: 'lockers.confirm.cancel',
    resend: 'lockers.confirm.resend',
    resent: 'lockers.confirm.resent',
    useMethod: 'lockers.confirm.use',
  },
};

function server(replay = false) {
  let shown = false;
  return vi.fn(async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    if (method === 'lockerGet') return { lockerId: params.lockerId, codeShown: shown };
    if (method === 'lockerCodeShow') {
      if (!params.confirm) return { status: 'pending', challengeId: 'c1' };
      shown = true;
      return replay ? { status: 'done', row: 'B' } : { status: 'done', lockerCode: '4711', row: 'B' };
    }
    throw new Error(`unexpected ${method}`);
  });
}

async function revealCode(replay = false) {
  renderScreens(testOptions([spec], { callMethod: server(replay), challenges: { code: codeChallenge } }), '/lockers/9', i18n());
  fireEvent.click(await screen.findByRole('button', { name: 'Show the code' }, FIND));
  const challenge = await screen.findByRole('dialog', { name: 'Confirm it is you' }, FIND);
  fireEvent.change(within(challenge).getByLabelText(/Confirmation code/), { target: { value: '123456' } });
  fireEvent.click(within(challenge).getByRole('button', { name: 'Confirm' }));
  return screen.findByRole('alertdialog', { name: 'Locker code' }, FIND);
}

describe('timed reveal', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the secret once, in the announced result, with a countdown, and it stays while the refresh hides the button', async () => {
    const result = await revealCode();
    const secret = result.querySelector('[data-fact="lockerCode"]');
    expect(secret?.textContent).toBe('4711');
    expect(secret?.closest('[role="status"]')).not.toBeNull();
    // Counted from when it was shown: 5 s, or 4 on a slow machine.
    expect(within(result).getByRole('timer').textContent).toMatch(/^Hidden in [45] s\.$/);
    // The refresh after success hides the section whose button asked; the secret stays up.
    await screen.findByText('The code was shown once.', {}, FIND);
    expect(screen.queryByRole('button', { name: 'Show the code' })).toBeNull();
    expect(screen.getByRole('alertdialog', { name: 'Locker code' }).querySelector('[data-fact="lockerCode"]')?.textContent).toBe('4711');
  });

  it('counts down and hides the secret after hideAfterMs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const result = await revealCode();
    await act(async () => {
      vi.advanceTimersByTime(2100);
    });
    expect(within(result).getByRole('timer').textContent).toMatch(/^Hidden in [23] s\.$/);
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByRole('alertdialog', { name: 'Locker code' })).toBeNull();
    expect(document.body.textContent).not.toContain('4711');
  });

  it("copies the secret and shows the answer's other values with it", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const result = await revealCode();
    expect(within(result).getByText('Row').nextElementSibling?.textContent).toBe('B');
    fireEvent.click(within(result).getByRole('button', { name: /Copy/ }));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith('4711'));
  });

  it('says missingText instead of the secret when the answer carries none (a replay)', async () => {
    const result = await revealCode(true);
    expect(within(result).getByText('This code was shown by an earlier try.')).toBeTruthy();
    expect(result.querySelector('[data-fact="lockerCode"]')).toBeNull();
  });

  it('says no missingText beside a secret', async () => {
    const result = await revealCode();
    expect(within(result).queryByText('This code was shown by an earlier try.')).toBeNull();
  });

  it('hides the secret at once by its button', async () => {
    const result = await revealCode();
    fireEvent.click(within(result).getByRole('button', { name: 'Hide the code' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.body.textContent).not.toContain('4711');
  });
});
