/**
 * Items drawn as tiles from a spec only: the art in the brand's colours, badges toned by value, each
 * item's own buttons shown by a condition on it, an empty list with its call to action, a call made once
 * for each item shown, values to copy and a QR code. What a user sees and what is sent are asserted.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MethodCallError } from '../../errors/MethodCallError';
import type { DashboardSection, ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

const entity = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    alias: { type: 'string', title: 'Name' },
    plan: { type: 'string', title: 'Plan' },
    code: { type: 'string', title: 'Member number' },
    state: { type: 'string', title: 'State' },
    points: { type: 'string', title: 'Points' },
    kind: { type: 'string' },
    open: { type: 'boolean' },
  },
};

const tiles: DashboardSection = {
  id: 'members',
  kind: 'cards',
  data: { method: 'memberList' },
  rows: 'members',
  entity,
  emptyText: 'members.empty',
  emptyActions: [{ id: 'join', label: 'members.join', navigate: '/join', variant: 'primary' }],
  card: {
    key: 'id',
    title: { field: 'alias', emptyText: 'members.planName' },
    value: { field: 'points', format: 'number', when: { field: 'open', equals: true } },
    art: {
      number: 'code',
      corner: { field: 'kind', enumKey: 'kind' },
      mark: 'plan',
      muted: { field: 'open', equals: false },
      alternate: { field: 'kind', equals: 'digital' },
    },
    badges: [{ field: 'state', tones: { good: ['active'], bad: ['blocked'] } }],
    actions: [
      { id: 'open', label: 'members.open', navigate: '/members/:id', when: { field: 'open', equals: true } },
      {
        id: 'pause',
        label: 'members.pause',
        method: 'memberPause',
        params: { id: ':id' },
        idempotencyKey: 'requestKey',
        when: { field: 'state', equals: 'active' },
        success: { notice: 'members.paused' },
      },
    ],
  },
};

const spec = (section: DashboardSection): ScreenSpec => ({
  id: 'members',
  route: '/members',
  layout: 'main',
  title: 'members.title',
  kind: 'dashboard',
  dashboard: { sections: [section] },
});

const i18n = () =>
  createTestI18n({
    members: {
      title: 'Members',
      empty: 'No memberships yet.',
      join: 'Join the club',
      planName: '{{plan}} member',
      open: 'Open',
      pause: 'Pause',
      paused: 'Paused.',
      seen: 'Seen',
      qr: 'QR code of {{alias}}',
    },
    enums: { kind: { digital: 'Digital', plastic: 'Plastic' }, state: { active: 'Active', blocked: 'Blocked', closed: 'Closed' } },
  });

const members = [
  { id: 1, alias: 'Gym', plan: 'Gold', code: '1234 •••• 9876', state: 'active', points: '1200', kind: 'plastic', open: true },
  { id: 2, plan: 'Silver', code: '5555 •••• 0001', state: 'blocked', points: '30', kind: 'digital', open: false },
];

function tileOf(heading: string): HTMLElement {
  return screen.getByRole('heading', { level: 2, name: heading }).closest('li') as HTMLElement;
}

describe('tiles', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws each item as art with its title, number, corner, mark and value, greyed where muted', async () => {
    renderScreens(testOptions([spec(tiles)], { callMethod: async () => ({ members }) }), '/members', i18n());
    await screen.findByRole('heading', { level: 2, name: 'Gym' });
    const gym = tileOf('Gym');
    expect(gym.getAttribute('data-key')).toBe('1');
    expect(within(gym).getByText('1234 •••• 9876')).toBeTruthy();
    expect(within(gym).getByText('Plastic')).toBeTruthy();
    expect(within(gym).getByText('Gold')).toBeTruthy();
    expect(within(gym).getByText('1,200')).toBeTruthy();
    expect(gym.querySelector('[data-muted]')).toBeNull();
    // No alias: the title is worded from the item; closed: no value, greyed, the darker variant.
    const silver = tileOf('Silver member');
    expect(within(silver).queryByText('30')).toBeNull();
    expect(silver.querySelector('.eng-art')?.hasAttribute('data-muted')).toBe(true);
    expect(silver.querySelector('.eng-art')?.hasAttribute('data-alternate')).toBe(true);
  });

  it('tones each badge by its value', async () => {
    renderScreens(testOptions([spec(tiles)], { callMethod: async () => ({ members }) }), '/members', i18n());
    await screen.findByRole('heading', { level: 2, name: 'Gym' });
    expect(within(tileOf('Gym')).getByText('Active').getAttribute('data-tone')).toBe('good');
    expect(within(tileOf('Silver member')).getByText('Blocked').getAttribute('data-tone')).toBe('bad');
  });

  it('offers each item the buttons its condition allows, named with the item, and sends one idempotency key per intent', async () => {
    let attempts = 0;
    const callMethod = vi.fn(async (method: string, _params: Record<string, unknown>) => {
      if (method === 'memberList') return { members };
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      if (attempts === 2) return {};
      throw new MethodCallError('TE', 'Try later', {});
    });
    const notify = vi.fn();
    const onError = vi.fn();
    renderScreens(testOptions([spec(tiles)], { callMethod, notify, onError }), '/members', i18n());
    await screen.findByRole('heading', { level: 2, name: 'Gym' });
    const gym = tileOf('Gym');
    expect(within(gym).getByRole('link', { name: 'Open Gym' }).getAttribute('href')).toBe('/members/1');
    expect(within(tileOf('Silver member')).queryByRole('link')).toBeNull();
    expect(within(tileOf('Silver member')).queryByRole('button')).toBeNull();

    const pause = within(gym).getByRole('button', { name: 'Pause Gym' });
    fireEvent.click(pause);
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    fireEvent.click(within(tileOf('Gym')).getByRole('button', { name: 'Pause Gym' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('members.paused', {}));
    fireEvent.click(within(tileOf('Gym')).getByRole('button', { name: 'Pause Gym' }));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(2));

    const keys = callMethod.mock.calls.filter(([method]) => method === 'memberPause').map(([, params]) => String(params.requestKey));
    expect(keys).toHaveLength(3);
    // A lost answer keeps the key for the retry; an answer ends the intent.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(callMethod).toHaveBeenCalledWith('memberPause', { id: 1, requestKey: keys[0] });
  });

  it('says the empty text with its call to action when there are no items', async () => {
    renderScreens(testOptions([spec(tiles)], { callMethod: async () => ({ members: [] }) }), '/members', i18n());
    await screen.findByText('No memberships yet.');
    expect(screen.getByRole('link', { name: 'Join the club' }).getAttribute('href')).toBe('/join');
  });

  it('makes the onShow call once for each item shown that meets its condition', async () => {
    const callMethod = vi.fn(async (method: string, _params: Record<string, unknown>) => (method === 'memberList' ? { members } : {}));
    const seen: DashboardSection = { ...tiles, onShow: { method: 'memberSeen', params: { memberId: ':id' }, when: { field: 'open', equals: true } } };
    renderScreens(testOptions([spec(seen)], { callMethod }), '/members', i18n());
    await screen.findByRole('heading', { level: 2, name: 'Gym' });
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('memberSeen', { memberId: 1 }));
    expect(callMethod.mock.calls.filter(([method]) => method === 'memberSeen')).toEqual([['memberSeen', { memberId: 1 }]]);
  });

  it('copies a value and says so, and draws a value as a QR code', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const notify = vi.fn();
    const section: DashboardSection = {
      id: 'codes',
      kind: 'cards',
      data: { method: 'memberList' },
      rows: 'members',
      entity,
      card: {
        title: 'plan',
        footnotes: [
          { field: 'code', copy: true, qr: 'members.qr' },
          { field: 'alias', copy: true },
        ],
      },
    };
    renderScreens(testOptions([spec(section)], { callMethod: async () => ({ members }), notify }), '/members', i18n());
    await screen.findByRole('heading', { level: 2, name: 'Gold' });
    const gold = tileOf('Gold');
    fireEvent.click(within(gold).getByRole('button', { name: 'Copy Member number' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('1234 •••• 9876'));
    expect(notify).toHaveBeenCalledWith('engine.copy.done', { label: 'Member number' });
    expect(gold.querySelector('[data-field="code"]')?.textContent).toBe('1234 •••• 9876');
    const qr = within(gold).getByRole('img', { name: 'QR code of Gym' });
    await waitFor(() => expect(qr.querySelector('svg')).not.toBeNull());
    // An item without the value has neither the value nor its button.
    expect(within(tileOf('Silver')).queryByRole('button', { name: /Copy Name/ })).toBeNull();
  });

  it('says "copied" itself when the application shows no notices, and what to do when copying is refused', async () => {
    const writeText = vi.fn(async () => {
      throw new Error('denied');
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const section: DashboardSection = {
      id: 'codes',
      kind: 'cards',
      data: { method: 'memberList' },
      rows: 'members',
      entity,
      card: { title: 'plan', footnotes: [{ field: 'code', copy: true }] },
    };
    renderScreens(testOptions([spec(section)], { callMethod: async () => ({ members }) }), '/members', i18n());
    await screen.findByRole('heading', { level: 2, name: 'Gold' });
    fireEvent.click(within(tileOf('Gold')).getByRole('button', { name: 'Copy Member number' }));
    await within(tileOf('Gold')).findByText('Could not copy: select the text and copy it yourself.');
  });
});
