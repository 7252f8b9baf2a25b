import type { FastifyRequest } from 'fastify';

/**
 * The RPC method a request calls: the method of its route (a declaration's own multipart path), the path's last segment (`POST /api/p2pTransfer`) or the query
 * (`POST /api?method=p2pTransfer`, as the browser calls it). Undefined when neither names one.
 *
 * @example
 * rpcMethodName(request); // 'p2pTransfer'
 */
export function rpcMethodName(request: FastifyRequest): string | undefined {
  // A method's own address (a declaration's multipart.path) names it in its route's config.
  const ofRoute = (request.routeOptions?.config as { rpcMethod?: unknown } | undefined)?.rpcMethod;
  if (typeof ofRoute === 'string') return ofRoute;
  const fromPath = (request.params as Record<string, unknown> | undefined)?.method;
  if (typeof fromPath === 'string') return fromPath;
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.method;
  return typeof fromQuery === 'string' ? fromQuery : undefined;
}
