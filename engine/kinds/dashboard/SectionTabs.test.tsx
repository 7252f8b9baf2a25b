import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

const spec: ScreenSpec = {
  id: 'store',
  route: '/stores/:storeId',
  layout: 'main',
  title: 'store.title',
  kind: 'dashboard',
  dashboard: {
    tabs: [
      { id: 'summary', label: 'store.summary' },
      { id: 'staff', label: 'store.staff' },
    ],
    sections: [
      { id: 'name', kind: 'detail', title: 'store.about', data: { method: 'storeGet' }, columns: [{ field: 'name' }] },
      { id: 'staff', kind: 'table', tab: 'staff', title: 'store.people', data: { method: 'storeGet' }, rows: 'staff', columns: [{ field: 'login' }] },
      { id: 'hours', kind: 'detail', tab: 'summary', title: 'store.hours', data: { method: 'storeGet' }, columns: [{ field: 'opens' }] },
    ],
  },
};

const i18n = () => createTestI18n({ store: { title: 'Store', summary: 'Summary', staff: 'Staff', about: 'About', people: 'People', hours: 'Hours' } });
const callMethod = vi.fn(async () => ({ name: 'Corner shop', opens: '9:00', staff: [{ login: 'ada' }] }));

describe('tabs within a dashboard', () => {
  it('shows the open tab’s sections, moves by keyboard, and keeps the tab in the address', async () => {
    const { router } = renderScreens(testOptions([spec], { callMethod }), '/stores/1', i18n());
    const summary = await screen.findByRole('tab', { name: 'Summary' });
    expect(summary.getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('heading', { name: 'Hours' });
    // A section without a tab shows under every tab.
    expect(screen.getByRole('heading', { name: 'About' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'People' })).toBeNull();
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(summary.id);

    await act(async () => {
      fireEvent.keyDown(summary, { key: 'ArrowRight' });
    });
    const staff = screen.getByRole('tab', { name: 'Staff' });
    expect(staff.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(staff);
    expect(router.state.location.search).toBe('?tab=staff');
    await screen.findByText('ada');
    expect(screen.queryByRole('heading', { name: 'Hours' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'About' })).toBeTruthy();
  });

  it('opens the tab the address names', async () => {
    renderScreens(testOptions([spec], { callMethod }), '/stores/1?tab=staff', i18n());
    expect((await screen.findByRole('tab', { name: 'Staff' })).getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('heading', { name: 'People' });
  });
});
