import { describe, expect, it, vi } from 'vitest';
import { MethodCallError } from '../../engine/index.ts';
import { createRpcSend, multipartBody } from './rpc.ts';

describe('multipart calls', () => {
  it('sends files as parts with their names and types, and the rest as the JSON part data', async () => {
    const form = multipartBody('massTransferUpload', { batchName: 'May', accountId: 7, note: null, file: 'data:text/csv;name=may%20fees.csv;base64,YSxiCg==' });
    expect(JSON.parse(String(form.get('data')))).toEqual({ method: 'massTransferUpload', batchName: 'May', accountId: 7 });
    const file = form.get('file') as File;
    expect(file.name).toBe('may fees.csv');
    expect(file.type).toBe('text/csv');
    expect(await file.text()).toBe('a,b\n');
  });

  it('posts the form without a JSON content type, and gives a refusal its values', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ responseCode: '92', responseDescription: 'Identical batch', batchId: 4, date: '2026-03-02' })),
    );
    const send = createRpcSend({ accessToken: async () => 'token', language: () => 'en', actingCustomerId: () => null, fetch });
    const refusal = await send('massTransferUpload', { batchName: 'May' }, { multipart: true }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(MethodCallError);
    expect((refusal as MethodCallError).values).toMatchObject({ batchId: 4, date: '2026-03-02' });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBeInstanceOf(FormData);
    expect(new Headers(init.headers).get('content-type')).toBeNull();
  });
});
