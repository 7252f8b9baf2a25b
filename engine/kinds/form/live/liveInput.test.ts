import { describe, expect, it } from 'vitest';
import { sourceParams } from '../../../schema-form/sources';
import { liveInput } from './liveInput';

const quote = { id: 'quote', method: 'orderQuote', params: { amount: ':amount', storeId: ':storeId', region: ':region', kind: 'express' } };

describe('a live value or a source with optional params', () => {
  it('waits for every field it names, as before, when none is optional', () => {
    expect(liveInput(quote, { amount: '5', storeId: 7 }, {}, new Set())).toEqual({ status: 'idle' });
  });

  it('is asked without an optional field that is empty, and with it once it has a value', () => {
    const live = { ...quote, optional: ['region'] };
    expect(liveInput(live, { amount: '5', storeId: 7 }, {}, new Set())).toMatchObject({ status: 'ask', params: { amount: '5', storeId: 7, kind: 'express' } });
    expect(liveInput(live, { amount: '5', storeId: 7, region: '' }, {}, new Set())).toMatchObject({
      status: 'ask',
      params: { amount: '5', storeId: 7, kind: 'express' },
    });
    expect(liveInput(live, { amount: '5', storeId: 7, region: 'north' }, {}, new Set())).toMatchObject({
      status: 'ask',
      params: { amount: '5', storeId: 7, region: 'north', kind: 'express' },
    });
    // Optional does not make the other fields so.
    expect(liveInput(live, { storeId: 7 }, {}, new Set())).toEqual({ status: 'idle' });
  });

  it('asks for a source’s options without an optional field that is empty', () => {
    const source = { method: 'sizes', params: { storeId: ':storeId', region: ':region' } };
    expect(sourceParams(source, { storeId: 7 })).toBeNull();
    expect(sourceParams({ ...source, optional: ['region'] }, { storeId: 7 })).toEqual({ storeId: 7 });
    expect(sourceParams({ ...source, optional: ['region'] }, { storeId: 7, region: 'north' })).toEqual({ storeId: 7, region: 'north' });
    expect(sourceParams({ ...source, optional: ['region'] }, {})).toBeNull();
  });
});
