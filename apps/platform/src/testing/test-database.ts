import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, PGLITE_EXTENSIONS, wrapPglite, type DatabaseHandle } from '../db/client.ts';
import { seed } from '../demo/index.ts';

const HERE = path.dirname(import.meta.dirname);

/** The template changes when a migration or the seed does. */
function templateKey(): string {
  const hash = createHash('sha256');
  const migrations = path.join(HERE, 'db/migrations');
  for (const file of readdirSync(migrations).sort()) {
    if (file.endsWith('.sql')) hash.update(readFileSync(path.join(migrations, file)));
  }
  // The seed and the domains' doors it calls to make its rows.
  for (const file of [
    'demo/seed.ts',
    'identity/seed-accounts.ts',
    'games/seeding.ts',
    'payments/seeding.ts',
    'bonuses/seeding.ts',
    'cashback/seeding.ts',
    'tournaments/seeding.ts',
    'loyalty/seeding.ts',
  ])
    hash.update(readFileSync(path.join(HERE, file)));
  hash.update(readFileSync(path.join(HERE, 'content/seed.ts')));
  return hash.digest('hex').slice(0, 16);
}

async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `northstar-pglite-template-${templateKey()}.tar`);
  if (!existsSync(file)) {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const handle = await wrapPglite(client);
    await seed(handle);
    const dump = await client.dumpDataDir('none');
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
    renameSync(temporary, file);
    await client.close();
  }
  return new Blob([readFileSync(file)]);
}

/**
 * The migrated and seeded template database on a real PostgreSQL, made once per schema (the
 * first test file to need it makes it under an advisory lock; the others wait and copy it).
 * Older templates of this machine's earlier schemas are dropped on the way.
 */
async function postgresTemplate(url: string): Promise<string> {
  const name = `northstar_template_${templateKey()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`select pg_advisory_lock(hashtext('northstar test template'))`);
    const found = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'northstar_template_%'`,
    );
    for (const { datname } of found.rows) {
      if (datname !== name) await admin.query(`drop database if exists ${datname} with (force)`);
    }
    if (!found.rows.some((row) => row.datname === name)) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const target = new URL(url);
      target.pathname = `/${building}`;
      const handle = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: target.toString() });
      await seed(handle);
      await handle.close();
      await admin.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await admin.query(`select pg_advisory_unlock(hashtext('northstar test template'))`);
    await admin.end();
  }
  return name;
}

/**
 * A fresh, migrated and seeded database for one test file. On PGlite (the default) it is an
 * in-memory copy of a template made once per schema; when TEST_DATABASE_URL names a real
 * PostgreSQL, a new database is copied on that server from a template made once per schema
 * (`create database … template`) and dropped again on close.
 */
export async function testDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = await postgresTemplate(url);
    const name = `northstar_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const handle = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: target.toString() });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const client = await PGlite.create({
    loadDataDir: await pgliteTemplate(),
    extensions: PGLITE_EXTENSIONS,
  });
  return wrapPglite(client);
}
