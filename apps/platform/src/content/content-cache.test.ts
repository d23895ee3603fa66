import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../demo/index.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { createServer } from '../server.ts';
import { cmsCall, cmsEditor, type CmsEditor } from '../testing/cms.ts';
import { testDatabase } from '../testing/test-database.ts';
import { listenTo } from '../shared-store/index.ts';
import { pngImage } from './upload-fixtures.ts';
import { CONTENT_CHANNEL, ContentCache } from './content-cache.ts';
import {
  cookieFetch,
  startTestServer,
  testConfig,
  type TestServer,
} from '../testing/test-server.ts';

/**
 * `/nfx/cms-config/{locale}` is cached per locale (content/content-cache.ts) and dropped on every
 * content write: through the content API of this instance, and (PostgreSQL) of another instance
 * on the same database, told by the `content_changed` notification.
 */
let server: TestServer;
let editor: CmsEditor;

type CmsConfig = {
  siteConfig: Record<string, unknown>;
  commonContent: { menuLinks: { label: string; url: string }[] } & Record<string, unknown>;
};
const config = async (base: string, locale = 'en-US') => {
  const response = await fetch(`${base}/nfx/cms-config/${locale}`);
  return { status: response.status, body: (await response.json()) as CmsConfig };
};
function fileInfoForm() {
  const form = new FormData();
  form.append('fileInfo', JSON.stringify({ caption: 'Cached' }));
  return form;
}

