import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFileBlob, isAnswerFile, saveAnswerFile } from './saveFile';

describe('file answers', () => {
  afterEach(() => vi.restoreAllMocks());

  it('knows a file answer by its name, media type and content', () => {
    expect(isAnswerFile({ fileName: 'a.pdf', mediaType: 'application/pdf', content: 'JVBERi0=' })).toBe(true);
    expect(isAnswerFile({ fileName: '', mediaType: 'application/pdf', content: '' })).toBe(false);
    expect(isAnswerFile({ ok: true })).toBe(false);
    expect(isAnswerFile(null)).toBe(false);
  });

  it('decodes the base64 content into a Blob of the media type', async () => {
    const blob = answerFileBlob({ fileName: 'hi.txt', mediaType: 'text/plain', content: btoa('hi\u00ff') });
    expect(blob.type).toBe('text/plain');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([104, 105, 255]);
  });

  it('reads the content given as a data URL as well', async () => {
    const blob = answerFileBlob({ fileName: 'a.pdf', mediaType: 'application/pdf', content: `data:application/pdf;base64,${btoa('%PDF')}` });
    expect(new TextDecoder().decode(await blob.arrayBuffer())).toBe('%PDF');
  });

  it('saves the answer under its own name through a temporary link', () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    saveAnswerFile({ fileName: 'terms.pdf', mediaType: 'application/pdf', content: 'JVBERi0=' }, 'screens/legal.yaml');
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('terms.pdf');
    expect(link.isConnected).toBe(false);
  });

  it('names the spec when the answer is not a file', () => {
    expect(() => saveAnswerFile({ ok: true }, 'screens/legal.yaml')).toThrow(/screens\/legal\.yaml.*success\.saveFile/);
  });
});
