/**
 * A list screen written as a spec only: a form section that adds, a table section whose rows carry
 * actions shown by a condition, a detail section whose buttons follow its data, and tabs to sibling
 * screens. What a user sees and what is sent are asserted, not how it is drawn.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MethodCallError } from '../../errors/MethodCallError';
import type { ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

const entrySchema = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string', title: 'Name' }, state: { type: 'string', enum: ['open', 'closed'] } },
};

const spec: ScreenSpec = {
  id: 'contacts',
  route: '/contacts',
  layout: 'main',
  title: 'contacts.title',
  kind: 'dashboard',
  tabs: {
    label: 'contacts.tabs',
    items: [
      { label: 'contacts.title', to: '/contacts' },
      { label: 'contacts.archive', to: '/archive' },
    ],
  },
  dashboard: {
    sections: [
      {
        id: 'mode',
        title: 'contacts.sharing',
        kind: 'detail',
        data: { method: 'contactList' },
        entity: { type: 'object', properties: { shared: { type: 'boolean', title: 'Shared' } } },
        columns: [{ field: 'shared', format: 'badge' }],
        actions: [
          { id: 'share', label: 'contacts.share', method: 'contactShare', params: { shared: true }, when: { field: 'shared', equals: false } },
          { id: 'unshare', label: 'contacts.unshare', method: 'contactShare', params: { shared: false }, when: { field: 'shared', equals: true } },
        ],
      },
      {
        id: 'add',
        title: 'contacts.addTitle',
        kind: 'form',
        form: {
          schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', title: 'Name', minLength: 2 } } },
          fields: ['name'],
          submit: { method: 'contactAdd', label: 'contacts.add', success: { notice: 'contacts.added' } },
        },
      },
      {
        id: 'list',
        title: 'contacts.listTitle',
        kind: 'table',
        data: { method: 'contactList' },
        entity: entrySchema,
        rows: 'entries',
        columns: [{ field: 'name' }, { field: 'state', format: 'badge' }],
        rowActions: [
          {
            id: 'close',
            label: 'contacts.close',
            method: 'contactClose',
            params: { id: ':id', reason: 'asked' },
            when: { field: 'state', in: ['open'] },
            confirm: 'contacts.confirmClose',
            confirmYes: 'contacts.yesClose',
            variant: 'danger',
            success: { notice: 'contacts.closed' },
          },
        ],
      },
    ],
  },
};

const i18n = () =>
  createTestI18n({
    contacts: {
      title: 'Contacts',
      archive: 'Archive',
      tabs: 'Contact screens',
      sharing: 'Sharing',
      share: 'Share',
      unshare: 'Stop sharing',
      addTitle: 'Add a contact',
      add: 'Add',
      added: 'Added {{contact.name}}.',
      listTitle: 'Your contacts',
      close: 'Close',
      confirmClose: 'Close {{name}}?',
      yesClose: 'Yes, close',
      closed: 'Closed.',
    },
    enums: { state: { open: 'Open', closed: 'Closed' }, shared: { true: 'On', false: 'Off' } },
  });

/** A fake server holding the contacts, so reloads show what the calls changed. */
function server() {
  const state = {
    shared: false,
    entries: [
      { id: 1, name: 'Ada', state: 'open' },
      { id: 2, name: 'Bob', state: 'closed' },
    ],
  };
  const callMethod = vi.fn(async (method: string, params: Record<string, unknown>) => {
    switch (method) {
      case 'contactList':
        return structuredClone(state);
      case 'contactAdd': {
        const contact = { id: state.entries.length + 1, name: String(params.name), state: 'open' };
        state.entries.push(contact);
        return { contact };
      }
      case 'contactClose':
        state.entries = state.entries.map((entry) => (entry.id === params.id ? { ...entry, state: 'closed' } : entry));
        return {};
      case 'contactShare':
        if (params.shared) throw new MethodCallError('TA1', 'Refused', { shared: 'Add your own address first.' });
        return {};
    }
    throw new Error(`unexpected ${method}`);
  });
  return { state, callMethod };
}

async function section(name: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 2, name });
  return heading.closest('section') as HTMLElement;
}

