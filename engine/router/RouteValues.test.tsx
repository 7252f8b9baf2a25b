import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CustomScreenProps } from '../provider/types';
import { routeVariants } from '../spec/routeValues';
import type { ScreenSpec } from '../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../testing/harness';
import { createScreenRoutes } from './createScreenRoutes';

/** One screen for three addresses: /exports/csv, /exports/pdf and /exports/xlsx, each its own title and media type. */
const exportSpec: ScreenSpec = {
  id: 'export',
  route: '/exports/:format',
  routeValues: {
    format: {
      csv: { title: 'exports.csv', description: 'exports.csvText', params: { mediaType: 'text/csv' } },
      pdf: { title: 'exports.pdf', params: { mediaType: 'application/pdf' } },
      xlsx: { params: { mediaType: 'application/vnd.ms-excel' } },
    },
  },
  layout: 'main',
  title: 'exports.title',
  description: 'exports.text',
  kind: 'dashboard',
  dashboard: {
    sections: [
      {
        id: 'request',
        kind: 'form',
        form: {
          schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, title: 'Name' } } },
          fields: ['name'],
          submit: { method: 'exportStart', label: 'exports.start', routeParams: { mediaType: 'mediaType', format: 'format' } },
        },
      },
    ],
  },
  actions: [{ id: 'sample', label: 'exports.sample', method: 'exportSample', params: { mediaType: ':mediaType' } }],
};

/** A screen of its own beside the listed ones: /exports/archive. */
const archiveSpec: ScreenSpec = {
  id: 'archive',
  route: '/exports/archive',
  layout: 'main',
  title: 'exports.archive',
  kind: 'custom',
  custom: { component: 'Params' },
};

function Params({ params }: CustomScreenProps) {
  return <p>{`params ${JSON.stringify(params)}`}</p>;
}

const i18n = () =>
  createTestI18n({
    exports: {
      title: 'Export',
      text: 'Any format.',
      csv: 'CSV export',
      csvText: 'Comma-separated values.',
      pdf: 'PDF export',
      start: 'Start',
      sample: 'Sample file',
      archive: 'Archive',
    },
  });

describe('routeVariants', () => {
  it('answers one address per listed value, with what each sets, and the route itself without routeValues', () => {
    expect(routeVariants('/exports/:format', exportSpec.routeValues)).toEqual([
      { path: '/exports/csv', value: 'csv', title: 'exports.csv', description: 'exports.csvText', params: { format: 'csv', mediaType: 'text/csv' } },
      { path: '/exports/pdf', value: 'pdf', title: 'exports.pdf', params: { format: 'pdf', mediaType: 'application/pdf' } },
      { path: '/exports/xlsx', value: 'xlsx', params: { format: 'xlsx', mediaType: 'application/vnd.ms-excel' } },
    ]);
    expect(routeVariants('/stores/:storeId/exports/:format', { format: { csv: {} } })).toEqual([
      { path: '/stores/:storeId/exports/csv', value: 'csv', params: { format: 'csv' } },
    ]);
    expect(routeVariants('/home')).toEqual([{ path: '/home', params: {} }]);
  });
});

describe('a route whose values are listed (routeValues)', () => {
  it("draws each listed value with its own title and description, in the heading, the shell and the document's title", async () => {
    const { router } = renderScreens(testOptions([exportSpec]), '/exports/csv', i18n());
    expect(await screen.findByRole('heading', { level: 1, name: 'CSV export' })).toBeTruthy();
    expect(screen.getByText('Comma-separated values.')).toBeTruthy();
    expect(screen.getByTestId('layout-main').dataset.title).toBe('CSV export');
    expect(document.title).toBe('CSV export');

    await act(() => router.navigate('/exports/pdf'));
    expect(await screen.findByRole('heading', { level: 1, name: 'PDF export' })).toBeTruthy();
    expect(screen.queryByText('Comma-separated values.')).toBeNull();
    // A value without a title of its own keeps the spec's.
    await act(() => router.navigate('/exports/xlsx'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Export' })).toBeTruthy();
    expect(screen.getByText('Any format.')).toBeTruthy();
  });

  it('answers the not-found page for a value not listed, and leaves a screen of its own on a sibling address', async () => {
    const options = testOptions([exportSpec, archiveSpec], { components: { Params } });
    const { router } = renderScreens(options, '/exports/xml', i18n());
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    await act(() => router.navigate('/exports/archive'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Archive' })).toBeTruthy();
    expect(screen.getByText('params {}')).toBeTruthy();
  });

  it("sends the value's params wherever the spec reads route parameters: a submit's routeParams, a button's ':name'", async () => {
    const callMethod = vi.fn(async (_method: string, _params: Record<string, unknown>) => ({}));
    renderScreens(testOptions([exportSpec], { callMethod }), '/exports/pdf', i18n());
    fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: 'May' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    });
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('exportStart', { name: 'May', mediaType: 'application/pdf', format: 'pdf' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sample file' }));
    });
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('exportSample', { mediaType: 'application/pdf' }));
  });

  it("gives a custom screen and a guard the value's params as route parameters", async () => {
    const guard = vi.fn(() => null);
    const spec: ScreenSpec = { ...exportSpec, kind: 'custom', custom: { component: 'Params' }, dashboard: undefined, actions: undefined, guard: 'signedIn' };
    renderScreens(testOptions([spec], { components: { Params }, guards: { signedIn: guard } }), '/exports/csv', i18n());
    expect(await screen.findByText('params {"mediaType":"text/csv","format":"csv"}')).toBeTruthy();
    expect(guard).toHaveBeenCalledWith(expect.objectContaining({ pathname: '/exports/csv', params: { format: 'csv', mediaType: 'text/csv' } }));
  });

  it('refuses two screens answering one address, a listed value included', () => {
    const clash: ScreenSpec = { ...archiveSpec, id: 'pdf', route: '/exports/pdf' };
    expect(() => createScreenRoutes(testOptions([exportSpec, clash]))).toThrow(/screens\/pdf\.yaml and screens\/export\.yaml both use route "\/exports\/pdf"/);
  });
});
