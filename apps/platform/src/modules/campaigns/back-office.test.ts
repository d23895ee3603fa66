import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@northstar/contract';
import { get, post, signUp, type ApiAnswer } from '../../testing/api.ts';
import { staffTab } from '../../testing/staff.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

/**
 * The back office's promotion screens through `/api` (issue #30): listing promo codes and offers
 * and switching them off and on (what players can then use or see), listing tournaments, and who
 * may do each.
 */

let server: TestServer;
let finance: typeof fetch;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
  finance = (await staffTab(server, ['finance'])).tab;
}, 60_000);
afterAll(() => server.close());
beforeEach(async () => {
  await server.database.query(sql`delete from rate_limits`);
});

const unique = () => `${++seq}X${Date.now().toString(36).toUpperCase()}`;

async function template(trigger: 'promo_code' | 'offer') {
  const made = await post(finance, 'bonuses/staffcreatetemplate', {
    name: `Back-office ${trigger} ${unique()}`,
    kind: 'no_deposit',
    trigger,
    // A promo-code template names its own code (a code of campaigns/ may grant it too).
    ...(trigger === 'promo_code' ? { code: `TPL${unique()}` } : {}),
    currency: 'EUR',
    amount: '5',
    wagering_multiplier: 10,
    activate_hours: 24,
    wager_hours: 48,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return (made.body.data as { id: number }).id;
}

function ok(answer: ApiAnswer, schema: v.GenericSchema) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const parsed = v.safeParse(schema, answer.body.data);
  expect(parsed.success, JSON.stringify(parsed.issues)).toBe(true);
  return answer.body.data;
}

async function auditOf(action: string, subjectId: string) {
  return server.database.query<{ before: unknown; after: unknown }>(
    sql`select before, after from audit_log where action = ${action}
        and subject_id = ${subjectId} order by id`,
  );
}

type PromoList = v.InferOutput<typeof api.campaigns.stafflistpromocodes.response>;
type OfferList = v.InferOutput<typeof api.campaigns.stafflistoffers.response>;

describe('promo codes in the back office', () => {
  it('lists codes newest first with their limits and uses; finds one by part of it', async () => {
    const templateId = await template('promo_code');
    const code = `LIST${unique()}`;
    const made = await post(finance, 'campaigns/staffcreatepromocode', {
      code,
      template_id: templateId,
      max_uses: 5,
      new_players_only: 1,
      valid_until: '2099-01-01',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const player = await signUp(server, 'bo-promo');
    expect((await post(player.tab, 'campaigns/activateOffer', { promo_code: code })).status).toBe(
      200,
    );

    const all = ok(
      await get(finance, 'campaigns/stafflistpromocodes'),
      api.campaigns.stafflistpromocodes.response,
    ) as PromoList;
    expect(all.items[0]).toMatchObject({ code, uses: 1 });
    const found = ok(
      await get(finance, 'campaigns/stafflistpromocodes', {
        query: code.slice(0, 8).toLowerCase(),
      }),
      api.campaigns.stafflistpromocodes.response,
    ) as PromoList;
    expect(found.total).toBe(1);
    expect(found.items).toEqual([
      expect.objectContaining({
        code,
        template_id: templateId,
        is_active: true,
        max_uses: 5,
        max_uses_per_player: 1,
        new_players_only: true,
        valid_from: null,
        valid_until: '2099-01-01T00:00:00.000Z',
        uses: 1,
      }),
    ]);
    // A search is a code's characters only: anything else is a field error, never a 500.
    const bad = await get(finance, 'campaigns/stafflistpromocodes', { query: "x' or 1=1" });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.invalid_parameters).toEqual({ query: ['wrong_field'] });
  });

  it('a code switched off is refused to players until it is switched on again, each switch audited', async () => {
    const code = `SW${unique()}`;
    const made = await post(finance, 'campaigns/staffcreatepromocode', {
      code,
      template_id: await template('promo_code'),
    });
    const id = (made.body.data as { id: number }).id;
    const off = ok(
      await post(finance, 'campaigns/staffsetpromocodeactive', { id, is_active: 0 }),
      api.campaigns.staffsetpromocodeactive.response,
    );
    expect(off).toMatchObject({ id, code, is_active: false });
    const player = await signUp(server, 'bo-switch');
    const refused = await post(player.tab, 'campaigns/activateOffer', { promo_code: code });
    expect(refused.body.error?.invalid_parameters).toEqual({ promo_code: ['promo_code_invalid'] });
    expect(
      (await post(finance, 'campaigns/staffsetpromocodeactive', { id, is_active: 1 })).status,
    ).toBe(200);
    expect((await post(player.tab, 'campaigns/activateOffer', { promo_code: code })).status).toBe(
      200,
    );
    expect(await auditOf('campaigns/staffsetpromocodeactive', String(id))).toEqual([
      { before: { is_active: true }, after: { code, is_active: false } },
      { before: { is_active: false }, after: { code, is_active: true } },
    ]);
    const unknown = await post(finance, 'campaigns/staffsetpromocodeactive', {
      id: 999_999,
      is_active: 0,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.invalid_parameters).toEqual({ id: ['wrong_field'] });
  });

  it('support may list codes but not switch them; content and risk may do neither', async () => {
    const support = (await staffTab(server, ['support'])).tab;
    expect((await get(support, 'campaigns/stafflistpromocodes')).status).toBe(200);
    const refused = await post(support, 'campaigns/staffsetpromocodeactive', {
      id: 1,
      is_active: 0,
    });
    expect(refused.status).toBe(403);
    for (const role of ['content', 'risk'] as const) {
      const tab = (await staffTab(server, [role])).tab;
      expect((await get(tab, 'campaigns/stafflistpromocodes')).status, role).toBe(403);
    }
  });
});

describe('offers in the back office', () => {
  it('lists saved offers; one switched off leaves the site’s offers until switched on', async () => {
    const content = (await staffTab(server, ['content'])).tab;
    const templateId = await template('offer');
    const title = `Weekend ${unique()}`;
    const saved = await post(content, 'campaigns/staffsaveoffer', {
      template_id: templateId,
      title,
      exclude_methods: 'crypto',
      first_deposit: 1,
      promotions: 'weekend',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const listed = ok(
      await get(content, 'campaigns/stafflistoffers'),
      api.campaigns.stafflistoffers.response,
    ) as OfferList;
    expect(listed.find((offer) => offer.template_id === templateId)).toMatchObject({
      title,
      exclude_methods: ['crypto'],
      first_deposit: true,
      promotions: ['weekend'],
      is_active: true,
      valid_until: null,
    });

    const visible = async () =>
      (
        (await get(server.browser(), 'campaigns/getoffers')).body.data as {
          items: { id: number }[];
        }
      ).items.some((offer) => offer.id === templateId);
    expect(await visible()).toBe(true);
    const off = ok(
      await post(content, 'campaigns/staffsetofferactive', {
        template_id: templateId,
        is_active: 0,
      }),
      api.campaigns.staffsetofferactive.response,
    );
    expect(off).toMatchObject({ template_id: templateId, is_active: false });
    expect(await visible()).toBe(false);
    await post(content, 'campaigns/staffsetofferactive', { template_id: templateId, is_active: 1 });
    expect(await visible()).toBe(true);

    const unknown = await post(content, 'campaigns/staffsetofferactive', {
      template_id: 999_999,
      is_active: 0,
    });
    expect(unknown.body.error?.invalid_parameters).toEqual({ template_id: ['wrong_field'] });
    const support = (await staffTab(server, ['support'])).tab;
    expect((await get(support, 'campaigns/stafflistoffers')).status).toBe(403);
  });
});

describe('templates and tournaments in the back office', () => {
  it('content may list bonus templates (offers are made over them) but not create one', async () => {
    const content = (await staffTab(server, ['content'])).tab;
    const id = await template('offer');
    const listed = ok(
      await get(content, 'bonuses/stafflisttemplates', { count: 100 }),
      api.bonuses.stafflisttemplates.response,
    ) as { items: { id: number }[] };
    expect(listed.items.map((t) => t.id)).toContain(id);
    const refused = await post(content, 'bonuses/staffcreatetemplate', { name: 'x' });
    expect(refused.status).toBe(403);
  });

  it('lists every tournament with its status for content and finance, not for support', async () => {
    const now = Date.now();
    const made = await post(finance, 'tournaments/staffcreate', {
      title: `Listed race ${unique()}`,
      currency: 'EUR',
      scoring: 'rounds',
      starts_at: new Date(now + 3_600_000).toISOString(),
      ends_at: new Date(now + 7_200_000).toISOString(),
      prizes: JSON.stringify([{ place: 1, type: 'cash', amount: '25' }]),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = (made.body.data as { id: number }).id;
    const listed = ok(
      await get(finance, 'tournaments/stafflist', { status: 'future' }),
      api.tournaments.stafflist.response,
    ) as { items: { id: number; status: string; total_prize: { amount: string } }[] };
    expect(listed.items.find((t) => t.id === id)).toMatchObject({
      status: 'future',
      total_prize: { amount: '25.00' },
    });
    const finished = (await get(finance, 'tournaments/stafflist', { status: 'finished' })).body
      .data as { items: { id: number }[] };
    expect(finished.items.map((t) => t.id)).not.toContain(id);
    const support = (await staffTab(server, ['support'])).tab;
    expect((await get(support, 'tournaments/stafflist')).status).toBe(403);
    const content = (await staffTab(server, ['content'])).tab;
    expect((await get(content, 'tournaments/stafflist')).status).toBe(200);
  });
});
