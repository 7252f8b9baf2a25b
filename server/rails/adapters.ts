import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { gatewayRail } from './gateway-rail.ts';
import { RAILS, type RailAdapter, type RailAdapters, type RailName } from './rail-adapter.ts';
import { sandboxRail, type SandboxRail } from './sandbox-rail.ts';

/**
 * Every rail's adapter: the sandbox network when sandboxes are on, else the gateway at the rail's
 * `RAIL_<NAME>_URL` (config.gateways.rails). A rail that needs another adapter picks it here by name.
 *
 * @example
 * const rails = railAdapters({ sandboxes: false, urls: { wire: 'https://wire.example/api' } }, db);
 */
export function railAdapters(options: { sandboxes: boolean; urls?: Partial<Record<RailName, string>> }, db: Kysely<Database>): RailAdapters {
  const pick = (rail: RailName): RailAdapter => (options.sandboxes ? sandboxRail(db, rail) : gatewayRail(rail, options.urls?.[rail] ?? ''));
  return Object.fromEntries(RAILS.map((rail) => [rail, pick(rail)])) as RailAdapters;
}

/** The rail as its sandbox, when it is one: the scheduler moves the sandbox network's clock. */
export function asSandboxRail(adapter: RailAdapter): SandboxRail | undefined {
  return 'advance' in adapter && 'act' in adapter ? (adapter as SandboxRail) : undefined;
}
