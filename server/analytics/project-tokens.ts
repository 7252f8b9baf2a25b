import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Brand } from '../../generated/entities.ts';
import { REPOSITORY_ROOT } from '../config/config.ts';

/**
 * The analytics project tokens of every brand (brands/<id>/brand.json `analytics.projectToken`), token to
 * brand id: the sandbox host answers each brand's browser, as the real host has one project per brand.
 *
 * @example
 * projectTokens().get('sandbox-paxum-project'); // 'paxum'
 */
export function projectTokens(brandsDir = path.join(REPOSITORY_ROOT, 'brands')): Map<string, string> {
  const tokens = new Map<string, string>();
  for (const entry of readdirSync(brandsDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    let brand: Brand;
    try {
      brand = JSON.parse(readFileSync(path.join(brandsDir, entry.name, 'brand.json'), 'utf8')) as Brand;
    } catch {
      continue;
    }
    if (brand.analytics?.projectToken) tokens.set(brand.analytics.projectToken, brand.id);
  }
  return tokens;
}

/**
 * The project a request's Basic authorization names (the token as user name, empty password); null when
 * it names none we know.
 *
 * @example
 * projectOf(`Basic ${btoa('sandbox-paxum-project:')}`, tokens); // 'sandbox-paxum-project'
 */
export function projectOf(authorization: string | undefined, tokens: ReadonlyMap<string, string>): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(authorization ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const token = decoded.split(':')[0] ?? '';
  return tokens.has(token) ? token : null;
}
