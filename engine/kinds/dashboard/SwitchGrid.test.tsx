/**
 * A grid of switches written as a spec: a list of '<row>.<column>' switches shown as rows and columns,
 * one group per section, each change sent at once and put back when refused.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MethodCallError } from '../../errors/MethodCallError';
import type { ScreenSpec, SwitchGridSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';
import { switchRows } from './SwitchGrid';

const grid: SwitchGridSpec = {
  key: 'id',
  value: 'on',
  columns: ['mail', 'phone'],
  rowLabels: 'alerts.topics',
  columnLabels: 'alerts.channels',
  rowHeader: 'alerts.topic',
  switchLabel: 'alerts.switch',
  switch: { method: 'alertSet', params: { id: ':id' }, success: { notice: 'alerts.saved' } },
};

const spec: ScreenSpec = {
  id: 'alerts',
  route: '/alerts',
  layout: 'main',
  title: 'alerts.title',
  kind: 'dashboard',
  dashboard: {
    sections: [
      {
        id: 'news',
        kind: 'switches',
        title: 'alerts.news',
        data: { method: 'alertList' },
        rows: 'alerts',
        rowsWhere: { field: 'group', equals: 'news' },
        switches: grid,
      },
      {
        id: 'money',
        kind: 'switches',
        title: 'alerts.money',
        data: { method: 'alertList' },
        rows: 'alerts',
        rowsWhere: { field: 'group', equals: 'money' },
        switches: grid,
      },
    ],
  },
};

const wording = () =>
  createTestI18n({
    alerts: {
      title: 'Alerts',
      news: 'News',
      money: 'Money',
      topic: 'Topic',
      switch: '{{row}} by {{column}}',
      saved: 'Saved.',
      topics: { offers: 'Offers', received: 'Money received' },
      channels: { mail: 'Mail', phone: 'Phone' },
    },
  });

function server() {
  const alerts = [
    { id: 'offers.mail', on: false, group: 'news' },
    { id: 'offers.phone', on: false, group: 'news' },
    { id: 'received.mail', on: true, group: 'money' },
    { id: 'received.phone', on: false, group: 'money' },
  ];
  const callMethod = vi.fn(async (method: string, params: Record<string, unknown>) => {
    if (method === 'alertList') return { alerts: structuredClone(alerts) };
    if (params.id === 'received.phone') throw new MethodCallError('TA1', 'Add a phone number first.');
    const alert = alerts.find((candidate) => candidate.id === params.id)!;
    alert.on = params.on === true;
    return { alert };
  });
  return callMethod;
}

async function section(name: string): Promise<HTMLElement> {
  return (await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement;
}

describe('switch grids', () => {
  it('reads rows and columns from the keys, in the order they come', () => {
    const rows = switchRows([{ id: 'a.b.mail', on: true }, { id: 'c.mail' }, { id: 'a.b.phone' }, { id: 'nodot' }], { key: 'id', value: 'on' });
    expect(rows.map((row) => [row.name, [...row.cells.keys()]])).toEqual([
      ['a.b', ['mail', 'phone']],
      ['c', ['mail']],
    ]);
  });

  it('shows each group in its own section, and sends a change at once with the new state', async () => {
    const callMethod = server();
    const notify = vi.fn();
    renderScreens(testOptions([spec], { callMethod, notify }), '/alerts', wording());
    const news = await section('News');
    const offersByMail = (await within(news).findByRole('checkbox', { name: 'Offers by Mail' })) as HTMLInputElement;
    expect(within(news).queryByRole('checkbox', { name: /Money received/ })).toBeNull();
    expect(within(news).getByRole('columnheader', { name: 'Topic' })).toBeTruthy();
    expect(offersByMail.checked).toBe(false);

    fireEvent.click(offersByMail);
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('alertSet', { id: 'offers.mail', on: true }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('alerts.saved', expect.anything()));
    await waitFor(() => expect((within(news).getByRole('checkbox', { name: 'Offers by Mail' }) as HTMLInputElement).checked).toBe(true));
  });

  it('puts a refused switch back and hands the refusal to onError', async () => {
    const callMethod = server();
    const onError = vi.fn();
    renderScreens(testOptions([spec], { callMethod, onError }), '/alerts', wording());
    const money = await section('Money');
    const byPhone = (await within(money).findByRole('checkbox', { name: 'Money received by Phone' })) as HTMLInputElement;
    expect((within(money).getByRole('checkbox', { name: 'Money received by Mail' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(byPhone);
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.any(MethodCallError)));
    await waitFor(() => expect((within(money).getByRole('checkbox', { name: 'Money received by Phone' }) as HTMLInputElement).checked).toBe(false));
  });
});
