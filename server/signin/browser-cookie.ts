import type { FastifyReply, FastifyRequest } from 'fastify';
import { newOpaqueToken } from '../auth/opaque-tokens.ts';

/** The cookie that tells the token service it has seen this browser before (new-device approval). */
export const BROWSER_COOKIE = 'bank_browser';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The browser's token from its cookie, if it sent one. The cookie is httpOnly and only sent to
 * /auth, so page scripts never read it.
 *
 * @example
 * browserToken(request); // 'k3J…' or undefined
 */
export function browserToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === BROWSER_COOKIE) {
      const token = value.join('=');
      if (/^[A-Za-z0-9_-]{20,100}$/.test(token)) return token;
    }
  }
  return undefined;
}

/**
 * The browser's token, giving it one (Set-Cookie) when it has none yet.
 *
 * @example
 * const token = ensureBrowserToken(request, reply);
 */
export function ensureBrowserToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = browserToken(request);
  if (existing) return existing;
  const token = newOpaqueToken();
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${BROWSER_COOKIE}=${token}; Path=/auth; Max-Age=${ONE_YEAR_SECONDS}; HttpOnly; SameSite=Strict${secure}`);
  return token;
}

/**
 * A short name for the browser from its User-Agent, for the sign-in approval texts.
 *
 * @example
 * browserName('Mozilla/5.0 (X11; Linux x86_64) … Chrome/130.0 Safari/537.36'); // 'Chrome on Linux'
 */
export function browserName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'A browser';
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
}
