import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../testing/api.ts';
import { cmsCall, cmsEditor, type CmsEditor } from '../../testing/cms.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
let editor: CmsEditor;

const image = (url: string) => ({ url, width: 360, height: 240 });

/** A banner written by a content editor through the content backend, as the back office does. */
async function addBanner(data: Record<string, unknown>, locale = 'en-US') {
  const created = await cmsCall(server.url, 'POST', `/cms/banners?locale=${locale}`, {
    body: { data },
    editor,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
}

interface Banner {
  id: number;
  title: string;
  link: string | null;
  finished_at: string | null;
  description: { position: string | null };
  image_mobile: { url: string; width: number | null; height: number | null } | null;
  image_tablet: { url: string } | null;
}

async function banners(params: Record<string, string | number> = {}) {
  const answer = await get(server.browser(), 'banners/get', params);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { total: number; items: Banner[] };
}

beforeAll(async () => {
  server = await startTestServer();
  editor = await cmsEditor(server);
  await addBanner({
    title: 'Spring reload',
    banner_type: 'main',
    order: 50,
    link: '/promotions/7',
    description: { position: 'home_top' },
    image_mobile: image('/banners/spring-360x240.svg'),
    image_tablet: { url: '/banners/spring-360x520.svg', width: 360, height: 520 },
  });
  await addBanner({
    title: 'Ended',
    order: 51,
    finished_at: '2020-01-01T00:00:00.000Z',
    image_mobile: image('/banners/ended.svg'),
  });
  await addBanner({
    title: 'Auth side',
    banner_type: 'auth',
    order: 52,
    image_mobile: image('/a.svg'),
  });
  await addBanner({
    title: 'Script link',
    order: 53,
    link: 'javascript:alert(1)',
    image_mobile: image('/s.svg'),
  });
  await addBanner({
    title: 'Partner',
    order: 54,
    link: 'https://partner.example/offer',
    image_mobile: image('/p.svg'),
  });
  await addBanner({ title: 'No picture', order: 55 });
  await addBanner({ title: 'Draft', order: 56, publishedAt: null, image_mobile: image('/d.svg') });
  await addBanner(
    {
      title: 'Recarga de primavera',
      order: 50,
      link: '/promotions/7',
      image_mobile: image('/e.svg'),
    },
    'es-ES',
  );
}, 180_000);
afterAll(() => server?.close());

describe('banners/get (§7 Banners, issue #26)', () => {
  it('answers the published, running main banners of the language, in order, with their links', async () => {
    const { items, total } = await banners();
    const titles = items.map((banner) => banner.title);
    // The seeded welcome banner comes first (order 1); ours follow in their order.
    expect(titles.slice(-3)).toEqual(['Spring reload', 'Script link', 'Partner']);
    expect(titles).not.toContain('Ended');
    expect(titles).not.toContain('Auth side');
    expect(titles).not.toContain('No picture');
    expect(titles).not.toContain('Draft');
    expect(titles).not.toContain('Recarga de primavera');
    expect(total).toBe(items.length);
    expect(items.find((banner) => banner.title === 'Spring reload')).toMatchObject({
      link: '/promotions/7',
      finished_at: null,
      description: { position: 'home_top' },
      image_mobile: { url: '/banners/spring-360x240.svg', width: 360, height: 240 },
      image_tablet: { url: '/banners/spring-360x520.svg' },
    });
    // The demo's welcome banner leads to the promotions.
    expect(items[0]).toMatchObject({ link: '/promotions' });
  });

  it('serves only a site path or an https page as a link', async () => {
    const { items } = await banners();
    const link = (title: string) => items.find((banner) => banner.title === title)?.link;
    expect(link('Script link')).toBeNull();
    expect(link('Partner')).toBe('https://partner.example/offer');
  });

  it('answers in the request’s language and pages with offset and count', async () => {
    const spanish = await banners({ locale: 'es-ES' });
    expect(spanish.items.map((banner) => banner.title)).toContain('Recarga de primavera');
    expect(spanish.items.map((banner) => banner.title)).not.toContain('Spring reload');

    const all = await banners();
    const page = await banners({ offset: 1, count: 1 });
    expect(page.total).toBe(all.total);
    expect(page.items).toEqual(all.items.slice(1, 2));
  });

  it('refuses a count over the contract’s page size with a field error, not a 500', async () => {
    const answer = await get(server.browser(), 'banners/get', { count: 1000 });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.invalid_parameters).toHaveProperty('count');
  });
});
