import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

const article: ScreenSpec = {
  id: 'article',
  route: '/articles/:id',
  layout: 'main',
  title: 'articles.title',
  kind: 'dashboard',
  dashboard: {
    layout: 'stack',
    sections: [
      {
        id: 'text',
        kind: 'text',
        title: 'articles.heading',
        data: { method: 'articleGet', routeParams: { id: 'id' }, path: 'article' },
        text: { paragraphs: true },
        columns: [{ field: 'publishedAt', format: 'date', template: 'articles.published' }, { field: 'body' }, { field: 'missing' }],
      },
      {
        id: 'answer',
        kind: 'detail',
        title: 'articles.answerTitle',
        data: { method: 'articleGet', routeParams: { id: 'id' }, path: 'article' },
        when: {
          all: [
            { field: 'asks', equals: true },
            { field: 'choice', present: false },
          ],
        },
        actions: [{ id: 'accept', label: 'articles.accept', method: 'articleChoose', params: { id: ':id', choice: 'accept' } }],
      },
      {
        id: 'answered',
        kind: 'text',
        data: { method: 'articleGet', routeParams: { id: 'id' }, path: 'article' },
        when: { field: 'choice', present: true },
        columns: [{ field: 'choice', template: 'articles.chose' }],
      },
    ],
  },
};

const conversation: ScreenSpec = {
  id: 'conversation',
  route: '/tickets/:ticketNumber',
  layout: 'main',
  title: 'tickets.title',
  kind: 'dashboard',
  dashboard: {
    layout: 'stack',
    sections: [
      {
        id: 'thread',
        kind: 'thread',
        title: 'tickets.subject',
        data: { method: 'ticketGet', routeParams: { ticketNumber: 'ticketNumber' } },
        rows: 'messages',
        thread: {
          label: 'tickets.conversation',
          author: 'authorName',
          time: 'sentAt',
          body: 'text',
          mine: { field: 'fromMe', equals: true },
          mineAuthor: 'tickets.you',
          footnotes: [{ field: 'file', template: 'tickets.file' }],
        },
      },
      {
        id: 'reply',
        kind: 'form',
        form: {
          schema: { type: 'object', required: ['message'], properties: { message: { type: 'string', minLength: 1, title: 'Your reply' } } },
          fields: ['message'],
          uiSchema: { message: { 'ui:widget': 'textarea' } },
          submit: { method: 'ticketReply', label: 'tickets.send', routeParams: { ticketNumber: 'ticketNumber' } },
        },
      },
    ],
  },
};

const i18n = () =>
  createTestI18n({
    articles: {
      title: 'News',
      heading: '{{title}}',
      published: 'Published on {{value}}',
      answerTitle: 'Your answer',
      accept: 'Accept',
      chose: 'You chose to {{value}}.',
    },
    tickets: { title: 'Ticket', subject: '{{subject}}', conversation: 'Conversation', you: 'You', file: 'Attached: {{file.name}}', send: 'Send reply' },
  });

