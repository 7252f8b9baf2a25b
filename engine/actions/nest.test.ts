import { describe, expect, it } from 'vitest';
import { nestFields, unnestFieldErrors } from './nest';

describe('nest', () => {
  const nest = { size: ['width', 'height', 'extras'] };

  it('sends the listed fields inside their object, an object field its own fields, and leaves empty ones out', () => {
    expect(nestFields({ kind: 'box', width: '3', height: '', extras: { colour: 'red', finish: '' } }, nest)).toEqual({
      kind: 'box',
      size: { width: '3', colour: 'red' },
    });
    expect(nestFields({ kind: 'box' }, nest)).toEqual({ kind: 'box', size: {} });
    expect(nestFields({ kind: 'box' }, undefined)).toEqual({ kind: 'box' });
  });

  it("puts the server's errors back on the fields the form shows", () => {
    expect(
      unnestFieldErrors({ 'size.width': 'Too wide', 'size.colour': 'Sold out', 'size.weight': 'Unknown', kind: 'Closed' }, nest, { extras: { colour: 'red' } }),
    ).toEqual({ width: 'Too wide', 'extras.colour': 'Sold out', weight: 'Unknown', kind: 'Closed' });
  });
});
