import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../demo/index.ts';
import { signUp } from '../testing/api.ts';
import { cmsCall, cmsEditor, cmsJwt, type CmsEditor } from '../testing/cms.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { pngImage } from './upload-fixtures.ts';

/**
 * Issue #30: `/cms` writes through the back office. A content editor's back-office session (role
 * `content` or `admin`) and the marker header open them; other staff roles are refused (403),
 * players and visitors are not signed in to the back office (401), the staff JWT of
 * `/cms/auth/local` writes nothing any more. Each write leaves exactly one audit row, before and
 * after, and a draft stays off the public reads until it is published.
 */
let server: TestServer;
let editor: CmsEditor;
let admin: CmsEditor;

beforeAll(async () => {
  server = await startTestServer();
  editor = await cmsEditor(server, ['content']);
  admin = await cmsEditor(server, ['admin']);
}, 60_000);
afterAll(() => server.close());

const call = (
  method: string,
  path: string,
  options?: { body?: unknown; jwt?: string; editor?: CmsEditor },
) => cmsCall(server.url, method, path, options);

type AuditRow = {
  actor_id: number;
  actor_login: string;
  action: string;
  subject_type: string;
  subject_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

const auditCount = async () =>
  Number(
    (
      await server.database.query<{ n: number | string }>(
        sql`select count(*)::integer as n from audit_log`,
      )
    )[0]!.n,
  );

/** Runs a write and answers the audit rows it added: exactly one is expected of each write. */
async function audited<T>(write: () => Promise<T>): Promise<{ result: T; rows: AuditRow[] }> {
  const [last] = await server.database.query<{ id: number | null }>(
    sql`select max(id) as id from audit_log`,
  );
  const result = await write();
  const rows = await server.database.query<AuditRow>(
    sql`select * from audit_log where id > ${last?.id ?? 0} order by id`,
  );
  return { result, rows };
}

const redirect = { data: { from_url: '/door-old', to_url: '/door-new' } };

describe('who may write to /cms', () => {
  it('lets content editors and admins write, with their back-office session', async () => {
    for (const who of [editor, admin]) {
      const created = await call('POST', '/cms/redirects', {
        editor: who,
        body: { data: { from_url: `/by-${who.id}`, to_url: '/' } },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = (created.body.data as { id: number }).id;
      expect((await call('DELETE', `/cms/redirects/${id}`, { editor: who })).status).toBe(200);
    }
  });

  it.each([['support'], ['risk'], ['finance']] as const)(
    'refuses a %s agent (403), and writes no audit row',
    async (role) => {
      const other = await cmsEditor(server, [role]);
      const before = await auditCount();
      for (const [method, path] of [
        ['POST', '/cms/redirects'],
        ['PUT', '/cms/redirects/1'],
        ['DELETE', '/cms/redirects/1'],
        ['PUT', '/cms/site-config'],
      ]) {
        const answer = await call(method!, path!, {
          editor: other,
          ...(method === 'DELETE' ? {} : { body: redirect }),
        });
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.body.error?.details.type).toBe('AccessDeniedException');
      }
      // Drafts and the field definitions are the editors' too.
      expect(
        (await call('GET', '/cms/pages?publicationState=preview', { editor: other })).status,
      ).toBe(403);
      expect(
        (await call('GET', '/cms/content-type-builder/content-types', { editor: other })).status,
      ).toBe(403);
      expect(await auditCount()).toBe(before);
    },
  );

  it('refuses a visitor and a player session (401): neither is signed in to the back office', async () => {
    const visitor = await call('POST', '/cms/redirects', { body: redirect });
    expect(visitor.status).toBe(401);
    expect(visitor.body.error?.details.type).toBe('AuthorizationException');

    const { tab } = await signUp(server, 'cms-door');
    const asPlayer = await tab('/cms/redirects', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-client': 'web/2.34' },
      body: JSON.stringify(redirect),
    });
    expect(asPlayer.status).toBe(401);
    expect(
      ((await asPlayer.json()) as { error: { details: { type: string } } }).error.details.type,
    ).toBe('AuthorizationException');
  });

  it('writes nothing with the staff JWT of /cms/auth/local any more', async () => {
    const jwt = await cmsJwt(server.url, DEMO_STAFF);
    for (const [method, path] of [
      ['POST', '/cms/redirects'],
      ['PUT', '/cms/site-config'],
      ['POST', '/cms/i18n/locales'],
    ]) {
      const answer = await call(method!, path!, { jwt, body: redirect });
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
    expect((await call('GET', '/cms/pages?publicationState=preview', { jwt })).status).toBe(401);
  });

  it('refuses an editor’s write without the marker header (403), and reads without it', async () => {
    const unmarked = { headers: { cookie: editor.headers.cookie, 'x-app-client': '' } };
    const before = await auditCount();
    const answer = await fetch(new URL('/cms/redirects', server.url), {
      method: 'POST',
      headers: { ...unmarked.headers, 'content-type': 'application/json' },
      body: JSON.stringify(redirect),
    });
    expect(answer.status).toBe(403);
    expect(await auditCount()).toBe(before);
    // A read changes nothing: drafts are read with the session alone.
    const drafts = await fetch(new URL('/cms/pages?publicationState=preview', server.url), {
      headers: { cookie: editor.headers.cookie },
    });
    expect(drafts.status).toBe(200);
  });

  it('answers the content types’ fields to editors only', async () => {
    expect((await call('GET', '/cms/content-type-builder/content-types')).status).toBe(401);
    const answer = await call('GET', '/cms/content-type-builder/content-types', { editor });
    expect(answer.status).toBe(200);
    const types = answer.body.data as {
      apiID: string;
      schema: { kind: string; mainField: string; attributes: Record<string, unknown> };
    }[];
    const banners = types.find((type) => type.apiID === 'banners')!;
    expect(banners.schema).toMatchObject({
      kind: 'collectionType',
      mainField: 'title',
      draftAndPublish: true,
      pluginOptions: { i18n: { localized: true } },
    });
    expect(banners.schema.attributes).toMatchObject({
      title: { type: 'string', required: true, maxLength: 300 },
      link: { type: 'string', nullable: true },
      order: { type: 'integer' },
      image_mobile: { type: 'media' },
      description: { type: 'json' },
    });
    const redirects = types.find((type) => type.apiID === 'redirects')!;
    expect(redirects.schema.attributes.status).toMatchObject({
      type: 'enumeration',
      enum: [301, 302],
      nullable: true,
    });
    expect(types.find((type) => type.apiID === 'site-config')!.schema.kind).toBe('singleType');
    // An editor reads an entry with every relation, to the deepest level.
    const pages = types.find((type) => type.apiID === 'pages')!;
    expect((pages.schema as unknown as { populate: string[] }).populate).toEqual([
      'seo.openGraph.image',
      'image',
    ]);
    // Read with them, an entry saved back as read keeps its deepest relations.
    const created = await call('POST', '/cms/pages?locale=en-US', {
      editor,
      body: {
        data: {
          slug: 'whole-read',
          title: 'Whole',
          seo: { title: 'S', openGraph: { title: 'O', image: { url: '/og.png' } } },
        },
      },
    });
    const id = (created.body.data as { id: number }).id;
    const populate = (pages.schema as unknown as { populate: string[] }).populate.join(',');
    const read = await call(
      'GET',
      `/cms/pages/${id}?publicationState=preview&populate=${populate}`,
      {
        editor,
      },
    );
    const { seo } = read.body.data as { seo: unknown };
    expect(seo).toEqual({ title: 'S', openGraph: { title: 'O', image: { url: '/og.png' } } });
    await call('PUT', `/cms/pages/${id}`, { editor, body: { data: { seo } } });
    expect((await call('GET', `/cms/pages/${id}?populate=${populate}`)).body.data).toMatchObject({
      seo: { openGraph: { image: { url: '/og.png' } } },
    });
    await call('DELETE', `/cms/pages/${id}`, { editor });
    expect(types.map((type) => type.apiID)).not.toContain('upload-files');
  });
});

describe('the audit log of /cms writes', () => {
  it('keeps one row per write, with who, what, before and after', async () => {
    const created = await audited(() =>
      call('POST', '/cms/banners?locale=en-US', {
        editor,
        body: { data: { title: 'Audited', publishedAt: null } },
      }),
    );
    expect(created.result.status).toBe(201);
    const id = (created.result.body.data as { id: number }).id;
    expect(created.rows).toHaveLength(1);
    expect(created.rows[0]).toMatchObject({
      actor_id: editor.id,
      actor_login: editor.login,
      action: 'cms/create',
      subject_type: 'banners',
      subject_id: String(id),
      before: null,
      after: { id, title: 'Audited', publishedAt: null },
    });

    const steps: [string, () => Promise<unknown>, Record<string, unknown> | null][] = [
      [
        'cms/update',
        () => call('PUT', `/cms/banners/${id}`, { editor, body: { data: { title: 'Renamed' } } }),
        { title: 'Renamed' },
      ],
      [
        'cms/publish',
        () => call('PUT', `/cms/banners/${id}`, { editor, body: { data: { publishedAt: true } } }),
        { title: 'Renamed', publishedAt: expect.any(String) },
      ],
      [
        'cms/unpublish',
        () => call('PUT', `/cms/banners/${id}`, { editor, body: { data: { publishedAt: null } } }),
        { publishedAt: null },
      ],
      ['cms/delete', () => call('DELETE', `/cms/banners/${id}`, { editor }), null],
    ];
    let previous = created.rows[0]!.after;
    for (const [action, write, after] of steps) {
      const { rows } = await audited(write);
      expect(rows, action).toHaveLength(1);
      expect(rows[0], action).toMatchObject({ action, subject_type: 'banners' });
      // Before is what the last write left; after is what this one made.
      expect(rows[0]!.before, action).toEqual(previous);
      if (after === null) expect(rows[0]!.after, action).toBeNull();
      else expect(rows[0]!.after, action).toMatchObject(after);
      previous = rows[0]!.after;
    }
  });

  it('audits single types, uploads and locales, and nothing for a refused write', async () => {
    const single = await audited(() =>
      call('PUT', '/cms/support-settings', { editor, body: { data: { chat: 'crisp' } } }),
    );
    expect(single.rows).toHaveLength(1);
    expect(single.rows[0]).toMatchObject({
      subject_type: 'support-settings',
      after: { chat: 'crisp' },
    });

    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(pngImage(3, 3, 9))]), 'audit.png');
    const upload = await audited(async () => {
      const response = await fetch(new URL('/cms/upload', server.url), {
        method: 'POST',
        headers: editor.headers,
        body: form,
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: number }[];
    });
    expect(upload.rows).toHaveLength(1);
    expect(upload.rows[0]).toMatchObject({
      action: 'cms/create',
      subject_type: 'upload-files',
      subject_id: String(upload.result[0]!.id),
    });
    const removed = await audited(() =>
      call('DELETE', `/cms/upload/files/${upload.result[0]!.id}`, { editor }),
    );
    expect(removed.rows).toHaveLength(1);
    expect(removed.rows[0]).toMatchObject({ action: 'cms/delete', after: null });

    const locale = await audited(() =>
      call('POST', '/cms/i18n/locales', { editor, body: { code: 'it-IT', name: 'Italiano' } }),
    );
    expect(locale.rows).toHaveLength(1);
    expect(locale.rows[0]).toMatchObject({ subject_type: 'locales', subject_id: 'it-IT' });
    expect(
      (await audited(() => call('DELETE', '/cms/i18n/locales/it-IT', { editor }))).rows,
    ).toHaveLength(1);

    // A write the content backend refuses (an invalid entry) changes nothing and leaves no row.
    const refused = await audited(() =>
      call('POST', '/cms/redirects', { editor, body: { data: { from_url: '/x' } } }),
    );
    expect(refused.result.status).toBe(400);
    expect(refused.rows).toEqual([]);
  });
});

