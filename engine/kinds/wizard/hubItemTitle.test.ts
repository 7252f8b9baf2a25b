import { describe, expect, it } from 'vitest';
import { hubItemTitle } from './hubItemTitle';

const t = ((key: string, values: Record<string, unknown> = {}) =>
  key === 'crew.person'
    ? `${String(values.name)}`
    : key === 'boats.boat'
      ? `Boat ${String(values.name)}`
      : `${key}|${Object.entries(values)
          .map(([name, value]) => `${name}=${String(value)}`)
          .join(',')}`) as never;

const hub = {
  fields: ['kind', 'ownerId', 'share'],
  itemTitle: 'crew.member',
  uiSchema: {
    ownerId: {
      'ui:options': {
        fromContext: [
          { path: 'people', label: 'crew.person', when: { field: 'kind', equals: 'person' } },
          { path: 'boats', label: 'boats.boat', when: { field: 'kind', equals: 'boat' } },
        ],
      },
    },
  },
};
const answers = { people: [{ id: 'p1', name: 'Ada' }], boats: [{ id: 'b1', name: 'Wave' }] };

describe('a hub item title', () => {
  it('names what a field picked from the answers, as its options word it, from the list its kind chooses', () => {
    expect(hubItemTitle(t, hub, { kind: 'person', ownerId: 'p1', share: 60 }, 0, answers)).toBe(
      'crew.member|kind=person,ownerId=p1,share=60,number=1,ownerIdLabel=Ada',
    );
    expect(hubItemTitle(t, hub, { kind: 'boat', ownerId: 'b1', share: 40 }, 1, answers)).toBe(
      'crew.member|kind=boat,ownerId=b1,share=40,number=2,ownerIdLabel=Boat Wave',
    );
  });
  it('leaves the label empty when the picked item is gone', () => {
    expect(hubItemTitle(t, hub, { kind: 'person', ownerId: 'gone', share: 5 }, 0, answers)).toMatch(/ownerIdLabel=$/);
  });
});
