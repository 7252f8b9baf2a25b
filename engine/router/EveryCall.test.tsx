import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { ScreenSpec } from '../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../testing/harness';
import { everyCallParams } from './EveryCall';

const shared: ScreenSpec = {
  id: 'shared',
  route: '/shared/:key',
  layout: 'external',
  title: 'shares.title',
  kind: 'dashboard',
  everyCall: { routeParams: { accessKey: 'key' } },
  dashboard: {
    sections: [
      {
        id: 'item',
        kind: 'detail',
        data: { method: 'shareGet' },
        entity: {},
        columns: [{ field: 'name' }],
        actions: [{ id: 'close', label: 'shares.close', method: 'shareClose', params: { reason: 'done' } }],
      },
    ],
  },
};

const i18n = () => createTestI18n({ shares: { title: 'Shared item', close: 'Close it' }, fields: { name: 'Name' } });

describe('everyCallParams', () => {
  it('takes each request field from its route parameter, and leaves out one the address lacks', () => {
    expect(everyCallParams({ routeParams: { accessKey: 'key', owner: 'ownerId' } }, { key: 'X1' })).toEqual({ accessKey: 'X1' });
    expect(everyCallParams({ routeParams: { accessKey: 'key' } }, { key: '' })).toEqual({});
    expect(everyCallParams(undefined, { key: 'X1' })).toEqual({});
  });
});

describe('everyCall', () => {
  it("sends the address's value with the screen's data and its buttons, and never shows another address's answer", async () => {
    const callMethod = vi.fn(async (method: string, params: Record<string, unknown>): Promise<unknown> =>
      method === 'shareGet' ? { name: `Item ${String(params.accessKey)}` } : {},
    );
    const { router } = renderScreens(testOptions([shared], { callMethod }), '/shared/X1', i18n());
    await screen.findByText('Item X1');
    expect(callMethod).toHaveBeenCalledWith('shareGet', { accessKey: 'X1' });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close it' })));
    await vi.waitFor(() => expect(callMethod).toHaveBeenCalledWith('shareClose', { reason: 'done', accessKey: 'X1' }));

    let answerY2: (value: unknown) => void = () => undefined;
    callMethod.mockImplementation(() => new Promise((resolve) => (answerY2 = resolve)));
    await act(() => router.navigate('/shared/Y2'));
    await vi.waitFor(() => expect(callMethod).toHaveBeenLastCalledWith('shareGet', { accessKey: 'Y2' }));
    expect(screen.queryByText('Item X1')).toBeNull();
    answerY2({ name: 'Item Y2' });
    await screen.findByText('Item Y2');
  });

  it('sends nothing more on a screen without it', async () => {
    const plain: ScreenSpec = { ...shared, everyCall: undefined };
    const callMethod = vi.fn(async () => ({ name: 'Item' }));
    renderScreens(testOptions([plain], { callMethod }), '/shared/X1', i18n());
    await screen.findByText('Item');
    expect(callMethod).toHaveBeenCalledWith('shareGet', {});
  });
});
