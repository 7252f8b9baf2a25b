/**
 * `schema.ts` is written by hand beside the migrations; this proves the two agree. The migrations run on
 * a fresh PGlite, and every table, column and nullability the database reports must be the one the
 * `Database` interface declares, and nothing more: a migration that adds a column without the type, or a
 * type that names a column no migration made, fails here with the table and column.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './connect.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';

/** Each declared table's columns, with whether its type admits null. */
function declaredTables(): Map<string, Map<string, boolean>> {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const members = (declaration: ts.InterfaceDeclaration) =>
    declaration.members.filter(ts.isPropertySignature).map((member) => ({ name: member.name.getText(source), type: member.type }));
  const tables = new Map<string, Map<string, boolean>>();
  for (const table of members(interfaces.get('Database')!)) {
    const declaration = interfaces.get(table.type!.getText(source));
    if (!declaration)
      throw new Error(`schema.ts: the Database entry ${table.name} names ${table.type!.getText(source)}, which is not an interface of the file`);
    tables.set(table.name, new Map(members(declaration).map((column) => [column.name, /\bnull\b/.test(column.type!.getText(source))])));
  }
  return tables;
}

describe('server/db/schema.ts and the migrations', () => {
  let dataDir: string;
  let db: Kysely<Database>;
  const declared = declaredTables();
  let actual: Map<string, Map<string, boolean>>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-schema-'));
    db = await openDatabase({ kind: 'pglite', dataDir });
    await migrateToLatest(db);
    const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
      select c.table_name, c.column_name, c.is_nullable
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.table_name not like 'kysely_migration%'
      order by c.table_name, c.ordinal_position`.execute(db);
    actual = new Map();
    for (const row of rows) {
      if (!actual.has(row.table_name)) actual.set(row.table_name, new Map());
      actual.get(row.table_name)!.set(row.column_name, row.is_nullable === 'YES');
    }
  }, 120_000);

  afterAll(async () => {
    await db?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('declares every table the migrations create, and no other', () => {
    expect([...declared.keys()].sort()).toEqual([...actual.keys()].sort());
  });

  it('declares every column of every table, and no other', () => {
    const mismatches: string[] = [];
    for (const [table, columns] of actual) {
      const types = declared.get(table);
      if (!types) continue;
      for (const column of columns.keys()) if (!types.has(column)) mismatches.push(`${table}.${column} is in the database, not in schema.ts`);
      for (const column of types.keys()) if (!columns.has(column)) mismatches.push(`${table}.${column} is in schema.ts, not in the database`);
    }
    expect(mismatches).toEqual([]);
  });

  it('admits null in a column type exactly where the database does', () => {
    const mismatches: string[] = [];
    for (const [table, columns] of actual) {
      for (const [column, nullable] of columns) {
        const declaredNullable = declared.get(table)?.get(column);
        if (declaredNullable !== undefined && declaredNullable !== nullable)
          mismatches.push(
            `${table}.${column}: the database says ${nullable ? 'null' : 'not null'}, schema.ts ${declaredNullable ? 'admits null' : 'does not'}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  });
});
