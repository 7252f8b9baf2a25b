import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

const start: ScreenSpec = {
  id: 'start',
  route: '/start',
  layout: 'main',
  title: 'start.title',
  kind: 'dashboard',
  dashboard: {
    sections: [
      {
        id: 'first',
        kind: 'detail',
        width: 'full',
        title: 'start.first',
        data: { method: 'tills' },
        when: { field: 'count', equals: 0 },
        actions: [{ id: 'open', label: 'start.open', navigate: '/tills/new', variant: 'primary' }],
      },
      { id: 'help', kind: 'detail', title: 'start.help' },
    ],
  },
};

describe('section width', () => {
  it('gives a section marked full the whole row, and leaves the others to share theirs', async () => {
    const i18n = createTestI18n({ start: { title: 'Start', first: 'Open your first till', open: 'Open a till', help: 'Help' } });
    renderScreens(testOptions([start], { callMethod: async () => ({ count: 0 }) }), '/start', i18n);
    const first = (await screen.findByRole('heading', { name: 'Open your first till' }, { timeout: 15_000 })).closest('section')!;
    expect(first.classList.contains('eng-section--full')).toBe(true);
    expect(screen.getByRole('link', { name: 'Open a till' }).getAttribute('href')).toBe('/tills/new');
    const help = screen.getByRole('heading', { name: 'Help' }).closest('section')!;
    expect(help.classList.contains('eng-section--full')).toBe(false);
  });
});