/** Renames a menu link with the table's trigger off: a change no instance is told about. */
async function unannounced(database: DatabaseHandle, url: string, label: string) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table "cms_entries" disable trigger "cms_entries_changed"`);
    await tx.execute(sql`
      update "cms_entries" set "data" = jsonb_set("data", '{label}', to_jsonb(${label}::text))
      where "type" = 'menu-links' and "locale" = 'en-US' and "data" ->> 'url' = ${url}`);
    await tx.execute(sql`alter table "cms_entries" enable trigger "cms_entries_changed"`);
  });
}

const menuLabels = async (base: string) =>
  (await config(base)).body.commonContent.menuLinks.map((link) => link.label);

beforeAll(async () => {
  server = await startTestServer();
  editor = await cmsEditor(server);
}, 60_000);
afterAll(() => server.close());

describe('the cms-config cache', () => {
  it('answers from the cache: a change that notifies nobody is not seen until a write is', async () => {
    const before = await menuLabels(server.url);
    // With the trigger off, a change reaches the table unannounced: the cached answer stays.
    await unannounced(server.database, '/loyalty', 'Unannounced');
    expect(await menuLabels(server.url)).toEqual(before);

    // Any announced write (here a plain SQL one: the trigger, not the route, tells) drops it; on
    // PostgreSQL the notification comes through the listening connection, a moment later.
    await server.database.query(sql`update "cms_entries" set "id" = "id" where false`);
    await expect.poll(() => menuLabels(server.url), { timeout: 5000 }).toContain('Unannounced');
  });

  it('a write of each kind through the content API changes the next answer', async () => {
    const [loyalty] = (
      await cmsCall(server.url, 'GET', '/cms/menu-links?filters[url][$eq]=/loyalty&locale=en-US')
    ).body.data as { id: number }[];
    await menuLabels(server.url);

    // An entry updated, created, deleted.
    const put = await cmsCall(server.url, 'PUT', `/cms/menu-links/${loyalty!.id}`, {
      editor,
      body: { data: { label: 'VIP Lounge' } },
    });
    expect(put.status).toBe(200);
    expect(await menuLabels(server.url)).toContain('VIP Lounge');
    const created = await cmsCall(server.url, 'POST', '/cms/menu-links?locale=en-US', {
      editor,
      body: { data: { label: 'Cached link', url: '/cached' } },
    });
    expect(created.status).toBe(201);
    expect(await menuLabels(server.url)).toContain('Cached link');
    const id = (created.body.data as { id: number }).id;
    expect((await cmsCall(server.url, 'DELETE', `/cms/menu-links/${id}`, { editor })).status).toBe(
      200,
    );
    expect(await menuLabels(server.url)).not.toContain('Cached link');

    // A single type (the site config).
    const site = await cmsCall(server.url, 'PUT', '/cms/site-config?locale=en-US', {
      editor,
      body: { data: { validator: { passwordMinLength: 9 } } },
    });
    expect(site.status).toBe(200);
    expect((await config(server.url)).body.siteConfig.validator).toMatchObject({
      passwordMinLength: 9,
    });

    // Custom code (not localised).
    const code = await cmsCall(server.url, 'POST', '/cms/custom-codes', {
      editor,
      body: { data: { isEnabled: true, code: '<!-- cached -->', position: 'head' } },
    });
    expect(code.status).toBe(201);
    expect((await config(server.url)).body.commonContent.customCodes).toContainEqual(
      expect.objectContaining({ code: '<!-- cached -->' }),
    );

    // Media: cms-config holds copies of file objects, not the library, yet an upload, a change
    // of a file's info and a delete are content writes too: each empties the cache (seen here by
    // an unannounced change showing right after).
    const form = new FormData();
    form.append(
      'files',
      new Blob([new Uint8Array(pngImage(4, 4, 7))], { type: 'image/png' }),
      'a.png',
    );
    const media: [string, string, RequestInit][] = [
      ['upload', '/cms/upload', { method: 'POST', body: form }],
      ['file info', '/cms/upload?id=FILE', { method: 'POST', body: fileInfoForm() }],
      ['file delete', '/cms/upload/files/FILE', { method: 'DELETE' }],
    ];
    let fileId = '';
    for (const [label, target, init] of media) {
      await menuLabels(server.url);
      await unannounced(server.database, '/loyalty', `Before ${label}`);
      expect(await menuLabels(server.url), label).not.toContain(`Before ${label}`);
      const answer = await fetch(`${server.url}${target.replace('FILE', fileId)}`, {
        ...init,
        headers: editor.headers,
      });
      expect(answer.status, label).toBeLessThan(300);
      if (label === 'upload') fileId = String(((await answer.json()) as { id: number }[])[0]!.id);
      expect(await menuLabels(server.url), label).toContain(`Before ${label}`);
    }

    // A locale added, then withdrawn: its cms-config appears, then is a 404 again.
    expect((await config(server.url, 'de-DE')).status).toBe(404);
    const added = await cmsCall(server.url, 'POST', '/cms/i18n/locales', {
      editor,
      body: { code: 'de-DE', name: 'Deutsch' },
    });
    expect(added.status).toBe(201);
    expect((await config(server.url, 'de-DE')).status).toBe(200);
    expect(
      (await cmsCall(server.url, 'DELETE', '/cms/i18n/locales/de-DE', { editor })).status,
    ).toBe(200);
    expect((await config(server.url, 'de-DE')).status).toBe(404);
  });
});

describe('the listener', () => {
  it(
    url
      ? 'on PostgreSQL: a lost listening connection stops caching, and caching resumes once it listens again'
      : 'on PGlite: a stopped listener hears nothing more, a running one every write',
    { timeout: 30_000 },
    async () => {
      if (!url) {
        const heard: string[] = [];
        const unlisten = await listenTo(server.database, CONTENT_CHANNEL, {
          notified: (payload) => heard.push(payload),
          reset: () => undefined,
        });
        await unannouncedOrNot(server.database, true);
        expect(heard).toEqual(['cms_entries']);
        await unlisten();
        await unannouncedOrNot(server.database, true);
        expect(heard).toEqual(['cms_entries']);
        return;
      }
      const first = await menuLabels(server.url);
      // The server ends the listening connection (a failover, a restart, an idle timeout).
      const ended = await server.database.query<{ ended: boolean }>(sql`
        select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = current_database() and query ilike 'LISTEN content_changed%'`);
      expect(ended).toEqual([{ ended: true }]);
      // Not listening, nothing is cached: even a change no one announces is seen.
      await unannounced(server.database, '/loyalty', 'While deaf');
      await expect.poll(() => menuLabels(server.url), { timeout: 5000 }).toContain('While deaf');
      expect(first).not.toContain('While deaf');
      // Listening again (a second later), answers are cached again: an unannounced change is not
      // seen, an announced one is.
      await expect
        .poll(
          async () => {
            const label = `Probe ${randomBytes(3).toString('hex')}`;
            await menuLabels(server.url);
            await unannounced(server.database, '/loyalty', label);
            return (await menuLabels(server.url)).includes(label);
          },
          { timeout: 10_000, interval: 200 },
        )
        .toBe(false);
      await server.database.query(sql`update "cms_entries" set "id" = "id" where false`);
      await expect
        .poll(async () =>
          (await menuLabels(server.url)).some((label) => label.startsWith('Probe ')),
        )
        .toBe(true);
    },
  );
});

/** A statement on `cms_entries` that changes nothing but, with the trigger on, announces. */
async function unannouncedOrNot(database: DatabaseHandle, announced: boolean) {
  if (announced) await database.query(sql`update "cms_entries" set "id" = "id" where false`);
}

describe('ContentCache', () => {
  it('keeps an answer until invalidated, and frozen', async () => {
    const cache = new ContentCache();
    cache.setListening(true);
    let loads = 0;
    const load = async () => ({ n: ++loads, nested: { list: [1] } });
    const first = await cache.get('k', load);
    expect(await cache.get('k', load)).toBe(first);
    expect(loads).toBe(1);
    expect(Object.isFrozen(first.nested.list)).toBe(true);
    cache.invalidate();
    expect((await cache.get('k', load)).n).toBe(2);
  });

  it('does not keep an answer whose load began before a write was announced', async () => {
    const cache = new ContentCache();
    cache.setListening(true);
    let release!: () => void;
    const slow = cache.get('k', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return 'read before the write';
    });
    cache.invalidate();
    release();
    expect(await slow).toBe('read before the write');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });

  it('caches nothing while the listener is lost', async () => {
    const cache = new ContentCache();
    cache.setListening(false);
    await cache.get('k', async () => 1);
    expect(await cache.get('k', async () => 2)).toBe(2);
    expect(cache.size).toBe(0);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe('across instances', () => {
  it(
    url
      ? 'on PostgreSQL: a write on instance A drops instance B cached answer (two pools, LISTEN/NOTIFY)'
      : 'on PGlite (one process): a write on instance A drops instance B cached answer (two apps on one PGlite, its notifications)',
    { timeout: 120_000 },
    async () => {
      const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-cache-'));
      const admin = url ? new pg.Client({ connectionString: url }) : null;
      const name = `northstar_cache_${randomBytes(4).toString('hex')}`;
      const instances: FastifyInstance[] = [];
      let shared: DatabaseHandle | null = null;
      // Closed after the apps (whose listeners and workers use them until they close).
      const handles: DatabaseHandle[] = [];
      try {
        let databaseUrl: string | null = null;
        if (admin) {
          await admin.connect();
          await admin.query(`create database ${name}`);
          const target = new URL(url!);
          target.pathname = `/${name}`;
          databaseUrl = target.toString();
        }
        // PGlite is one process's database: both apps share its handle. PostgreSQL: each app
        // has its own pool (and listening connection), as two processes would.
        shared = databaseUrl ? null : await testDatabase();
        for (const label of ['a', 'b']) {
          const database =
            shared ?? (await openDatabase({ dataDir: folder, databaseUrl: databaseUrl! }));
          if (databaseUrl && label === 'a') await seed(database);
          const dataDir = path.join(folder, label);
          const app = await createServer(testConfig(dataDir, { databaseUrl, dataDir }), {
            database,
            seed: false,
          });
          if (!shared) handles.push(database);
          instances.push(app);
        }
        const [a, b] = await Promise.all(
          instances.map((app) => app.listen({ port: 0, host: '127.0.0.1' })),
        );
        const staff = await cmsEditor({
          database: shared ?? handles[0]!,
          browser: () => cookieFetch(a!),
        });
        expect(await menuLabels(b!)).not.toContain('Written on A');
        // B answers from its cache: a change no one announces is not seen there.
        await unannounced(shared ?? handles[0]!, '/promotions', 'Unannounced');
        expect(await menuLabels(b!)).not.toContain('Unannounced');
        // B's answer is cached now; A changes the content.
        const [first] = (
          await cmsCall(a!, 'GET', '/cms/menu-links?filters[url][$eq]=/loyalty&locale=en-US')
        ).body.data as { id: number }[];
        const put = await cmsCall(a!, 'PUT', `/cms/menu-links/${first!.id}`, {
          editor: staff,
          body: { data: { label: 'Written on A' } },
        });
        expect(put.status).toBe(200);
        // On PostgreSQL the notification crosses over another connection: within moments.
        await expect
          .poll(() => menuLabels(b!), { timeout: 5000, interval: 50 })
          .toEqual(expect.arrayContaining(['Written on A', 'Unannounced']));
      } finally {
        for (const app of instances) await app.close();
        for (const handle of handles) await handle.close();
        await shared?.close();
        if (admin) {
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.end();
        }
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});
