/**
 * The address of one of the product's pages as an e-mail carries it: absolute, on the server's public
 * base URL (the `publicUrl` setting, PUBLIC_URL), else on the origin the call came to (`RpcContext.origin`,
 * which the dispatcher fills in that order). A mail client has no page to resolve a relative link against.
 *
 * @example
 * emailLink('https://bank.example', '/activate?username=ana%40example.com&activationCode=048213');
 * // 'https://bank.example/activate?username=ana%40example.com&activationCode=048213'
 * emailLink('https://bank.example/app/', '/activate'); // 'https://bank.example/app/activate'
 */
export function emailLink(linkBase: string, path: string): string {
  const base = linkBase.endsWith('/') ? linkBase : `${linkBase}/`;
  return new URL(path.replace(/^\/+/, ''), base).toString();
}

/** Where e-mail links point when a call carries no origin (a job, a test calling a function): the default listener. */
export const FALLBACK_LINK_BASE = 'http://localhost:8080';
