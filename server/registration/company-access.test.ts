import { describe, expect, it } from 'vitest';
import { ALL_BUSINESS_RIGHTS } from '../db/schema.ts';
import { levelsOf, rightsOfLevels } from './company-access.ts';

describe('access levels of a business user (document 002 section 6)', () => {
  it('gives each area the level of its right, read from the schema, or noAccess', () => {
    expect(levelsOf(['balanceInfo', 'documents'])).toEqual({
      balanceInfo: 'read',
      transfers: 'noAccess',
      transfersApprove: 'noAccess',
      documents: 'uploading',
      companySettings: 'noAccess',
      users: 'noAccess',
    });
    expect(levelsOf(ALL_BUSINESS_RIGHTS)).toEqual({
      balanceInfo: 'read',
      transfers: 'initiate',
      transfersApprove: 'confirmed',
      documents: 'uploading',
      companySettings: 'fullAccess',
      users: 'fullAccess',
    });
  });

  it('turns levels back into the rights the matrix checks, in their order', () => {
    expect(rightsOfLevels({ users: 'fullAccess', balanceInfo: 'read', transfers: 'noAccess' })).toEqual(['balanceInfo', 'users']);
    expect(rightsOfLevels(levelsOf(ALL_BUSINESS_RIGHTS))).toEqual([...ALL_BUSINESS_RIGHTS]);
    expect(rightsOfLevels(levelsOf([]))).toEqual([]);
  });
});
