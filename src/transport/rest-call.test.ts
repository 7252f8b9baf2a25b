import { describe, expect, it } from 'vitest';
import { MethodCallError } from '../../engine/index.ts';
import { createRestCall, isRestOperationName } from './rest-call.ts';

/** A REST call whose fetch records each request and answers `status` with `body`. */
function recorded(status: number, body: unknown) {
  const requests: Request[] = [];
  const call = createRestCall({
    baseUrl: 'http://bank.test',
    accessToken: async () => 'token-1',
    language: () => 'ua',
    actingCustomerId: () => null,
    customerId: async () => 12,
    fetch: async (request) => {
      requests.push(request as Request);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  });
  return { call, requests };
}

describe('REST operations named by screen specs', () => {
  it('tells a REST operation from an RPC method name', () => {
    expect(isRestOperationName('GET /public-api/apikey')).toBe(true);
    expect(isRestOperationName('DELETE /public-api/apikey/{id}')).toBe(true);
    expect(isRestOperationName('balanceInquiry')).toBe(false);
  });

  it('fills path parameters, sends a GET or DELETE in the query and the others as JSON, with the customer and the session', async () => {
    const { call, requests } = recorded(200, { deleted: true });
    await call('DELETE /public-api/apikey/{id}', { id: 7 });
    expect(requests[0]!.method).toBe('DELETE');
    expect(requests[0]!.url).toBe('http://bank.test/public-api/apikey/7?customerId=12');
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer token-1');
    expect(requests[0]!.headers.get('accept-language')).toBe('uk');
    await call('PUT /public-api/apikey/{id}', { id: 7, enabled: false });
    expect(requests[1]!.url).toBe('http://bank.test/public-api/apikey/7');
    expect(await requests[1]!.json()).toEqual({ enabled: false, customerId: 12 });
  });

  it('throws a refusal as a MethodCallError with its field errors', async () => {
    const { call } = recorded(400, {
      responseCode: 'TA1',
      responseDescription: 'Invalid params',
      errors: [{ field: 'ipTo', description: 'The range must end at or after its start address.' }],
    });
    const error = await call('POST /public-api/allowedip', { ipFrom: '10.0.0.9', ipTo: '10.0.0.1' }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(MethodCallError);
    expect((error as MethodCallError).code).toBe('TA1');
    expect((error as MethodCallError).fieldErrors).toEqual({ ipTo: 'The range must end at or after its start address.' });
  });
});
