import { describe, expect, it } from 'vitest';
import { assignFields, besideFields, moveFieldErrors, nestFields, omitFields, unnestFieldErrors } from './nest';

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

describe('omit and errorsOn', () => {
  it('takes the fields sent beside the wrap out of the data, leaving out those without a value', () => {
    expect(besideFields({ name: 'Ann', checkToken: 'x1' }, ['checkToken'])).toEqual({ inside: { name: 'Ann' }, beside: { checkToken: 'x1' } });
    expect(besideFields({ name: 'Ann' }, ['checkToken'])).toEqual({ inside: { name: 'Ann' }, beside: {} });
    expect(besideFields({ name: 'Ann' }, undefined)).toEqual({ inside: { name: 'Ann' }, beside: {} });
  });

  it('leaves out the fields that only helped fill others', () => {
    expect(omitFields({ email: 'a@example.com', memberId: 7, note: 'x' }, ['email'])).toEqual({ memberId: 7, note: 'x' });
    expect(omitFields({ email: 'a@example.com' }, undefined)).toEqual({ email: 'a@example.com' });
  });

  it("says a hidden request field's refusal on the form field that stands for it, paths inside it too", () => {
    expect(moveFieldErrors({ memberId: 'Not found', note: 'Too long' }, { memberId: 'email' })).toEqual({ email: 'Not found', note: 'Too long' });
    expect(moveFieldErrors({ 'memberId.0': 'Bad', email: 'Mistyped' }, { memberId: 'email' })).toEqual({ email: 'Bad Mistyped' });
    expect(moveFieldErrors({ memberId: 'Not found' }, undefined)).toEqual({ memberId: 'Not found' });
  });
});

describe('assign', () => {
  const assign = [
    { field: 'buyerId', from: 'myId', when: { field: 'side', equals: 'buyer' } },
    { field: 'sellerId', from: 'otherId', when: { field: 'side', equals: 'buyer' } },
    { field: 'buyerId', from: 'otherId' },
    { field: 'sellerId', from: 'myId' },
  ];

  it('sets each request field from the form field the values choose, the first that holds', () => {
    expect(omitFields(assignFields({ side: 'buyer', myId: 1, otherId: 2 }, assign), ['side', 'myId', 'otherId'])).toEqual({ buyerId: 1, sellerId: 2 });
    expect(omitFields(assignFields({ side: 'seller', myId: 1, otherId: 2 }, assign), ['side', 'myId', 'otherId'])).toEqual({ buyerId: 2, sellerId: 1 });
  });

  it('sets nothing from an empty value, so the schema says it is missing', () => {
    expect(assignFields({ side: 'buyer', myId: 1 }, assign)).toEqual({ side: 'buyer', myId: 1, buyerId: 1 });
  });
});