describe('dashboard sections for details', () => {
  it('titles a section from its data, draws text as paragraphs, and switches sections by the data', async () => {
    let choice: string | undefined;
    const callMethod = vi.fn(async (method: string) => {
      if (method === 'articleChoose') {
        choice = 'accept';
        return {};
      }
      return { article: { title: 'New terms', publishedAt: '2026-03-01', body: 'First part.\n\nSecond part.', asks: true, choice } };
    });
    renderScreens(testOptions([article], { callMethod }), '/articles/5', i18n());
    const heading = await screen.findByRole('heading', { level: 2, name: 'New terms' });
    const text = heading.closest('section')!;
    expect(within(text).getByText('Published on Mar 1, 2026')).toBeTruthy();
    expect(within(text).getByText('First part.').tagName).toBe('P');
    expect(within(text).getByText('Second part.').tagName).toBe('P');
    expect(text.querySelectorAll('p')).toHaveLength(3);
    expect(screen.queryByText(/You chose/)).toBeNull();

    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    });
    expect(callMethod).toHaveBeenCalledWith('articleChoose', { id: '5', choice: 'accept' });
    await screen.findByText('You chose to accept.');
    expect(screen.queryByRole('heading', { name: 'Your answer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('draws a list as a conversation, and sends a reply with the route parameter', async () => {
    const messages = [
      { authorName: 'Agent Kim', sentAt: '2026-03-01T10:00:00Z', text: 'How can we help?', fromMe: false, file: { name: 'terms.pdf' } },
      { authorName: 'Ada', sentAt: '2026-03-01T10:05:00Z', text: 'My card is blocked.', fromMe: true },
    ];
    const callMethod = vi.fn(async (method: string, params: Record<string, unknown>) => {
      if (method === 'ticketReply') {
        messages.push({ authorName: 'Ada', sentAt: '2026-03-01T11:00:00Z', text: String(params.message), fromMe: true });
        return {};
      }
      return { subject: 'Blocked card', messages: [...messages] };
    });
    renderScreens(testOptions([conversation], { callMethod }), '/tickets/12', i18n());
    await screen.findByRole('heading', { level: 2, name: 'Blocked card' });
    const thread = screen.getByRole('list', { name: 'Conversation' });
    const items = within(thread).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Agent Kim')).toBeTruthy();
    expect(within(items[0]!).getByText('Attached: terms.pdf')).toBeTruthy();
    expect(items[0]!.getAttribute('data-mine')).toBe('false');
    expect(within(items[1]!).getByText('You')).toBeTruthy();
    expect(items[1]!.getAttribute('data-mine')).toBe('true');
    expect(within(items[1]!).queryByText(/Attached/)).toBeNull();

    fireEvent.change(screen.getByLabelText(/Your reply/), { target: { value: 'Thanks, it works.' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    });
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('ticketReply', { message: 'Thanks, it works.', ticketNumber: '12' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Conversation' })).getAllByRole('listitem')).toHaveLength(3));
  });

  it('draws a list of parts as a document, each under its heading, in the language it is written in', async () => {
    const document: ScreenSpec = {
      id: 'rules',
      route: '/rules',
      layout: 'main',
      title: 'articles.title',
      kind: 'dashboard',
      dashboard: {
        layout: 'stack',
        sections: [
          {
            id: 'parts',
            kind: 'text',
            data: { method: 'rulesGet' },
            rows: 'parts',
            text: { heading: 'heading', lang: 'en', paragraphs: true },
            columns: [{ field: 'text' }],
          },
        ],
      },
    };
    const callMethod = vi.fn(async () => ({
      parts: [
        { heading: '1. Scope', text: 'These rules apply.\n\nAlways.' },
        { heading: '2. Fees', text: 'None.' },
      ],
    }));
    renderScreens(testOptions([document], { callMethod }), '/rules', i18n());
    const scope = await screen.findByRole('heading', { level: 2, name: '1. Scope' });
    expect(scope.closest('[lang]')?.getAttribute('lang')).toBe('en');
    const part = scope.closest('section')!;
    expect(within(part).getAllByText(/These rules apply.|Always./)).toHaveLength(2);
    expect(within(part).queryByText('None.')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: '2. Fees' })).toBeTruthy();
  });

  it('marks what a section shows as read, once, and then shows the data again', async () => {
    const ticket: ScreenSpec = {
      id: 'ticket',
      route: '/tickets/:ticketNumber',
      layout: 'main',
      title: 'tickets.title',
      kind: 'dashboard',
      dashboard: {
        sections: [
          {
            id: 'head',
            kind: 'detail',
            data: { method: 'ticketGet', routeParams: { ticketNumber: 'ticketNumber' } },
            onShow: { method: 'ticketMarkRead', params: { ticketNumber: ':ticketNumber' }, when: { field: 'unread', equals: true } },
            columns: [{ field: 'state' }],
          },
        ],
      },
    };
    let unread = true;
    const callMethod = vi.fn(async (method: string) => {
      if (method === 'ticketMarkRead') {
        unread = false;
        return {};
      }
      return { ticketNumber: '12', unread, state: unread ? 'new answer' : 'answered' };
    });
    renderScreens(testOptions([ticket], { callMethod }), '/tickets/12', i18n());
    await screen.findByText('answered');
    expect(callMethod.mock.calls.filter(([method]) => method === 'ticketMarkRead')).toEqual([['ticketMarkRead', { ticketNumber: '12' }]]);
  });
});
