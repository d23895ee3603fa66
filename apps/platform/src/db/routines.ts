import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * A domain's SQL routines (issue #23: each domain owns its SQL): the database functions a domain
 * keeps in `src/<domain>/sql/*.sql`, each file the function's only source (wallet's bet is
 * `wallet/sql/bet.sql`). They are not drizzle migrations, whose files are run once and then
 * frozen, so a function changed in three migrations is three copies. Here the file is the truth,
 * applied after the migrations at every start, in one transaction, inside the migrations' lock
 * (several instances starting at once on one PostgreSQL apply them one after the other). A file is
 * statements that are safe to run again (`CREATE OR REPLACE FUNCTION`), split like a migration at
 * `--> statement-breakpoint`; a change of signature or a drop belongs in a migration.
 *
 * `db/` names no domain: the files are found by that layout, not imported.
 */
const SOURCE = path.dirname(import.meta.dirname);

export interface Routine {
  /** The file, relative to `src/` (`wallet/sql/bet.sql`). */
  name: string;
  statements: string[];
}

/** Every `src/<domain>/sql/*.sql`, in path order. */
export function loadRoutines(root = SOURCE): Routine[] {
  const routines: Routine[] = [];
  for (const domain of readdirSync(root, { withFileTypes: true })) {
    if (!domain.isDirectory()) continue;
    const folder = path.join(root, domain.name, 'sql');
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder)) {
      if (!file.endsWith('.sql')) continue;
      const text = readFileSync(path.join(folder, file), 'utf8');
      routines.push({
        name: `${domain.name}/sql/${file}`,
        statements: text.split('--> statement-breakpoint').filter((part) => part.trim() !== ''),
      });
    }
  }
  return routines.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The `when` of the newest migration in the journal this code ships. */
function newestShipped(migrationsFolder: string): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

type Migrated = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/**
 * Applies the routines to a database drizzle has just migrated from `migrationsFolder`. A
 * database that has a migration newer than this code knows is left alone: during a rolling
 * deploy an instance of the previous release may restart after the new one, and must not put
 * its older functions back over the new ones (it logs that and starts).
 */
export async function applyRoutines(
  db: Migrated,
  migrationsFolder: string,
  routines: Routine[] = loadRoutines(),
): Promise<'applied' | 'newer-database'> {
  const ours = newestShipped(migrationsFolder);
  return db.transaction(async (tx) => {
    const [newest] = (
      (await tx.execute(
        sql`select coalesce(max(created_at), 0)::text as created_at from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { created_at: string }[] }
    ).rows;
    if (Number(newest?.created_at ?? 0) > ours) {
      console.warn(
        '[database] the database has migrations newer than this release: its SQL routines are kept',
      );
      return 'newer-database' as const;
    }
    for (const routine of routines) {
      for (const statement of routine.statements) await tx.execute(sql.raw(statement));
    }
    return 'applied' as const;
  });
}
