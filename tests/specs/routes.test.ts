/**
 * Every route of document 000 section 2 outside the money, card, merchant, company and contract areas
 * (issue 3) is a screen spec. The catch-all 404 page is the engine's own (EngineOptions.notFound).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../../server/config/config.ts';
import { IDENTITY_ROUTES } from './identity-routes.ts';

/** Routes with the parameter names dropped, so `/cards/:accountId` and `/cards/:id` compare equal. */
const shape = (route: string) => route.replace(/:[A-Za-z0-9_]+/g, ':');

function specRoutes(): Map<string, string> {
  const dir = path.join(REPOSITORY_ROOT, 'screens');
  const routes = new Map<string, string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.yaml'))) {
    const spec = parse(readFileSync(path.join(dir, file), 'utf8')) as { route?: string };
    if (!spec.route) continue;
    routes.set(shape(spec.route), file);
    // A route with sub-steps (`/account-recovery/*`) also answers its own path.
    if (spec.route.endsWith('/*')) routes.set(shape(spec.route.slice(0, -2)), file);
  }
  return routes;
}

describe('routes of document 000 section 2 (identity, sessions, profile, verification, security)', () => {
  const routes = specRoutes();
  it.each(IDENTITY_ROUTES)('%s is a screen spec', (route) => {
    expect(routes.has(shape(route)), `no screens/*.yaml has route ${route}`).toBe(true);
  });
});
