import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { gatewayRail } from './gateway-rail.ts';
import { octRailBeneficiary } from './oct.ts';
import { RAILS, type PayoutInstruction, type RailAdapter, type RailAdapters, type RailName } from './rail-adapter.ts';
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
  return withRailBeneficiaries(Object.fromEntries(RAILS.map((rail) => [rail, pick(rail)])) as RailAdapters, db);
}

/**
 * The adapters, each rail that needs more than a payout keeps sending what `RAIL_BENEFICIARY` makes of the
 * kept beneficiary (a card payout: the number from the vault).
 *
 * @example
 * const rails = withRailBeneficiaries({ ...sandboxes, oct: capturingAdapter }, db); // capturingAdapter sees the number
 */
export function withRailBeneficiaries(adapters: RailAdapters, db: Kysely<Database>): RailAdapters {
  return Object.fromEntries(
    RAILS.map((rail) => {
      const unseal = RAIL_BENEFICIARY[rail];
      return [rail, unseal ? withRailBeneficiary(adapters[rail], (kept) => unseal(db, kept)) : adapters[rail]];
    }),
  ) as RailAdapters;
}

/**
 * The beneficiary a rail is sent from the one a payout keeps, for rails whose payouts keep less than the
 * rail needs: a card payout keeps the card's vault token and its masked number, the card network needs the
 * number. Every hand-over (at once, after a code or an approval, or again by the scheduler) goes through
 * the adapter, so this is the one place the number leaves the vault, just before the network is called.
 */
const RAIL_BENEFICIARY: Partial<Record<RailName, (db: Kysely<Database>, kept: Record<string, string>) => Promise<Record<string, string>>>> = {
  oct: octRailBeneficiary,
};

/** The adapter, its payouts sent with the beneficiary `resolve` makes of the kept one; the sandbox's controls kept. */
function withRailBeneficiary(adapter: RailAdapter, resolve: (kept: Record<string, string>) => Promise<Record<string, string>>): RailAdapter {
  const wrapped = Object.create(adapter) as RailAdapter;
  return Object.assign(wrapped, {
    sendPayout: async (instruction: PayoutInstruction) => adapter.sendPayout({ ...instruction, beneficiary: await resolve(instruction.beneficiary) }),
  });
}

/** The rail as its sandbox, when it is one: the scheduler moves the sandbox network's clock. */
export function asSandboxRail(adapter: RailAdapter): SandboxRail | undefined {
  return 'advance' in adapter && 'act' in adapter ? (adapter as SandboxRail) : undefined;
}
