import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../demo/index.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import {
  cmsCall,
  cmsEditor,
  cmsJwt,
  type CmsAnswer as Answer,
  type CmsEditor,
} from '../testing/cms.ts';

let server: TestServer;
let editor: CmsEditor;
let playerJwt: string;

const call = (
  method: string,
  path: string,
  options?: { body?: unknown; jwt?: string; editor?: CmsEditor },
) => cmsCall(server.url, method, path, options);

const list = (answer: Answer) => answer.body.data as Record<string, unknown>[];

beforeAll(async () => {
  server = await startTestServer();
  editor = await cmsEditor(server);
  playerJwt = await cmsJwt(server.url, DEMO_PLAYER);
}, 60_000);
afterAll(() => server.close());

describe('content CRUD', () => {
  it('creates, finds, updates and deletes an entry, each over HTTP', async () => {
    const created = await call('POST', '/cms/redirects', {
      editor,
      body: { data: { from_url: '/old-promo', to_url: '/promotions' } },
    });
    expect(created.status).toBe(201);
    const entry = created.body.data as Record<string, unknown>;
    expect(entry).toMatchObject({ from_url: '/old-promo', to_url: '/promotions' });
    expect(typeof entry.id).toBe('number');
    expect(entry).not.toHaveProperty('locale');

    const one = await call('GET', `/cms/redirects/${entry.id}`);
    expect(one.body.data).toMatchObject({ id: entry.id, from_url: '/old-promo' });

    const updated = await call('PUT', `/cms/redirects/${entry.id}`, {
      editor,
      body: { data: { to_url: '/offers' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ from_url: '/old-promo', to_url: '/offers' });
    expect((await call('GET', `/cms/redirects/${entry.id}`)).body.data).toMatchObject({
      to_url: '/offers',
    });

    const removed = await call('DELETE', `/cms/redirects/${entry.id}`, { editor });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ id: entry.id });
    const gone = await call('GET', `/cms/redirects/${entry.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error?.details.type).toBe('MethodNotFoundException');
  });

  it('validates attributes, refuses duplicates and reserved keys with typed bodies', async () => {
    const missing = await call('POST', '/cms/redirects', {
      editor,
      body: { data: { from_url: '/x' } },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.details.invalid_parameters).toEqual({ to_url: ['required'] });
    const noData = await call('POST', '/cms/redirects', {
      editor,
      body: { from_url: '/x' },
    });
    expect(noData.body.error?.details.invalid_parameters).toEqual({ data: ['required'] });
    const reserved = await call('POST', '/cms/redirects', {
      editor,
      body: { data: { id: 9, from_url: '/x', to_url: '/y' } },
    });
    expect(reserved.body.error?.details.invalid_parameters).toEqual({ id: ['unknown_parameter'] });
    const first = await call('POST', '/cms/translations?locale=es-ES', {
      editor,
      body: { data: { key: 'test.unique', value: 'uno' } },
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ locale: 'es-ES' });
    const duplicate = await call('POST', '/cms/translations?locale=es-ES', {
      editor,
      body: { data: { key: 'test.unique', value: 'dos' } },
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error?.details.invalid_parameters).toEqual({ key: ['already_exists'] });
    const otherLocale = await call('POST', '/cms/translations?locale=pt-BR', {
      editor,
      body: { data: { key: 'test.unique', value: 'um' } },
    });
    expect(otherLocale.status).toBe(201);
    const badLocale = await call('POST', '/cms/translations?locale=xx-XX', {
      editor,
      body: { data: { key: 'k', value: 'v' } },
    });
    expect(badLocale.body.error?.details.invalid_parameters).toEqual({ locale: ['wrong_field'] });
    const broken = await fetch(new URL('/cms/redirects', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...editor.headers },
      body: '{"data":',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as Answer['body']).error?.details.type).toBe(
      'InvalidRequestException',
    );
  });

  it('answers unknown types and ids with typed 404 and 400 bodies', async () => {
    const unknown = await call('GET', '/cms/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.details.type).toBe('MethodNotFoundException');
    const badId = await call('GET', '/cms/redirects/abc');
    expect(badId.status).toBe(400);
    expect(badId.body.error?.details.invalid_parameters).toEqual({ id: ['wrong_field'] });
    const deep = await call('GET', '/cms/a/b/c');
    expect(deep.status).toBe(404);
    expect(deep.body.error?.details.type).toBe('MethodNotFoundException');
  });
});

describe('staff-only writes', () => {
  const body = { data: { from_url: '/a', to_url: '/b' } };
  it.each([
    ['POST', '/cms/redirects'],
    ['PUT', '/cms/redirects/1'],
    ['DELETE', '/cms/redirects/1'],
  ])('%s %s: 401 for a visitor and a player (a JWT writes nothing)', async (method, path) => {
    const visitor = await call(method, path, method === 'DELETE' ? {} : { body });
    expect(visitor.status).toBe(401);
    expect(visitor.body.error?.details.type).toBe('AuthorizationException');
    const player = await call(method, path, {
      jwt: playerJwt,
      ...(method === 'DELETE' ? {} : { body }),
    });
    expect(player.status).toBe(401);
    expect(player.body.error?.details.type).toBe('AuthorizationException');
  });
});

describe('query language', () => {
  beforeAll(async () => {
    const items = [
      { title: 'Alpha', score: 1, tag: 'red', note: 'Big Win' },
      { title: 'Beta', score: 5, tag: 'blue', note: 'small win' },
      { title: 'Gamma', score: 10, tag: 'red' },
      { title: 'Delta', score: 20, tag: 'green', note: '100% bonus' },
    ];
    for (const item of items) {
      const answer = await call('POST', '/cms/banners?locale=ru-RU', {
        editor,
        body: { data: { ...item, description: { position: `pos-${item.tag}` } } },
      });
      expect(answer.status).toBe(201);
    }
  });

  const titles = async (query: string) => {
    const answer = await call('GET', `/cms/banners?locale=ru-RU&${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return list(answer)
      .map((entry) => entry.title)
      .filter((title) => ['Alpha', 'Beta', 'Gamma', 'Delta'].includes(title as string));
  };

  it.each([
    ['filters[tag][$eq]=red', ['Alpha', 'Gamma']],
    ['filters[tag]=red', ['Alpha', 'Gamma']],
    ['filters[tag][$ne]=red&filters[score][$gte]=1', ['Beta', 'Delta']],
    ['filters[tag][$in][0]=blue&filters[tag][$in][1]=green', ['Beta', 'Delta']],
    ['filters[tag][$notIn][0]=red&filters[score][$notNull]=true', ['Beta', 'Delta']],
    ['filters[note][$contains]=Win', ['Alpha']],
    ['filters[note][$containsi]=win', ['Alpha', 'Beta']],
    ['filters[note][$contains]=%25', ['Delta']],
    ['filters[title][$startsWith]=G', ['Gamma']],
    ['filters[score][$lt]=5', ['Alpha']],
    ['filters[score][$lte]=5', ['Alpha', 'Beta']],
    ['filters[score][$gt]=5', ['Gamma', 'Delta']],
    ['filters[score][$gte]=10', ['Gamma', 'Delta']],
    ['filters[score][$gte]=1&filters[note][$null]=true', ['Gamma']],
    ['filters[$or][0][tag][$eq]=blue&filters[$or][1][score][$eq]=20', ['Beta', 'Delta']],
    ['filters[$and][0][tag][$eq]=red&filters[$and][1][score][$gt]=1', ['Gamma']],
    ['filters[description][position][$eq]=pos-green', ['Delta']],
    ['filters[score][$gte]=1&sort=score:desc', ['Delta', 'Gamma', 'Beta', 'Alpha']],
    [
      'filters[score][$gte]=1&sort[0]=tag:asc&sort[1]=title:desc',
      ['Beta', 'Delta', 'Gamma', 'Alpha'],
    ],
  ])('%s', async (query, expected) => {
    expect(await titles(query)).toEqual(expected);
  });

  it('paginates by page and by offset with meta.pagination', async () => {
    const page = await call(
      'GET',
      '/cms/banners?locale=ru-RU&filters[score][$gte]=1&sort=score&pagination[page]=2&pagination[pageSize]=3',
    );
    expect(list(page).map((e) => e.title)).toEqual(['Delta']);
    expect(page.body.meta?.pagination).toEqual({ page: 2, pageSize: 3, pageCount: 2, total: 4 });
    const offset = await call(
      'GET',
      '/cms/banners?locale=ru-RU&filters[score][$gte]=1&sort=score&pagination[start]=1&pagination[limit]=2',
    );
    expect(list(offset).map((e) => e.title)).toEqual(['Beta', 'Gamma']);
    expect(offset.body.meta?.pagination).toEqual({ start: 1, limit: 2, total: 4 });
  });

  it('keeps only the asked fields, and relations only when populated', async () => {
    const plain = list(await call('GET', '/cms/banners?locale=ru-RU&filters[tag][$eq]=green'))[0]!;
    expect(plain).not.toHaveProperty('description');
    expect(plain).toMatchObject({ title: 'Delta', score: 20, locale: 'ru-RU' });
    const populated = list(
      await call('GET', '/cms/banners?locale=ru-RU&filters[tag][$eq]=green&populate=*'),
    )[0]!;
    expect(populated.description).toEqual({ position: 'pos-green' });
    const named = list(
      await call(
        'GET',
        '/cms/banners?locale=ru-RU&filters[tag][$eq]=green&populate[description]=true&fields[0]=title',
      ),
    )[0]!;
    // As in Strapi, `id` and `documentId` come whatever `fields` asks for.
    expect(Object.keys(named).sort()).toEqual(['description', 'documentId', 'id', 'title']);
    // Nested: the SEO record's openGraph image only with a deep populate.
    const shallow = list(
      await call('GET', '/cms/seos?filters[url][$eq]=/gamehall&populate[openGraph]=true'),
    )[0]!;
    expect(shallow.openGraph).toEqual(expect.not.objectContaining({ image: expect.anything() }));
    const deep = list(
      await call('GET', '/cms/seos?filters[url][$eq]=/gamehall&populate[openGraph][populate]=*'),
    )[0]!;
    expect(deep.openGraph).toMatchObject({ image: { url: '/og/default.png' } });
    const dotted = list(
      await call('GET', '/cms/seos?filters[url][$eq]=/&populate=openGraph.image'),
    )[0]!;
    expect(dotted.openGraph).toMatchObject({ image: { url: '/og/default.png' } });
  });

  it('reads the default locale unless one is named, and all with locale=all', async () => {
    const english = list(await call('GET', '/cms/seos?filters[url][$eq]=/gamehall'));
    expect(english.map((e) => e.locale)).toEqual(['en-US']);
    const spanish = list(await call('GET', '/cms/seos?filters[url][$eq]=/gamehall&locale=es-ES'));
    expect(spanish.map((e) => e.title)).toEqual(['Casino | Northstar']);
    const all = list(await call('GET', '/cms/seos?filters[url][$eq]=/gamehall&locale=all'));
    expect(all.map((e) => e.locale).sort()).toEqual(['en-US', 'es-ES', 'pt-BR', 'ru-RU']);
  });

  it.each([
    ['filters[title][$regex]=a', 'filters[title][$regex]'],
    ['filters[$or]=x', 'filters[$or]'],
    ['filters[title][$eq][0]=a', 'filters[title][$eq]'],
    ['filters[bad-name][$eq]=a', 'filters[bad-name]'],
    ['filters[score][$null]=maybe', 'filters[score][$null]'],
    ['filters[id][$lt]=x', 'filters[id][$lt]'],
    ['filters[createdAt][$gt]=yesterday', 'filters[createdAt][$gt]'],
    ['sort=title:sideways', 'sort'],
    ['sort=ti;tle', 'sort'],
    ['fields=a b', 'fields'],
    ['populate=nothing', 'populate'],
    ['populate[seo][bogus]=1', 'populate[seo]'],
    ['pagination[page]=0', 'pagination[page]'],
    ['pagination[pageSize]=1000', 'pagination[pageSize]'],
    ['pagination[page]=1&pagination[limit]=2', 'pagination'],
    ['locale=klingon', 'locale'],
    ['locale=xx-XX', 'locale'],
    ['unknown=1', 'unknown'],
    ['filters[a][b][c][d][e][f][g][h][i]=1', 'query'],
    ['filters[%E0%A4%A]=1', 'filters'],
  ])('refuses %s with InvalidParameter naming %s', async (query, parameter) => {
    const answer = await call('GET', `/cms/banners?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.details.type).toBe('InvalidParameterException');
    const keys = Object.keys(answer.body.error?.details.invalid_parameters ?? {});
    expect(keys.some((key) => key.startsWith(parameter))).toBe(true);
  });

  it.each([
    ['filters[createdAt][$gt]=275760-09-13', 'filters[createdAt][$gt]'],
    ['filters[createdAt][$lt]=-271821-04-20', 'filters[createdAt][$lt]'],
    ['filters[createdAt][$eq]=275760-09-13', 'filters[createdAt][$eq]'],
    ['filters[createdAt]=275760-09-13', 'filters[createdAt]'],
    ['filters[createdAt][$ne]=10000-01-01', 'filters[createdAt][$ne]'],
    [
      'filters[createdAt][$in][0]=2020-01-01&filters[createdAt][$in][1]=275760-09-13',
      'filters[createdAt][$in]',
    ],
    ['filters[createdAt][$in]=275760-09-13', 'filters[createdAt][$in]'],
    ['filters[updatedAt][$notIn][0]=%2B275760-09-13T00:00:00.000Z', 'filters[updatedAt][$notIn]'],
    ['filters[publishedAt][$gte]=0000-12-31', 'filters[publishedAt][$gte]'],
    [
      'filters[publishedAt][$between][0]=2020-01-01&filters[publishedAt][$between][1]=99999-01-01',
      'filters[publishedAt][$between]',
    ],
    ['filters[$or][0][createdAt][$lte]=-000001-01-01', 'filters[$or][0][createdAt][$lte]'],
  ])(
    'refuses the date %s, out of the database range, with InvalidParameter',
    async (query, parameter) => {
      const answer = await call('GET', `/cms/pages?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.details.type).toBe('InvalidParameterException');
      const keys = Object.keys(answer.body.error?.details.invalid_parameters ?? {});
      expect(
        keys.some((key) => key.startsWith(parameter)),
        keys.join(),
      ).toBe(true);
    },
  );

  it('compares dates as instants with $eq, $ne, $in and $notIn', async () => {
    const [first] = list(await call('GET', '/cms/banners?locale=ru-RU&sort=id'));
    const { id, createdAt } = first as { id: number; createdAt: string };
    const ids = async (filter: string) =>
      list(await call('GET', `/cms/banners?locale=ru-RU&${filter}&pagination[pageSize]=100`)).map(
        (entry) => entry.id,
      );
    const at = encodeURIComponent(createdAt);
    expect(await ids(`filters[createdAt][$eq]=${at}`)).toContain(id);
    expect(
      await ids(`filters[createdAt][$in][0]=1999-01-01&filters[createdAt][$in][1]=${at}`),
    ).toContain(id);
    expect(await ids(`filters[createdAt][$ne]=${at}`)).not.toContain(id);
    expect(await ids(`filters[createdAt][$notIn][0]=${at}`)).not.toContain(id);
    expect(await ids('filters[createdAt][$eq]=9999-12-31')).toEqual([]);
  });

  it('filters on the entry id and dates', async () => {
    const all = list(await call('GET', '/cms/banners?locale=ru-RU&filters[score][$gte]=1&sort=id'));
    const ids = all.map((entry) => entry.id as number);
    const after = list(
      await call('GET', `/cms/banners?locale=ru-RU&filters[id][$gt]=${ids[1]}&sort=id`),
    );
    expect(after.map((entry) => entry.id)).toEqual(ids.slice(2));
    const recent = list(
      await call('GET', '/cms/banners?locale=ru-RU&filters[createdAt][$gte]=2000-01-01'),
    );
    expect(recent.length).toBeGreaterThanOrEqual(4);
  });
});

describe('single types', () => {
  it('reads, writes and removes the site config per locale without an id', async () => {
    const read = await call('GET', '/cms/site-config?locale=es-ES');
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ locale: 'es-ES' });
    expect(Array.isArray(read.body.data)).toBe(false);

    const put = await call('PUT', '/cms/site-config?locale=es-ES', {
      editor,
      body: { data: { games: { hallType: 'items' } } },
    });
    expect(put.status).toBe(200);
    // The other attributes of the entry stay.
    expect(put.body.data).toMatchObject({ games: { hallType: 'items' }, auth: expect.any(Object) });
    const config = await fetch(new URL('/nfx/cms-config/es-ES', server.url)).then(
      (r) => r.json() as Promise<{ siteConfig: { games: { hallType: string } } }>,
    );
    expect(config.siteConfig.games.hallType).toBe('items');

    // A second entry for the locale is refused; the single type is updated instead.
    const again = await call('POST', '/cms/site-config?locale=es-ES', {
      editor,
      body: { data: {} },
    });
    expect(again.status).toBe(400);
    expect(again.body.error?.details.invalid_parameters).toEqual({ locale: ['already_exists'] });

    const removed = await call('DELETE', '/cms/site-config?locale=es-ES', { editor });
    expect(removed.status).toBe(200);
    expect((await call('GET', '/cms/site-config?locale=es-ES')).status).toBe(404);
    // Without its entry the locale falls back to the documented defaults.
    const defaults = await fetch(new URL('/nfx/cms-config/es-ES', server.url)).then(
      (r) => r.json() as Promise<{ siteConfig: { games: { hallType: string } } }>,
    );
    expect(defaults.siteConfig.games.hallType).toBe('categories');

    // PUT creates it again; other locales were never touched.
    const created = await call('PUT', '/cms/site-config?locale=es-ES', {
      editor,
      body: { data: { games: { hallType: 'items' } } },
    });
    expect(created.status).toBe(200);
    expect((await call('GET', '/cms/site-config?locale=pt-BR')).body.data).toMatchObject({
      locale: 'pt-BR',
    });
  });

  it('hands the sections remotes read typed: a value it does not know becomes the default', async () => {
    const before = (await call('GET', '/cms/site-config?locale=es-ES')).body.data as Record<
      string,
      unknown
    >;
    const put = await call('PUT', '/cms/site-config?locale=es-ES', {
      editor,
      body: {
        data: {
          games: { hallType: 'spiral', providers: ['aurora', 7], showRtp: false },
          balanceRefresh: { countSecondsForInterval: -5, isEnabledInterval: 'no' },
          cashier: { depositAmounts: [{ currency: 'EUR', amount: [{ value: 20 }, 'x'] }, 'USD'] },
          auth: { authTypes: [{ id: 2, __component: 'wizard' }, { __component: 'fast' }] },
          bonuses: { historyPageSize: 'many' },
        },
      },
    });
    expect(put.status).toBe(200);
    const { siteConfig } = await fetch(new URL('/nfx/cms-config/es-ES', server.url)).then(
      (r) => r.json() as Promise<{ siteConfig: Record<string, Record<string, unknown>> }>,
    );
    expect(siteConfig.games).toMatchObject({
      hallType: 'categories',
      providers: ['aurora'],
      showRtp: false,
    });
    expect(siteConfig.balanceRefresh).toMatchObject({
      countSecondsForInterval: 10,
      isEnabledInterval: true,
    });
    expect(siteConfig.cashier?.depositAmounts).toEqual([
      { currency: 'EUR', amount: [{ value: 20 }] },
    ]);
    expect(siteConfig.auth?.authTypes).toEqual([{ __component: 'fast' }]);
    expect(siteConfig.bonuses).toEqual({ historyPageSize: 4, freespinsFetchCount: 99 });
    expect(siteConfig.support).toEqual({ chat: '', providers: {} });

    // Back to what the test before left.
    const sections = ['games', 'balanceRefresh', 'cashier', 'auth', 'bonuses'];
    const restored = await call('PUT', '/cms/site-config?locale=es-ES', {
      editor,
      body: { data: Object.fromEntries(sections.map((key) => [key, before[key] ?? {}])) },
    });
    expect(restored.status).toBe(200);
  });

  it('keeps single-type writes to staff, and id-less writes to single types', async () => {
    const asPlayer = await call('PUT', '/cms/web-settings', {
      jwt: playerJwt,
      body: { data: { favicon: [] } },
    });
    expect(asPlayer.status).toBe(401);
    const asVisitor = await call('DELETE', '/cms/support-settings');
    expect(asVisitor.status).toBe(401);
    const collection = await call('PUT', '/cms/banners', { editor, body: { data: {} } });
    expect(collection.status).toBe(404);
    expect(collection.body.error?.details.type).toBe('MethodNotFoundException');
    const settings = await call('PUT', '/cms/support-settings', {
      editor,
      body: { data: { chat: 'livechat' } },
    });
    expect(settings.body.data).toMatchObject({ chat: 'livechat' });
    expect((await call('GET', '/cms/support-settings')).body.data).toMatchObject({
      chat: 'livechat',
    });
  });

  it('answers support/getsettings from the support-settings entry', async () => {
    const settings = async () => {
      const response = await fetch(new URL('/api/support/getsettings?v=2.34', server.url));
      return ((await response.json()) as { data: unknown }).data;
    };
    await call('PUT', '/cms/support-settings', {
      editor,
      body: {
        data: {
          chat: 'livechat',
          config: { livechat: { license: '1234', lang: 'en', stray: 5 }, broken: 'x' },
        },
      },
    });
    expect(await settings()).toEqual({
      chat: 'livechat',
      config: { livechat: { license: '1234', lang: 'en' } },
    });
    await call('DELETE', '/cms/support-settings', { editor });
    expect(await settings()).toEqual({ chat: null, config: {} });
  });
});

describe('drafts', () => {
  it('keeps a draft off the public reads and the site until staff publish it', async () => {
    const created = await call('POST', '/cms/pages?locale=es-ES', {
      editor,
      body: { data: { slug: 'summer-draft', title: 'Verano', publishedAt: null } },
    });
    expect(created.status).toBe(201);
    const page = created.body.data as { id: number; publishedAt: string | null };
    expect(page.publishedAt).toBeNull();

    const bySlug = '/cms/pages?filters[slug][$eq]=summer-draft&locale=es-ES';
    expect(list(await call('GET', bySlug))).toEqual([]);
    expect((await call('GET', `/cms/pages/${page.id}`)).status).toBe(404);
    // Staff preview drafts; nobody else may.
    expect(list(await call('GET', `${bySlug}&publicationState=preview`, { editor }))).toHaveLength(
      1,
    );
    expect(list(await call('GET', `${bySlug}&status=draft`, { editor }))).toHaveLength(1);
    expect((await call('GET', `${bySlug}&publicationState=preview`)).status).toBe(401);
    expect(
      (await call('GET', `/cms/pages/${page.id}?publicationState=preview`, { jwt: playerJwt }))
        .status,
    ).toBe(401);

    const published = await call('PUT', `/cms/pages/${page.id}`, {
      editor,
      body: { data: { publishedAt: true } },
    });
    expect(typeof (published.body.data as { publishedAt: unknown }).publishedAt).toBe('string');
    expect(list(await call('GET', bySlug))).toHaveLength(1);
    // An edit that does not name publishedAt keeps the entry published.
    await call('PUT', `/cms/pages/${page.id}`, {
      editor,
      body: { data: { title: 'Verano 2027' } },
    });
    expect(list(await call('GET', bySlug))[0]).toMatchObject({ title: 'Verano 2027' });

    await call('PUT', `/cms/pages/${page.id}`, {
      editor,
      body: { data: { publishedAt: null } },
    });
    expect(list(await call('GET', bySlug))).toEqual([]);
  });

  it('leaves draft menu links out of /nfx/cms-config', async () => {
    const created = await call('POST', '/cms/menu-links?locale=ru-RU', {
      editor,
      body: { data: { label: 'Черновик', url: '/draft', order: 0, publishedAt: null } },
    });
    const id = (created.body.data as { id: number }).id;
    const labels = async () => {
      const response = await fetch(new URL('/nfx/cms-config/ru-RU', server.url));
      const body = (await response.json()) as { commonContent: { menuLinks: { label: string }[] } };
      return body.commonContent.menuLinks.map((link) => link.label);
    };
    expect(await labels()).not.toContain('Черновик');
    await call('PUT', `/cms/menu-links/${id}`, {
      editor,
      body: { data: { publishedAt: true } },
    });
    expect((await labels())[0]).toBe('Черновик');
    await call('DELETE', `/cms/menu-links/${id}`, { editor });
  });

  it('refuses a publishedAt that is not null, true or a date, and unknown states', async () => {
    const bad = await call('POST', '/cms/redirects', {
      editor,
      body: { data: { from_url: '/x', to_url: '/y', publishedAt: 'soon' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.details.invalid_parameters).toEqual({ publishedAt: ['wrong_field'] });
    for (const publishedAt of [
      '275760-09-13',
      '+275760-09-13T00:00:00.000Z',
      '-271821-04-20',
      '10000-01-01',
      '0000-12-31',
    ]) {
      const created = await call('POST', '/cms/redirects', {
        editor,
        body: { data: { from_url: '/far', to_url: '/future', publishedAt } },
      });
      expect(created.status, publishedAt).toBe(400);
      expect(created.body.error?.details.type, publishedAt).toBe('InvalidParameterException');
      expect(created.body.error?.details.invalid_parameters, publishedAt).toEqual({
        publishedAt: ['wrong_field'],
      });
    }
    const dated = await call('POST', '/cms/redirects', {
      editor,
      body: { data: { from_url: '/dated', to_url: '/y', publishedAt: '9999-12-31' } },
    });
    expect(dated.status).toBe(201);
    const { id } = dated.body.data as { id: number };
    expect(dated.body.data).toMatchObject({ publishedAt: '9999-12-31T00:00:00.000Z' });
    const moved = await call('PUT', `/cms/redirects/${id}`, {
      editor,
      body: { data: { publishedAt: '275760-09-13' } },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error?.details.invalid_parameters).toEqual({ publishedAt: ['wrong_field'] });
    await call('DELETE', `/cms/redirects/${id}`, { editor });
    expect((await call('GET', '/cms/pages?publicationState=all')).status).toBe(400);
    expect((await call('GET', '/cms/pages?status=archived')).status).toBe(400);
  });
});
