import { describe, expect, it } from 'vitest';
import { sourceChoices, sourceItems } from './optionWidgets';

const kinds = [
  { code: 'box', sizes: ['S', 'L'] },
  { code: 'tube', sizes: ['XL'] },
];

describe('source.within', () => {
  it("offers the list inside the item the form's value keeps, and nothing while none is kept", () => {
    const source = { method: 'kinds', where: { field: 'code', equals: ':kind' }, within: 'sizes' };
    expect(sourceItems(kinds, source, { kind: 'tube' })).toEqual(['XL']);
    expect(sourceItems(kinds, source, { kind: 'bag' })).toEqual([]);
    expect(sourceItems(kinds, source, {})).toEqual([]);
    const t = ((key: string, options?: { defaultValue?: string }) => options?.defaultValue ?? key) as never;
    expect(sourceChoices(t, kinds, source, { kind: 'box' })).toEqual([
      { value: 'S', label: 'S' },
      { value: 'L', label: 'L' },
    ]);
  });
});
