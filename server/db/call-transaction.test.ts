import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inCallTransaction, registerCallTransactions, withCallTransactions } from './call-transaction.ts';

interface Tables {
  notes: { id: number; text: string };
}

class Refusal extends Error {}
const keepRefusals = (error: unknown) => error instanceof Refusal;

describe('inCallTransaction', () => {
  let db: Kysely<Tables>;
  const texts = async () => (await db.selectFrom('notes').select('text').orderBy('id').execute()).map((row) => row.text);
  const note = (text: string, on: Kysely<Tables> = db) =>
    on
      .insertInto('notes')
      .values({ id: sql<number>`(select coalesce(max(id), 0) + 1 from notes)` as never, text })
      .execute();

  beforeAll(async () => {
    const dialect = withCallTransactions(new PGliteDialect(new PGlite()));
    db = registerCallTransactions(new Kysely<Tables>({ dialect }), dialect);
    await sql`create table notes (id integer primary key, text text not null)`.execute(db);
  });
  afterAll(() => db?.destroy());
  beforeEach(() => db.deleteFrom('notes').execute());

  it('commits everything the call wrote, through db and through its own transactions', async () => {
    const answer = await inCallTransaction(
      db,
      async () => {
        await note('outer');
        await db.transaction().execute((trx) => note('inner', trx));
        return 'done';
      },
      keepRefusals,
    );
    expect(answer).toBe('done');
    expect(await texts()).toEqual(['outer', 'inner']);
  });

  it('undoes the whole call when it fails, including transactions it committed inside', async () => {
    const failed = inCallTransaction(
      db,
      async () => {
        await note('outer');
        await db.transaction().execute((trx) => note('inner', trx));
        throw new Error('the answer broke its schema');
      },
      keepRefusals,
    );
    await expect(failed).rejects.toThrow('the answer broke its schema');
    expect(await texts()).toEqual([]);
  });

  it('keeps what a refusal counted', async () => {
    const refused = inCallTransaction(
      db,
      async () => {
        await db.transaction().execute((trx) => note('wrong code counted', trx));
        throw new Refusal('wrong code');
      },
      keepRefusals,
    );
    await expect(refused).rejects.toBeInstanceOf(Refusal);
    expect(await texts()).toEqual(['wrong code counted']);
  });

  it('rolls back an inner transaction alone when it fails inside a call that goes on', async () => {
    await inCallTransaction(
      db,
      async () => {
        await note('kept');
        await expect(
          db.transaction().execute(async (trx) => {
            await note('dropped', trx);
            throw new Error('inner');
          }),
        ).rejects.toThrow('inner');
        await note('after');
      },
      keepRefusals,
    );
    expect(await texts()).toEqual(['kept', 'after']);
  });

  it('runs inner transactions one after another when the call starts them at once', async () => {
    await inCallTransaction(
      db,
      async () => {
        await Promise.all(
          ['a', 'b', 'c'].map((text) =>
            db.transaction().execute(async (trx) => {
              await note(text, trx);
              await new Promise((resolve) => setTimeout(resolve, 5));
            }),
          ),
        );
      },
      keepRefusals,
    );
    expect((await texts()).sort()).toEqual(['a', 'b', 'c']);
  });

  it('runs work as is on a database opened without call transactions', async () => {
    const plain = new Kysely<Tables>({ dialect: new PGliteDialect(new PGlite()) });
    await sql`create table notes (id integer primary key, text text not null)`.execute(plain);
    await expect(
      inCallTransaction(
        plain,
        async () => {
          await note('stays', plain);
          throw new Error('no transaction to undo');
        },
        keepRefusals,
      ),
    ).rejects.toThrow();
    expect((await plain.selectFrom('notes').select('text').execute()).map((row) => row.text)).toEqual(['stays']);
    await plain.destroy();
  });
});
