import { describe, expect, it } from 'vitest';
import { mergedSpecPart, specsAt } from './routeValues';

describe('specsAt', () => {
  const spec = {
    id: 'signup',
    route: '/signup',
    layout: 'external',
    guard: 'open',
    title: 'signup.title',
    kind: 'wizard',
    wizard: { steps: [{ id: 'a' }, { id: 'b' }], submit: { method: 'signupCreate', label: 'signup.send', success: { navigate: '/' } } },
  };

  it('answers a spec without alsoAt as it is', () => {
    expect(specsAt(spec)).toEqual([spec]);
  });

  it('draws the screen again at each address, in its layout, behind its own guard only, with the listed parts changed', () => {
    const [own, more] = specsAt({
      ...spec,
      alsoAt: [
        {
          suffix: 'more',
          route: '/signup/more',
          layout: 'main',
          guard: 'signedIn',
          title: 'signup.moreTitle',
          set: { wizard: { submit: { method: 'signupMore', success: { action: 'reload' } } } },
        },
      ],
    });
    expect(own).toEqual(spec);
    expect(more).toEqual({
      ...spec,
      id: 'signup-more',
      route: '/signup/more',
      layout: 'main',
      guard: 'signedIn',
      title: 'signup.moreTitle',
      wizard: {
        steps: spec.wizard.steps,
        submit: { method: 'signupMore', label: 'signup.send', success: { navigate: '/', action: 'reload' } },
      },
    });
  });

  it('leaves the guard and the menu entry out where the address names none', () => {
    const [, open] = specsAt({ ...spec, nav: { group: 'main' }, alsoAt: [{ suffix: 'open', route: '/open', layout: 'clear' }] });
    expect(open).not.toHaveProperty('guard');
    expect(open).not.toHaveProperty('nav');
  });
});

describe('mergedSpecPart', () => {
  it('replaces lists rather than merging them, and changes neither argument', () => {
    const base = { steps: [{ id: 'a' }, { id: 'b' }], fixed: { version: '1' } };
    const changes = { steps: [{ id: 'c' }] };
    const merged = mergedSpecPart(base, changes);
    expect(merged).toEqual({ steps: [{ id: 'c' }], fixed: { version: '1' } });
    expect(base.steps).toHaveLength(2);
    expect(merged.steps).not.toBe(changes.steps);
  });
});
