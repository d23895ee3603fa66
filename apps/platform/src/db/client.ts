import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { applyRoutines } from './routines.ts';
import * as schema from './schema/index.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database or a transaction: the services accept either. */
export type Executor = Database | Transaction;

/** A time as a `timestamptz` parameter of a raw query. */
export const sqlTime = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

/** The rows of a raw query run on a database or inside a transaction. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * What the process watches of its databases (ops/ wires its Prometheus metrics here, server.ts
 * installs it): the kernel reports through this hook rather than importing a domain (issue #23).
 */
export interface DatabaseObserver {
  /** A raw query of `DatabaseHandle.query` starts; the function returned is called when it ends. */
  queryStarted(kind: DatabaseHandle['kind']): () => void;
  /** A PostgreSQL pool is open; the function returned is called when it closes. */
  poolOpened(pool: pg.Pool): () => void;
}

const NO_OBSERVER: DatabaseObserver = { queryStarted: () => () => {}, poolOpened: () => () => {} };
let observer: DatabaseObserver = NO_OBSERVER;
/** The open pools and what the observer's `poolOpened` returned for each (to unwatch on close). */
const openPools = new Map<pg.Pool, () => void>();

/**
 * Installs the process's database observer (one per process, like the metrics registry it feeds):
 * every query from now on reports to it, and every pool open now or later is watched by it.
 */
export function observeDatabase(next: DatabaseObserver | null): void {
  for (const [pool, unwatch] of openPools) {
    unwatch();
    openPools.set(pool, (next ?? NO_OBSERVER).poolOpened(pool));
  }
  observer = next ?? NO_OBSERVER;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Raw SQL for hot paths (the money path stays out of the ORM: stack-notes.md). A `name` makes
   * it a prepared statement on PostgreSQL: parsed and planned once per connection, not on every
   * call. Name only fixed texts (the text must not vary with the values), as each name is kept
   * for the connection's life.
   */
  query<T extends Record<string, unknown>>(query: SQL, name?: string): Promise<T[]>;
  close(): Promise<void>;
}

const MIGRATIONS = path.join(import.meta.dirname, 'migrations');

/**
 * Opens the platform's database: PostgreSQL when `databaseUrl` is set, otherwise the embedded
 * PGlite with its files in `<dataDir>/pglite`. Migrations are applied before it is handed out.
 *
 * Durability of the embedded default: PGlite starts PostgreSQL with `-F` (fsync off). We drop
 * that flag, so a commit is written to the data folder before it is acknowledged; the e2e of
 * `durability.test.ts` kills the server with SIGKILL right after a committed deposit and finds it
 * on restart. (PGlite's Node filesystem does not pass fsync through to the disk, so a power cut
 * can still lose the last commits: production runs on PostgreSQL through `DATABASE_URL`.)
 */
export async function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string | null;
  /** Connections of this instance's pool (DATABASE_POOL_MAX). */
  poolMax?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 20 });
    // An idle connection the server ends (a restart, a failover, a dropped test database) is
    // dropped from the pool and replaced on the next query; without a listener, pg's 'error'
    // event would crash the process (node-postgres's documented advice).
    pool.on('error', (error) => {
      console.warn(`[database] an idle connection ended: ${error.message}`);
    });
    // The pool listens to idle connections only: one the server ends while it is checked out (a
    // killed backend mid-transaction, issue #27's consumer test) would emit an 'error' nobody
    // hears and crash the process. Its query already fails with the error (the transaction
    // rolls back and the caller sees it); the event is only logged.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        console.warn(`[database] a connection in use ended: ${error.message}`);
      });
    });
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    await migrateOnce(pool);
    const dialect = new PgDialect();
    openPools.set(pool, observer.poolOpened(pool));
    return {
      db,
      kind: 'postgres',
      query: async <T extends Record<string, unknown>>(query: SQL, name?: string) => {
        const end = observer.queryStarted('postgres');
        try {
          if (name === undefined)
            return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
          const { sql: text, params } = dialect.sqlToQuery(query);
          return (await pool.query<T>({ name, text, values: params })).rows;
        } finally {
          end();
        }
      },
      close: () => {
        openPools.get(pool)?.();
        openPools.delete(pool);
        return pool.end();
      },
    };
  }
  const folder = path.join(options.dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  const client = await PGlite.create(folder, DURABLE);
  return wrapPglite(client);
}

/** The advisory lock key of the migrations (any fixed 64-bit number; "northstr" in ASCII). */
export const MIGRATION_LOCK = 0x6e6f72746873747an;

/**
 * Several instances starting at once on one PostgreSQL migrate exactly once: each takes a
 * session advisory lock on one connection, migrates (drizzle skips what is applied), applies the
 * domains' SQL routines (routines.ts), and releases it; the others wait for the lock, then find
 * nothing left to do.
 */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    try {
      const locked = drizzlePg({ client, schema }) as unknown as Database;
      await migratePg(locked as never, { migrationsFolder: MIGRATIONS });
      // The domains' SQL functions from their one source file (routines.ts), under the same lock.
      await applyRoutines(locked, MIGRATIONS);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]);
    }
  } finally {
    client.release();
  }
}

/**
 * The PostgreSQL extensions the migrations use, loaded into every PGlite (a real PostgreSQL has
 * them as contrib modules): pg_trgm for the game search's trigram index.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** PGlite's start flags without `-F`, so commits are written before they are acknowledged. */
export const DURABLE = {
  relaxedDurability: false,
  extensions: PGLITE_EXTENSIONS,
  startParams: PGlite.defaultStartParams.filter((param) => param !== '-F'),
};

/** Wraps an open PGlite (a data folder, or a copy of a template in memory for tests). */
export async function wrapPglite(client: PGlite): Promise<DatabaseHandle> {
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
  await applyRoutines(db, MIGRATIONS);
  return {
    db,
    kind: 'pglite',
    query: async <T extends Record<string, unknown>>(query: SQL) => {
      const end = observer.queryStarted('pglite');
      try {
        return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
      } finally {
        end();
      }
    },
    close: () => client.close(),
  };
}

export { sql };
