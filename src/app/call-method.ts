import { MethodCallError, type EngineOptions } from '../../engine/index.ts';
import { rpcMethodNames, type ProfileUpdateResponse, type RpcCall, type RpcMethodName, type RpcRequest } from '../../generated/methods.ts';
import type { CustomerStore } from '../session/customer-store.ts';

const isRpcMethodName = (name: string): name is RpcMethodName => (rpcMethodNames as readonly string[]).includes(name);

/**
 * The engine's `callMethod`: the typed client behind the engine's by-name calls. Screen specs only
 * name declared methods (codegen checks), so an unknown name is a build mismatch and says so. A saved
 * profile also updates the signed-in customer, so the header shows the new name at once.
 *
 * @example
 * createScreenRouter({ …, callMethod: createCallMethod(rpc, customer) });
 */
export function createCallMethod(rpc: RpcCall, customer: CustomerStore): EngineOptions['callMethod'] {
  return async (method, params) => {
    if (!isRpcMethodName(method)) {
      throw new MethodCallError('IM', `'${method}' is not a declared method: run npm run codegen and rebuild`, {});
    }
    const answer = await rpc(method, params as RpcRequest<RpcMethodName>);
    if (method === 'profileUpdate') customer.profileChanged((answer as ProfileUpdateResponse).profile);
    return answer;
  };
}
