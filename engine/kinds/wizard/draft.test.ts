import { describe, expect, it, vi } from 'vitest';
import { clearDraft, readDraft, writeDraft } from './draft';

describe('wizard drafts', () => {
  it('reads back a draft of the same version', () => {
    writeDraft('k', { version: '3', step: 2, data: { a: 1 }, savedAt: '2024-01-01T00:00:00Z' });
    expect(readDraft('k', '3')).toMatchObject({ step: 2, data: { a: 1 } });
  });

  it('deletes a draft of another version or one that cannot be read', () => {
    writeDraft('k', { version: '3', step: 2, data: {}, savedAt: '' });
    expect(readDraft('k', '4')).toBeNull();
    expect(localStorage.getItem('k')).toBeNull();
    localStorage.setItem('k', '{not json');
    expect(readDraft('k', '4')).toBeNull();
    expect(localStorage.getItem('k')).toBeNull();
  });

  it('keeps working when storage refuses to store', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => writeDraft('k', { version: '1', step: 0, data: {}, savedAt: '' })).not.toThrow();
    vi.restoreAllMocks();
    clearDraft('k');
    expect(readDraft('k', '1')).toBeNull();
  });
});
