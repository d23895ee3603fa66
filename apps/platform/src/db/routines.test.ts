import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { loadRoutines } from './routines.ts';

/**
 * The domains' SQL functions have one source file each (issue #23), applied after the
 * migrations: a database migrated with an older copy of a function (the copies migrations 0012
 * and 0014 held) ends with the file's text, on PGlite and on PostgreSQL; a database newer than
 * this release keeps its own.
 */
const url = process.env.TEST_DATABASE_URL;
const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-routines-'));
const admin = url ? new pg.Client({ connectionString: url }) : null;
const created: string[] = [];
afterAll(async () => {
  if (admin) {
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  rmSync(folder, { recursive: true, force: true });
});

/** Opens the same database again and again: a folder's PGlite, or one PostgreSQL database. */
async function databaseOpener(): Promise<() => Promise<DatabaseHandle>> {
  if (!url || !admin) {
    const dataDir = mkdtempSync(path.join(folder, 'db-'));
    return () => openDatabase({ dataDir, databaseUrl: null });
  }
  if (created.length === 0) await admin.connect();
  const name = `northstar_routines_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  created.push(name);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return () => openDatabase({ dataDir: folder, databaseUrl: target.toString() });
}

/** The body (between `$$`) of wallet_bet in its source file. */
const source = readFileSync(path.join(import.meta.dirname, '../wallet/sql/bet.sql'), 'utf8');
const sourceBody = /AS \$\$([\s\S]*)\$\$;/.exec(source)![1]!;

async function betBody(handle: DatabaseHandle): Promise<string> {
  const [row] = await handle.query<{ body: string }>(
    sql`select prosrc as body from pg_proc where proname = 'wallet_bet'`,
  );
  return row!.body;
}

/** What an old migration left: wallet_bet with another body (here one that refuses every bet). */
async function stale(handle: DatabaseHandle): Promise<void> {
  await handle.query(
    sql.raw(
      source
        .slice(source.search(/^CREATE OR REPLACE FUNCTION/m))
        .replace(sourceBody, `\nBEGIN RETURN jsonb_build_object('status', 'STALE'); END;\n`),
    ),
  );
}

describe('SQL routines (a domain function in one source file)', () => {
  it('finds wallet/sql/bet.sql as one statement', () => {
    expect(
      loadRoutines().map((routine) => [routine.name, routine.statements.length]),
    ).toContainEqual(['wallet/sql/bet.sql', 1]);
  });

  it(
    'a database migrated with an older wallet_bet ends with the source file’s on its next start',
    { timeout: 120_000 },
    async () => {
      const open = await databaseOpener();
      const first = await open();
      expect(await betBody(first)).toBe(sourceBody);
      await stale(first);
      expect(await betBody(first)).not.toBe(sourceBody);
      await first.close();

      const again = await open();
      expect(await betBody(again)).toBe(sourceBody);
      // One function of that name: a start replaces it, never adds an overload.
      const [count] = await again.query<{ n: number }>(
        sql`select count(*)::int as n from pg_proc where proname = 'wallet_bet'`,
      );
      expect(count!.n).toBe(1);
      await again.close();
    },
  );

  it(
    'a database with a migration newer than this release keeps its functions (a rolling deploy)',
    { timeout: 120_000 },
    async () => {
      const open = await databaseOpener();
      const first = await open();
      await stale(first);
      await first.query(sql`
        insert into drizzle.__drizzle_migrations (hash, created_at)
        values ('from-a-newer-release', ${Number.MAX_SAFE_INTEGER})`);
      await first.close();

      const older = await open();
      expect(await betBody(older)).not.toBe(sourceBody);
      await older.close();
    },
  );
});
