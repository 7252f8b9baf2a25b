/**
 * The phone verification as its spec draws it (screens/profile-phone-verify.yaml): "Send code" asks the
 * verify path with a PKCE challenge of a fresh verifier, the code step says where the code went, a wrong
 * code is said on the code field, a new code is a new challenge, and the right code goes to phoneConfirm
 * with the verifier whose challenge was sent, then back to the profile with the notice.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MethodCallError, type ScreenSpec } from '../../engine/index.ts';
import type { RpcCall } from '../../generated/methods.ts';
import verify from '../../generated/screens/profile-phone-verify.json';
import { codeChallengeOf } from '../session/pkce.ts';
import type { Session } from '../session/session.ts';
import { renderSpecs } from '../testing/render-spec.tsx';
import { phoneCodeChallenge, phoneVerificationActions } from './phone-verification.ts';

const session = { accessToken: async () => 'token-1' } as unknown as Session;
const t = (key: string) => key;

function open(verifyAnswers: Array<{ status: number; body: Record<string, unknown> }>) {
  const challenges: string[] = [];
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    challenges.push(JSON.parse(String(init.body)).codeChallenge);
    const next = verifyAnswers.shift()!;
    return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const callMethod = vi.fn(async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    if (method !== 'phoneConfirm') throw new Error(`unexpected ${method}`);
    if (params.code !== '123456') throw new MethodCallError('VF', 'Wrong code', { code: 'This code is wrong.' });
    return { phone: { id: 12, confirmed: true } };
  });
  const notify = vi.fn();
  const view = renderSpecs([verify as unknown as ScreenSpec], '/profile/phones/12/verify', {
    callMethod,
    notify,
    actions: phoneVerificationActions({ session, t }),
    challenges: { phoneCode: phoneCodeChallenge(callMethod as unknown as RpcCall, { session, t }) },
  });
  return { ...view, fetchMock, callMethod, challenges, notify };
}

afterEach(() => vi.unstubAllGlobals());

describe('verifying a phone', () => {
  it('texts a code bound to this browser, says a wrong code on the code field, and confirms with the verifier', async () => {
    const sent = { status: 200, body: { reqId: 'req-1', maskedPhone: '+40 ••• 111' } };
    const { router, fetchMock, callMethod, challenges, notify } = open([sent, { ...sent, body: { reqId: 'req-2', maskedPhone: '+40 ••• 111' } }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with an SMS code' });
    expect(within(dialog).getByText('We sent a code to +40 ••• 111. It expires in 10 minutes.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/verification/phones/12/verify', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toMatchObject({ type: 'sms' });

    const code = within(dialog).getByLabelText('Code') as HTMLInputElement;
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm phone' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'This code is wrong.');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send a new code' }));
    await within(dialog).findByText('We sent a new code. The previous one no longer works.');
    expect(challenges).toHaveLength(2);
    expect(challenges[0]).not.toBe(challenges[1]);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm phone' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    const confirmed = callMethod.mock.calls.find(([, params]) => params.code === '123456')![1];
    expect(await codeChallengeOf(String(confirmed.codeVerifier))).toBe(challenges[1]);
    expect(confirmed.phoneId).toBe('12');
    expect(notify).toHaveBeenCalledWith('profile.verify.confirmed', expect.objectContaining({ confirmed: true }));
  });

  it("says the verify path's refusal under the button, with no code step", async () => {
    open([{ status: 429, body: { message: 'Wait a minute before asking for another code.' } }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wait a minute before asking for another code.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