describe('dashboard sections with forms and actions', () => {
  afterEach(() => vi.restoreAllMocks());

  it('adds through a form section, says so with the answer, empties the form and reloads the list', async () => {
    const { callMethod } = server();
    const notify = vi.fn();
    renderScreens(testOptions([spec], { callMethod, notify }), '/contacts', i18n());
    const list = await section('Your contacts');
    await within(list).findByRole('cell', { name: 'Ada' });

    const form = await section('Add a contact');
    const name = within(form).getByLabelText(/Name/) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Cy' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('contactAdd', { name: 'Cy' }));
    await within(list).findByRole('cell', { name: 'Cy' });
    expect(notify).toHaveBeenCalledWith('contacts.added', { contact: { id: 3, name: 'Cy', state: 'open' } });
    await waitFor(() => expect((within(form).getByLabelText(/Name/) as HTMLInputElement).value).toBe(''));
  });

  it('validates a form section with its schema before sending', async () => {
    const { callMethod } = server();
    renderScreens(testOptions([spec], { callMethod }), '/contacts', i18n());
    const form = await section('Add a contact');
    fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: 'C' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(within(form).getByLabelText(/Name/).getAttribute('aria-invalid')).toBe('true'));
    expect(callMethod).not.toHaveBeenCalledWith('contactAdd', expect.anything());
  });

  it('offers a row action only where its condition holds, asks with the row in the question, then sends the row', async () => {
    const { callMethod } = server();
    renderScreens(testOptions([spec], { callMethod }), '/contacts', i18n());
    const list = await section('Your contacts');
    const ada = (await within(list).findByRole('cell', { name: 'Ada' })).closest('tr') as HTMLElement;
    const bob = within(list).getByRole('cell', { name: 'Bob' }).closest('tr') as HTMLElement;
    expect(within(bob).queryByRole('button')).toBeNull();

    fireEvent.click(within(ada).getByRole('button', { name: 'Close Ada' }));
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toContain('Close Ada?');
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, close' }));

    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('contactClose', { id: 1, reason: 'asked' }));
    await waitFor(() => expect(within(ada).queryByRole('button', { name: /Close/ })).toBeNull());
    expect(within(ada).getByText('Closed')).toBeTruthy();
  });

  it('sends nothing when the question is answered no', async () => {
    const { callMethod } = server();
    renderScreens(testOptions([spec], { callMethod }), '/contacts', i18n());
    const list = await section('Your contacts');
    const ada = (await within(list).findByRole('cell', { name: 'Ada' })).closest('tr') as HTMLElement;
    fireEvent.click(within(ada).getByRole('button', { name: 'Close Ada' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'No, go back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callMethod).not.toHaveBeenCalledWith('contactClose', expect.anything());
  });

  it("shows a section's buttons by its data, and says a refusal's field errors under them", async () => {
    const { callMethod } = server();
    const onError = vi.fn();
    renderScreens(testOptions([spec], { callMethod, onError }), '/contacts', i18n());
    const sharing = await section('Sharing');
    await within(sharing).findByText('Off');
    expect(within(sharing).queryByRole('button', { name: 'Stop sharing' })).toBeNull();

    fireEvent.click(within(sharing).getByRole('button', { name: 'Share' }));
    const alert = await within(sharing).findByRole('alert');
    expect(alert.textContent).toBe('Add your own address first.');
    expect(callMethod).toHaveBeenCalledWith('contactShare', { shared: true });
    expect(onError).not.toHaveBeenCalled();
  });

  it('draws the tab group with the open screen marked', async () => {
    renderScreens(testOptions([spec], { callMethod: server().callMethod }), '/contacts', i18n());
    const tabs = await screen.findByRole('navigation', { name: 'Contact screens' });
    expect(within(tabs).getByRole('link', { name: 'Contacts' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'Archive' }).getAttribute('aria-current')).toBeNull();
  });
});

describe('row actions whose answer is a file', () => {
  afterEach(() => vi.restoreAllMocks());

  const documents: ScreenSpec = {
    id: 'documents',
    route: '/documents',
    layout: 'main',
    title: 'documents.title',
    kind: 'dashboard',
    dashboard: {
      sections: [
        {
          id: 'list',
          title: 'documents.listTitle',
          kind: 'table',
          data: { method: 'documentList' },
          entity: { type: 'object', properties: { id: { type: 'string' }, signedAt: { type: 'string', format: 'date-time' } } },
          rows: 'documents',
          columns: [
            { field: 'id', label: 'documents.name', enumKey: 'document' },
            { field: 'signedAt', label: 'documents.signed', emptyText: 'documents.notSigned' },
          ],
          rowActions: [
            { id: 'download', label: 'documents.download', method: 'documentDownload', params: { id: ':id' }, success: { saveFile: true } },
            { id: 'sign', label: 'documents.sign', subject: 'documents.signWhat', method: 'documentSign', params: { id: ':id' } },
          ],
        },
      ],
    },
  };
  const wording = () =>
    createTestI18n({
      documents: {
        title: 'Documents',
        listTitle: 'Your documents',
        name: 'Document',
        signed: 'Signed',
        notSigned: 'Not signed yet',
        download: 'Download',
        sign: 'Sign',
        signWhat: 'the {{id}} ({{signedAt}})',
      },
      enums: { document: { lease: 'Lease' } },
    });

  it('names rows by their worded first column or the action subject, says a missing value, and saves the answer as a file', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:lease');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const callMethod = vi.fn(async (method: string) =>
      method === 'documentList' ? { documents: [{ id: 'lease' }] } : { fileName: 'lease.pdf', mediaType: 'application/pdf', content: btoa('%PDF-') },
    );
    const onError = vi.fn();
    renderScreens(testOptions([documents], { callMethod, onError }), '/documents', wording());
    const row = (await screen.findByRole('cell', { name: 'Lease' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Not signed yet')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Sign the Lease (Not signed yet)' })).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Download Lease' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(callMethod).toHaveBeenCalledWith('documentDownload', { id: 'lease' });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('lease.pdf');
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe('application/pdf');
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('a row action worded by a column holding an object', () => {
  it('reads the parts of the object in its subject ("Download" heard as "Download lease.pdf")', async () => {
    const files: ScreenSpec = {
      id: 'files',
      route: '/files',
      layout: 'main',
      title: 'files.title',
      kind: 'dashboard',
      dashboard: {
        sections: [
          {
            id: 'list',
            title: 'files.title',
            kind: 'table',
            data: { method: 'fileList' },
            rows: 'files',
            columns: [{ field: 'file', label: 'files.file', template: 'files.attached' }],
            rowActions: [{ id: 'download', label: 'files.download', subject: 'files.downloadWhat', method: 'fileDownload', params: { id: ':id' } }],
          },
        ],
      },
    };
    const callMethod = vi.fn(async () => ({ files: [{ id: '7', file: { fileName: 'lease.pdf', mediaType: 'application/pdf' } }] }));
    const i18n = createTestI18n({
      files: { title: 'Files', file: 'File', attached: 'Attached: {{file.fileName}}', download: 'Download', downloadWhat: '{{file.fileName}}' },
    });
    renderScreens(testOptions([files], { callMethod }), '/files', i18n);
    const row = (await screen.findByRole('cell', { name: 'Attached: lease.pdf' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Download lease.pdf' })).toBeTruthy();
  });
});

describe('questions that read the row as shown', () => {
  it('asks with its own title and buttons, interpolating formatted columns', async () => {
    const payments: ScreenSpec = {
      id: 'payments',
      route: '/payments',
      layout: 'main',
      title: 'payments.title',
      kind: 'dashboard',
      dashboard: {
        sections: [
          {
            id: 'list',
            title: 'payments.title',
            kind: 'table',
            data: { method: 'paymentList' },
            entity: { type: 'object', properties: { amount: { type: 'string' }, payee: { type: 'string' } } },
            rows: 'payments',
            columns: [
              { field: 'amount', format: 'money', currencyField: 'currencyCode' },
              { field: 'payee', emptyText: 'payments.own' },
            ],
            rowActions: [
              {
                id: 'stop',
                label: 'payments.stop',
                method: 'paymentStop',
                params: { id: ':id' },
                confirm: 'payments.confirmStop',
                confirmTitle: 'payments.stopTitle',
                confirmYes: 'payments.stop',
                confirmNo: 'payments.keep',
              },
            ],
          },
        ],
      },
    };
    const callMethod = vi.fn(async () => ({ payments: [{ id: 4, amount: '5', currencyCode: 'EUR' }] }));
    const wording = createTestI18n({
      payments: {
        title: 'Payments',
        own: 'your {{currencyCode}} account',
        stop: 'Stop',
        keep: 'Keep',
        stopTitle: 'Stop paying?',
        confirmStop: 'No more {{amount}} to {{payee}}.',
      },
    });
    renderScreens(testOptions([payments], { callMethod }), '/payments', wording);
    fireEvent.click(await screen.findByRole('button', { name: 'Stop €5.00' }));
    const question = await screen.findByRole('alertdialog', { name: 'Stop paying?' });
    expect(question.textContent).toContain('No more €5.00 to your EUR account.');
    fireEvent.click(within(question).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callMethod).not.toHaveBeenCalledWith('paymentStop', expect.anything());
  });
});
