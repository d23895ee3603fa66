import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { testDatabase } from '../testing/test-database.ts';
import { seedContent } from './seed.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await testDatabase();
}, 60_000);

afterAll(async () => {
  await database.close();
});

const seoData = async (url: string, locale: string) =>
  (
    await database.query<{ data: Record<string, unknown> }>(sql`
      select "data" from "cms_entries"
      where "type" = 'seos' and "locale" = ${locale} and "data" ->> 'url' = ${url}`)
  )[0]!.data;

const robots = async () =>
  (
    await database.query<{ robots: string }>(sql`
      select "data" ->> 'robots' as "robots" from "cms_entries"
      where "type" = 'domain-seo-settings' and "data" ->> 'host' = 'localhost'`)
  ).map((row) => row.robots);

describe('the SEO structured data seed', () => {
  it('gives a site seeded before it the organisation, the FAQ and the sitemap line, once', async () => {
    // A site as the first content seed left it: no structured data, robots without a sitemap.
    await database.query(sql`
      update "cms_entries" set "data" = "data" - 'organization' - 'schemaFaq' where "type" = 'seos'`);
    await database.query(sql`
      update "cms_entries"
      set "data" = jsonb_set("data", '{robots}', to_jsonb('User-agent: *' || chr(10) || 'Disallow: /cashier'))
      where "type" = 'domain-seo-settings'`);
    // Staff wrote their own organisation in Spanish: it stays.
    await database.query(sql`
      update "cms_entries" set "data" = "data" || '{"organization":{"name":"Northstar ES"}}'::jsonb
      where "type" = 'seos' and "locale" = 'es-ES' and "data" ->> 'url' = '/'`);
    await database.query(
      sql`delete from "cms_seed_runs" where "name" = 'content-seo-structured-data-v1'`,
    );

    await seedContent(database);

    expect((await seoData('/', 'en-US')).organization).toMatchObject({
      name: 'Northstar',
      url: '/',
      logo: '/apple-touch-icon.png',
      sameAs: [
        'https://t.me/northstar',
        'https://instagram.com/northstar',
        'https://x.com/northstar',
      ],
    });
    expect((await seoData('/', 'es-ES')).organization).toEqual({ name: 'Northstar ES' });
    const faq = (await seoData('/promotions', 'pt-BR')).schemaFaq as { question: string }[];
    expect(faq.map((item) => item.question)).toEqual([
      'Como recebo o bônus de boas-vindas?',
      'Onde vejo meus bônus ativos?',
      'Quem pode participar das promoções?',
    ]);
    // One entry per locale, each with the line.
    expect(await robots()).toEqual(
      Array(4).fill('User-agent: *\nDisallow: /cashier\nSitemap: /sitemap.xml'),
    );

    // Run once: a later start changes nothing, even what staff removed since.
    await database.query(sql`
      update "cms_entries" set "data" = "data" - 'schemaFaq' where "type" = 'seos'`);
    await seedContent(database);
    expect((await seoData('/promotions', 'pt-BR')).schemaFaq).toBeUndefined();
  });
});

describe('the support chat seed (issue #30)', () => {
  const supportSettings = async () =>
    (
      await database.query<{ data: Record<string, unknown> }>(sql`
        select "data" from "cms_entries" where "type" = 'support-settings'`)
    ).map((row) => row.data);

  it('gives the demo the built-in chat: a new site, and one seeded before it without a chat, once', async () => {
    // A new site (testDatabase seeds the content): our chat, with a config (§9: none is skipped).
    expect(await supportSettings()).toEqual([
      { chat: 'northstar', config: { northstar: { id: 'northstar' } } },
    ]);
    // A site seeded before the chat: no provider chosen.
    await database.query(sql`
      update "cms_entries" set "data" = '{"chat":null,"config":{}}'::jsonb
      where "type" = 'support-settings'`);
    await database.query(sql`delete from "cms_seed_runs" where "name" = 'content-support-chat-v1'`);
    await seedContent(database);
    expect(await supportSettings()).toEqual([
      { chat: 'northstar', config: { northstar: { id: 'northstar' } } },
    ]);

    // What staff chose stays: another provider, or no chat again after the seed has run.
    await database.query(sql`
      update "cms_entries" set "data" = '{"chat":"crisp","config":{"crisp":{"id":"w1"}}}'::jsonb
      where "type" = 'support-settings'`);
    await database.query(sql`delete from "cms_seed_runs" where "name" = 'content-support-chat-v1'`);
    await seedContent(database);
    expect(await supportSettings()).toEqual([{ chat: 'crisp', config: { crisp: { id: 'w1' } } }]);
    await database.query(sql`
      update "cms_entries" set "data" = '{"chat":null,"config":{}}'::jsonb
      where "type" = 'support-settings'`);
    await seedContent(database);
    expect(await supportSettings()).toEqual([{ chat: null, config: {} }]);
  });
});
