import { MethodCallError, type EngineOptions } from '../../engine/index.ts';
import { rpcMethodNames, type ProfileUpdateResponse, type RpcCall, type RpcMethodName, type RpcRequest } from '../../generated/methods.ts';
import type { CustomerStore } from '../session/customer-store.ts';
import { isRestOperationName } from '../transport/rest-call.ts';

const isRpcMethodName = (name: string): name is RpcMethodName => (rpcMethodNames as readonly string[]).includes(name);

/**
 * The engine's `callMethod`: the typed client behind the engine's by-name calls. Screen specs only
 * name declared methods or REST operations that declare their access (codegen checks), so an unknown
 * name is a build mismatch and says so. A REST operation, named `VERB /path` (`GET /public-api/apikey`),
 * goes through `callRest` (src/transport/rest-call.ts). A saved profile also updates the signed-in
 * customer, so the header shows the new name at once.
 *
 * @example
 * createScreenRouter({ …, callMethod: createCallMethod(rpc, customer, sendMultipart, createRestCall(restOptions)) });
 */
export function createCallMethod(
  rpc: RpcCall,
  customer: CustomerStore,
  sendMultipart?: (method: RpcMethodName, params: object, options: { multipart: true }) => Promise<unknown>,
  callRest?: (name: string, params: object) => Promise<unknown>,
): EngineOptions['callMethod'] {
  return async (method, params, options) => {
    if (callRest && isRestOperationName(method)) return callRest(method, params);
    if (!isRpcMethodName(method)) {
      throw new MethodCallError('IM', `'${method}' is not a declared method: run npm run codegen and rebuild`, {});
    }
    // A submit's `multipart`: its files as parts of a form (the server reads the same params).
    if (options?.multipart && sendMultipart) return sendMultipart(method, params, { multipart: true });
    const answer = await rpc(method, params as RpcRequest<RpcMethodName>);
    if (method === 'profileUpdate') customer.profileChanged((answer as ProfileUpdateResponse).profile);
    return answer;
  };
}
