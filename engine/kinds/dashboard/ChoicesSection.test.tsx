import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

const join: ScreenSpec = {
  id: 'join',
  route: '/join',
  layout: 'external',
  title: 'join.title',
  kind: 'dashboard',
  dashboard: {
    sections: [
      {
        id: 'kinds',
        kind: 'choices',
        choices: [
          { to: '/join/person', label: 'join.person', text: 'join.personText', when: { field: 'joining.person', equals: true } },
          { to: '/join/company', label: 'join.company', when: { field: 'joining.company', equals: true } },
        ],
        emptyText: 'join.closed',
        link: { to: '/login', label: 'join.signIn' },
      },
    ],
  },
};
const person: ScreenSpec = { id: 'person', route: '/join/person', layout: 'external', title: 'join.person', kind: 'custom', custom: { component: 'Person' } };

const i18n = () =>
  createTestI18n({
    join: {
      title: 'Join',
      person: 'As a person',
      personText: 'For yourself.',
      company: 'As a company',
      closed: 'Nobody joins here; write to {{mail}}.',
      signIn: 'Sign in',
    },
  });

describe('a choices section', () => {
  it('offers only the choices the application facts allow, and follows them', async () => {
    renderScreens(
      testOptions([join, person], { facts: { joining: { person: true, company: false } }, components: { Person: () => <p>person form</p> } }),
      '/join',
      i18n(),
    );
    const choice = await screen.findByRole('link', { name: 'As a person For yourself.' }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: /As a company/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    fireEvent.click(choice);
    expect(await screen.findByText('person form')).toBeTruthy();
  });

  it('says the empty text, interpolating the facts, where no choice is offered', async () => {
    renderScreens(testOptions([join], { facts: { joining: { person: false, company: false }, mail: 'help@example.com' } }), '/join', i18n());
    expect(await screen.findByText('Nobody joins here; write to help@example.com.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /As a/ })).toBeNull();
  });
});
