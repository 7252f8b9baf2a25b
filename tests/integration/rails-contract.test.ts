/**
 * The contract every rail adapter keeps (server/rails/rail-adapter.ts), proved against the sandbox rail:
 * a payout sent twice is one payout; every state change comes back as a report with its own id, oldest
 * first, following the payout state machine (server/rails/payout-states.ts) from 'pending'; a return
 * carries an ISO 20022 reason code; acknowledged reports are not delivered again, unacknowledged ones
 * are. A real adapter (gateway-rail.ts at RAIL_<NAME>_URL, or a new one) runs the same cases with a
 * driver that makes its network move.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutTransition, type PayoutState } from '../../server/rails/payout-states.ts';
import type { RailAdapter, RailReport } from '../../server/rails/rail-adapter.ts';
import { REASON_CODE_PATTERN } from '../../server/rails/reason-codes.ts';
import { sandboxRail, type SandboxAction } from '../../server/rails/sandbox-rail.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

/** What a contract case needs besides the adapter: a way to make the rail's network move a payout. */
interface RailUnderTest {
  adapter: RailAdapter;
  /** The network takes the payout on ('sent'), or settles, returns or fails it. */
  drive(endToEndId: string, action: 'send' | SandboxAction, reasonCode?: string): Promise<void>;
}

/** Every report waiting for `endToEndId`, without acknowledging any. */
async function waiting(rail: RailAdapter, endToEndId: string): Promise<RailReport[]> {
  return (await rail.reports(1000)).filter((report) => report.endToEndId === endToEndId);
}

function railContract(name: string, make: () => RailUnderTest): void {
  describe(`the rail adapter contract: ${name}`, () => {
    const instruction = () => ({
      endToEndId: `CONTRACT-${randomUUID()}`,
      amount: '125.00',
      currency: 'EUR',
      beneficiary: { name: 'Ada Lovelace', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    });

    it('takes a payout sent twice as one payout, reporting each change once with its own id, in order', async () => {
      const { adapter, drive } = make();
      const payout = instruction();
      await adapter.sendPayout(payout);
      await adapter.sendPayout(payout);
      await drive(payout.endToEndId, 'send');
      await drive(payout.endToEndId, 'settle');
      const reports = await waiting(adapter, payout.endToEndId);
      expect(reports.map((report) => report.state)).toEqual(['sent', 'settled']);
      expect(new Set(reports.map((report) => report.reportId)).size).toBe(reports.length);
      let state: PayoutState = 'pending';
      for (const report of reports) {
        expect(payoutTransition(state, report.state), `${state} -> ${report.state}`).toBeDefined();
        expect(report.at).toBeInstanceOf(Date);
        state = report.state;
      }
    });

    it('gives a returned payout its ISO 20022 reason code', async () => {
      const { adapter, drive } = make();
      const payout = instruction();
      await adapter.sendPayout(payout);
      await drive(payout.endToEndId, 'send');
      await drive(payout.endToEndId, 'return', 'AC01');
      const returned = (await waiting(adapter, payout.endToEndId)).find((report) => report.state === 'returned');
      expect(returned?.reasonCode).toBe('AC01');
      expect(returned!.reasonCode).toMatch(REASON_CODE_PATTERN);
    });

    it('delivers a report until it is acknowledged, and never after', async () => {
      const { adapter, drive } = make();
      const payout = instruction();
      await adapter.sendPayout(payout);
      await drive(payout.endToEndId, 'send');
      await drive(payout.endToEndId, 'fail');
      const first = await waiting(adapter, payout.endToEndId);
      expect(first.map((report) => report.state)).toEqual(['sent', 'failed']);
      expect(await waiting(adapter, payout.endToEndId)).toEqual(first);
      await adapter.acknowledge([first[0]!.reportId]);
      expect((await waiting(adapter, payout.endToEndId)).map((report) => report.reportId)).toEqual([first[1]!.reportId]);
      await adapter.acknowledge([first[1]!.reportId]);
      expect(await waiting(adapter, payout.endToEndId)).toEqual([]);
    });
  });
}

for (const backend of BACKENDS) {
  describe(`sandbox wire rail on ${backend.name}`, () => {
    let test: TestServer;
    beforeAll(async () => {
      test = await startTestServer(backend);
    });
    afterAll(() => test?.close());

    railContract('sandbox wire', () => {
      const rail = sandboxRail(test.server.db, 'wire');
      return {
        adapter: rail,
        async drive(endToEndId, action, reasonCode) {
          // The sandbox sends a payout on by its own clock: move the clock past the send delay.
          if (action === 'send') await rail.advance(new Date(Date.now() + 3_600_000));
          else await rail.act(endToEndId, action, reasonCode);
        },
      };
    });
  });
}
