import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@northstar/contract';
import { get, post } from '../../testing/api.ts';
import { staffTab } from '../../testing/staff.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

/**
 * Loyalty in the back office through `/api` (issue #30): the level table kept a ladder, quests and
 * shop products switched off and on (what players then see), each change audited, and who may.
 */

let server: TestServer;
let finance: typeof fetch;
let content: typeof fetch;

beforeAll(async () => {
  server = await startTestServer();
  finance = (await staffTab(server, ['finance'])).tab;
  content = (await staffTab(server, ['content'])).tab;
}, 60_000);
afterAll(() => server.close());
beforeEach(async () => {
  await server.database.query(sql`delete from rate_limits`);
});

interface Level {
  level: number;
  name: string;
  points_from: number;
}
const levels = async () =>
  ((await get(server.browser(), 'loyalty/getlevels')).body.data as { items: Level[] }).items;

describe('loyalty levels', () => {
  it('adds and changes a level, keeping the thresholds a ladder; a bad ladder changes nothing', async () => {
    const top = (await levels()).at(-1)!;
    const added = await post(finance, 'loyalty/staffsavelevel', {
      level: top.level + 1,
      name: 'Diamond',
      points_from: top.points_from + 50_000,
      cashback_percent: 10,
      shop_discount_percent: 20,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(v.safeParse(api.loyalty.staffsavelevel.response, added.body.data).success).toBe(true);
    expect((await levels()).at(-1)).toMatchObject({
      level: top.level + 1,
      name: 'Diamond',
      points_from: top.points_from + 50_000,
      cashback_percent: 10,
      shop_discount_percent: 20,
    });
    const [row] = await server.database.query<{ before: unknown; after: unknown }>(
      sql`select before, after from audit_log where action = 'loyalty/staffsavelevel'
          and subject_id = ${String(top.level + 1)}`,
    );
    expect(row).toMatchObject({ before: null, after: { name: 'Diamond' } });

    const table = await levels();
    const second = table[1]!;
    const cases = [
      // Above the level over it, equal to the level under it, and a lowest level not at 0.
      { ...second, points_from: table[2]!.points_from + 1 },
      { ...second, points_from: table[0]!.points_from },
      { ...table[0]!, points_from: 10 },
    ];
    for (const level of cases) {
      const answer = await post(finance, 'loyalty/staffsavelevel', {
        level: level.level,
        name: level.name,
        points_from: level.points_from,
        cashback_percent: 0,
        shop_discount_percent: 0,
      });
      expect(answer.status, JSON.stringify(level)).toBe(400);
      expect(answer.body.error?.invalid_parameters).toEqual({ points_from: ['wrong_field'] });
    }
    expect(await levels()).toEqual(table);

    const renamed = await post(finance, 'loyalty/staffsavelevel', {
      level: second.level,
      name: 'Silver Plus',
      points_from: second.points_from + 1,
      cashback_percent: 3,
      shop_discount_percent: 6,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await levels())[1]).toMatchObject({ name: 'Silver Plus', cashback_percent: 3 });
    // Content edits quests and the shop, not the levels (their perks are money).
    expect(
      (
        await post(content, 'loyalty/staffsavelevel', {
          level: 1,
          name: 'x',
          points_from: 0,
          cashback_percent: 0,
          shop_discount_percent: 0,
        })
      ).status,
    ).toBe(403);
  });
});

describe('quests and the shop', () => {
  it('a quest switched off leaves the players’ list until switched on again', async () => {
    const [made] = await server.database.query<{ id: number }>(
      sql`insert into loyalty_programs (sysname, title, kind, target, reward_type, reward_points)
          values (${`bo-quest-${Date.now()}`}, 'Back-office quest', 'deposits', 1, 'points', 50)
          returning id`,
    );
    const id = made!.id;
    const listed = await get(content, 'loyalty/stafflistprograms');
    expect(v.safeParse(api.loyalty.stafflistprograms.response, listed.body.data).success).toBe(
      true,
    );
    expect((listed.body.data as { id: number }[]).find((p) => p.id === id)).toMatchObject({
      title: 'Back-office quest',
      target: '1',
      reward: { type: 'points', points: 50, amount: null },
      is_active: true,
    });
    const shown = async () =>
      (
        (await get(server.browser(), 'loyalty/getPrograms')).body.data as {
          items: { id: number }[];
        }
      ).items.some((p) => p.id === id);
    expect(await shown()).toBe(true);
    const off = await post(content, 'loyalty/staffsetprogramactive', { id, is_active: 0 });
    expect(off.body.data).toMatchObject({ id, is_active: false });
    expect(await shown()).toBe(false);
    await post(content, 'loyalty/staffsetprogramactive', { id, is_active: 1 });
    expect(await shown()).toBe(true);
    const unknown = await post(content, 'loyalty/staffsetprogramactive', {
      id: 999_999,
      is_active: 0,
    });
    expect(unknown.body.error?.invalid_parameters).toEqual({ id: ['wrong_field'] });
  });

  it('a product switched off is no longer sold; risk and support may not touch either', async () => {
    const [made] = await server.database.query<{ id: number }>(
      sql`insert into loyalty_products (sysname, title, price_points, type, amount_minor, currency)
          values (${`bo-product-${Date.now()}`}, 'Back-office €2', 300, 'cash', 200, 'EUR')
          returning id`,
    );
    const id = made!.id;
    const listed = await get(finance, 'loyalty/stafflistproducts');
    expect(v.safeParse(api.loyalty.stafflistproducts.response, listed.body.data).success).toBe(
      true,
    );
    expect((listed.body.data as { id: number }[]).find((p) => p.id === id)).toMatchObject({
      price_points: 300,
      type: 'cash',
      amount: { amount: '2.00', currency: 'EUR' },
      is_active: true,
    });
    const sold = async () =>
      (
        (await get(server.browser(), 'loyalty/getproducts')).body.data as {
          items: { id: number }[];
        }
      ).items.some((p) => p.id === id);
    expect(await sold()).toBe(true);
    const off = await post(finance, 'loyalty/staffsetproductactive', { id, is_active: 0 });
    expect(off.body.data).toMatchObject({ id, is_active: false });
    expect(await sold()).toBe(false);
    const [audit] = await server.database.query<{ before: unknown; after: unknown }>(
      sql`select before, after from audit_log where action = 'loyalty/staffsetproductactive'
          and subject_id = ${String(id)}`,
    );
    expect(audit).toMatchObject({ before: { is_active: true }, after: { is_active: false } });
    for (const role of ['risk', 'support'] as const) {
      const tab = (await staffTab(server, [role])).tab;
      expect((await get(tab, 'loyalty/stafflistproducts')).status, role).toBe(403);
      expect(
        (await post(tab, 'loyalty/staffsetprogramactive', { id: 1, is_active: 0 })).status,
        role,
      ).toBe(403);
    }
  });
});
