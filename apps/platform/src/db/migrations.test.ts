import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from './client.ts';

/**
 * Several platform instances starting at once on one database migrate exactly once (issue
 * "Run it like a real service"). On PostgreSQL they start concurrently and meet at the
 * migrations' advisory lock; PGlite is one process's file, so there the second start finds the
 * migrations applied and applies none again.
 */
const SHIPPED = (
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8'),
  ) as { entries: unknown[] }
).entries.length;

const url = process.env.TEST_DATABASE_URL;
const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-migrations-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function applied(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.query<{ count: number }>(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return row!.count;
}

describe('migrations at start', () => {
  it(
    url
      ? 'three instances starting at once on one PostgreSQL migrate exactly once'
      : 'a second start on the same PGlite applies nothing again',
    { timeout: 120_000 },
    async () => {
      if (url) {
        const name = `northstar_migrate_${randomBytes(4).toString('hex')}`;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`create database ${name}`);
        const target = new URL(url);
        target.pathname = `/${name}`;
        try {
          const handles = await Promise.all(
            [1, 2, 3].map(() => openDatabase({ dataDir: folder, databaseUrl: target.toString() })),
          );
          for (const handle of handles) expect(await applied(handle)).toBe(SHIPPED);
          await Promise.all(handles.map((handle) => handle.close()));
        } finally {
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.end();
        }
        return;
      }
      const first = await openDatabase({ dataDir: folder, databaseUrl: null });
      expect(await applied(first)).toBe(SHIPPED);
      await first.close();
      const second = await openDatabase({ dataDir: folder, databaseUrl: null });
      expect(await applied(second)).toBe(SHIPPED);
      await second.close();
    },
  );
});
