import type { RailAdapter, RailName, RailReport } from './rail-adapter.ts';

/**
 * A rail reached over HTTP at `RAIL_<NAME>_URL` (e.g. RAIL_WIRE_URL), speaking JSON:
 * - `POST <url>/payouts` with a PayoutInstruction; 2xx once taken (the rail is idempotent on endToEndId);
 * - `GET <url>/reports?limit=` answers `{ reports: [{ endToEndId, reportId, state, reasonCode?, at }] }`;
 * - `POST <url>/reports/acknowledge` with `{ reportIds }`.
 * A rail with another protocol (an ISO 20022 file exchange, a bank's own API) is a file beside this one.
 *
 * @example
 * const wire = gatewayRail('wire', 'https://wire-gateway.example/api');
 */
export function gatewayRail(rail: RailName, url: string, send: typeof fetch = fetch): RailAdapter {
  const base = url.replace(/\/$/, '');
  const call = async (path: string, init?: RequestInit): Promise<unknown> => {
    const response = await send(`${base}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok)
      throw new Error(`The ${rail} rail at ${base} answered ${response.status} to ${path}: check the gateway and RAIL_${rail.toUpperCase()}_URL.`);
    return response.json().catch(() => ({}));
  };
  return {
    rail,
    async sendPayout(instruction) {
      await call('/payouts', { method: 'POST', body: JSON.stringify(instruction) });
    },
    async reports(limit) {
      const body = (await call(`/reports?limit=${limit}`)) as { reports?: Array<Omit<RailReport, 'at'> & { at: string }> };
      return (body.reports ?? []).map((report) => ({ ...report, at: new Date(report.at) }));
    },
    async acknowledge(reportIds) {
      if (reportIds.length) await call('/reports/acknowledge', { method: 'POST', body: JSON.stringify({ reportIds }) });
    },
  };
}
