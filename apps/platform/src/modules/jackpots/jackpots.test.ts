import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../demo/index.ts';
import { get, post } from '../../testing/api.ts';
import { sharedTestServer } from '../../testing/test-server.ts';

/** §7 Jackpots: the wins of one jackpot (ours), from a real round that took a pool. */
const testServer = sharedTestServer();

type Winners = {
  total: number;
  items: { jackpot: { sysname: string }; player: string; game: { sysname: string } }[];
};

const winnersOf = async (params: Record<string, string> = {}) => {
  const answer = await get(testServer().browser(), 'jackpots/getWinners', params);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Winners;
};

describe('jackpots/getWinners', () => {
  it("lists one jackpot's wins when asked, and none of another's", async () => {
    const tab = testServer().browser();
    const login = await post(tab, 'auth/login', {
      login: DEMO_PLAYER.login,
      password: DEMO_PLAYER.password,
    });
    expect(login.status).toBe(200);
    const [game] = await testServer().database.query<{ sysname: string }>(sql`
      select sysname from games where is_active and engine_config ->> 'jackpot' = 'northstar-mini'
      order by sysname limit 1`);
    // The draw always wins for this one round; the usual odds come back after.
    await testServer().database.query(
      sql`update jackpots set odds_minor = 1 where sysname = 'northstar-mini'`,
    );
    try {
      const launched = await tab(`/platform/game/${game!.sysname}/play?mode=real`);
      const token = new URL(launched.headers.get('location')!, testServer().url).searchParams.get(
        'token',
      )!;
      const played = await fetch(new URL('/originals/api/play', testServer().url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, game: game!.sysname, currency: 'EUR', bet: { stake: 100 } }),
      });
      const round = (await played.json()) as { view: { jackpot?: { name: string } } };
      expect(played.status, JSON.stringify(round)).toBe(200);
      expect(round.view.jackpot?.name).toBe('Northstar Mini');
    } finally {
      await testServer().database.query(
        sql`update jackpots set odds_minor = 500000 where sysname = 'northstar-mini'`,
      );
    }

    const mini = await winnersOf({ jackpot: 'northstar-mini' });
    expect(mini.total).toBe(1);
    expect(mini.items[0]).toMatchObject({
      jackpot: { sysname: 'northstar-mini' },
      player: 'De****',
      game: { sysname: game!.sysname },
    });
    expect(await winnersOf({ jackpot: 'northstar-mega' })).toEqual({ total: 0, items: [] });
    expect(await winnersOf({ jackpot: 'no-such-jackpot' })).toEqual({ total: 0, items: [] });
    expect((await winnersOf()).total).toBe(1);
    const long = await get(testServer().browser(), 'jackpots/getWinners', {
      jackpot: 'x'.repeat(129),
    });
    expect(long.status).toBe(400);
  });
});
