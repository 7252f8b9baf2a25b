/**
 * One uploaded document as its spec draws it (screens/profile-document.yaml): the document asked by the
 * route's id, its empty dates left out, each file downloaded through an authenticated call whose answer
 * the browser saves under the file's name.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScreenSpec } from '../../engine/index.ts';
import type { UploadedDocument } from '../../generated/entities.ts';
import profileDocument from '../../generated/screens/profile-document.json';
import { renderSpecs } from '../testing/render-spec.tsx';

const document: UploadedDocument = {
  id: 42,
  statusId: 26,
  uploaded: '2026-03-02T10:00:00.000Z',
  documentTypeId: 10,
  // The server's own words for the type: the screen names it from the locale files by its id instead.
  documentType: 'UTILITY_BILL',
  category: 'address',
  isSubDocument: false,
  rejectReason: 'The bill is older than three months.',
  files: [
    { fileId: 7, role: 'main', fileName: 'bill.pdf', mediaType: 'application/pdf', sizeBytes: 4 },
    { fileId: 8, role: 'additional', page: 'backSide', fileName: 'back.png', mediaType: 'image/png', sizeBytes: 4 },
  ],
};

describe('an uploaded document', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the document of the route, its reject reason and files, and saves a file it downloads', async () => {
    const callMethod = vi.fn(async (method: string, _params: Record<string, unknown>): Promise<unknown> => {
      if (method === 'documentInquiry') return { document };
      if (method === 'documentFileDownload')
        return { fileName: 'bill.pdf', mediaType: 'application/pdf', content: `data:application/pdf;base64,${btoa('%PDF')}` };
      throw new Error(`unexpected ${method}`);
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderSpecs([profileDocument as unknown as ScreenSpec], '/profile/documents/42', { callMethod });

    expect(await screen.findByText('The bill is older than three months.')).toBeTruthy();
    expect(callMethod).toHaveBeenCalledWith('documentInquiry', { documentId: '42' });
    expect(screen.getByText('Utility bill')).toBeTruthy();
    // No issue or expiry date on this document: the fields are left out, not dashed.
    expect(screen.queryByText(/Issued/)).toBeNull();

    const files = screen.getByRole('table', { name: 'Files' });
    expect(within(files).getByText('back side')).toBeTruthy();
    const headers = within(files)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers.slice(0, 2)).toEqual(['File', 'Side']);
    // The button says which file it downloads.
    fireEvent.click(within(files).getByRole('button', { name: 'Download bill.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(callMethod).toHaveBeenCalledWith('documentFileDownload', { documentId: '42', fileId: 7 });
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('bill.pdf');
  });
});
