import { describe, expect, it } from 'vitest';
import { keepStatementsPrepared } from './connect.ts';

/** A client that records what reaches its query method. */
function recordingClient() {
  const calls: unknown[][] = [];
  const client = { query: (...args: unknown[]) => (calls.push(args), Promise.resolve({ rows: [] })) };
  return { client, calls };
}

describe('keepStatementsPrepared', () => {
  it('runs a query with parameters as a named statement, the same name for the same text', async () => {
    const { client, calls } = recordingClient();
    keepStatementsPrepared(client);
    await client.query('select $1::int', [1]);
    await client.query('select $1::text', ['a']);
    await client.query('select $1::int', [2]);
    expect(calls).toEqual([
      [{ name: 's1', text: 'select $1::int', values: [1] }],
      [{ name: 's2', text: 'select $1::text', values: ['a'] }],
      [{ name: 's1', text: 'select $1::int', values: [2] }],
    ]);
  });

  it('leaves a query without parameters as it was (begin, commit, a script)', async () => {
    const { client, calls } = recordingClient();
    keepStatementsPrepared(client);
    await client.query('begin', []);
    await client.query('commit');
    expect(calls).toEqual([
      ['begin', [], undefined],
      ['commit', undefined, undefined],
    ]);
  });

  it('names no more texts than its limit; later texts run unnamed, earlier ones stay named', async () => {
    const { client, calls } = recordingClient();
    keepStatementsPrepared(client, 2);
    for (const n of [1, 2, 3, 1]) await client.query(`select ${n} + $1`, [n]);
    expect(calls.map(([first]) => (typeof first === 'string' ? 'unnamed' : (first as { name: string }).name))).toEqual(['s1', 's2', 'unnamed', 's1']);
  });
});