describe('drafts and publish', () => {
  it('keeps a draft banner off the site until an editor publishes it', async () => {
    const created = await call('POST', '/cms/banners?locale=en-US', {
      editor,
      body: {
        data: {
          title: 'Draft banner',
          banner_type: 'main',
          image_mobile: { url: '/banners/welcome-360x240.svg', width: 360, height: 240 },
          publishedAt: null,
        },
      },
    });
    expect(created.status).toBe(201);
    const id = (created.body.data as { id: number }).id;
    const publicTitles = async () => {
      const answer = await fetch(
        new URL('/api/banners/get?v=2.34&locale=en-US&count=50', server.url),
      );
      const body = (await answer.json()) as { data: { items: { title: string }[] } };
      return body.data.items.map((item) => item.title);
    };
    // Not on the site, not in a public read; the editor previews it.
    expect(await publicTitles()).not.toContain('Draft banner');
    expect((await call('GET', `/cms/banners/${id}`)).status).toBe(404);
    const preview = await call('GET', `/cms/banners/${id}?publicationState=preview`, { editor });
    expect(preview.body.data).toMatchObject({ title: 'Draft banner', publishedAt: null });

    await call('PUT', `/cms/banners/${id}`, { editor, body: { data: { publishedAt: true } } });
    expect(await publicTitles()).toContain('Draft banner');
    expect((await call('GET', `/cms/banners/${id}`)).status).toBe(200);

    // Unpublished, it leaves the site again.
    await call('PUT', `/cms/banners/${id}`, { editor, body: { data: { publishedAt: null } } });
    expect(await publicTitles()).not.toContain('Draft banner');
    await call('DELETE', `/cms/banners/${id}`, { editor });
  });
});
