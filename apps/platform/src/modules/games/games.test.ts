import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../db/seed.ts';
import { get, post, REGISTRATION_PROFILE } from '../../testing/api.ts';
import { sharedTestServer } from '../../testing/test-server.ts';

/** §7 Games on the seeded catalogue (the originals and the demo studios). */
const testServer = sharedTestServer();

type Listed = {
  total: number;
  items: {
    sysname: string;
    name: string;
    provider: { sysname: string };
    rtp: number | null;
    categories: string[];
    tags: string[];
    image_url: string;
  }[];
};

const games = async (options: Record<string, unknown>) => {
  const answer = await get(testServer().browser(), 'games/get', {
    options: JSON.stringify(options),
  });
  expect(answer.status).toBe(200);
  return answer.body.data as Listed;
};

async function signedIn() {
  const tab = testServer().browser();
  const answer = await post(tab, 'auth/login', {
    login: DEMO_PLAYER.login,
    password: DEMO_PLAYER.password,
  });
  expect(answer.status).toBe(200);
  return tab;
}

describe('games/get', () => {
  it('filters by category and a provider list, pages, and tells each game its RTP', async () => {
    const all = await games({ limit: 1 });
    expect(all.total).toBeGreaterThanOrEqual(1_500);
    const page = await games({ category: 'roulette', providers: ['aurora', 'vega'], limit: 5 });
    expect(page.total).toBe(12);
    expect(page.items).toHaveLength(5);
    for (const game of page.items) {
      expect(['aurora', 'vega']).toContain(game.provider.sysname);
      expect(game.categories).toContain('roulette');
      expect(game.rtp).toBeCloseTo(97.3, 1);
      expect(game.image_url).toBe(`/originals/art/${game.sysname}.svg`);
    }
    const next = await games({
      category: 'roulette',
      providers: ['aurora', 'vega'],
      limit: 5,
      offset: 5,
    });
    expect(next.items.map((g) => g.sysname)).not.toContain(page.items[0]!.sysname);
  });

  it('searches any part of a name, closest first, and sorts', async () => {
    const found = await games({ search: 'roulette royale', limit: 50 });
    expect(found.total).toBe(16);
    expect(found.items[0]!.name).toBe('Roulette Royale');
    const partial = await games({ search: 'lack', limit: 200 });
    expect(partial.total).toBeGreaterThan(0);
    for (const game of partial.items) expect(game.name.toLowerCase()).toContain('lack');
    // A pattern character is searched for as itself.
    expect((await games({ search: '%' })).total).toBe(0);

    const byRtp = await games({ category: 'slots', sort: 'rtp', limit: 100 });
    const rtps = byRtp.items.map((g) => g.rtp!);
    expect(rtps).toEqual([...rtps].sort((a, b) => b - a));
    const byName = await games({ providers: ['northstar'], sort: 'name', limit: 100 });
    const names = byName.items.map((g) => g.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const tagged = await games({ tags: ['provably-fair'], limit: 200 });
    expect(tagged.total).toBe(96);
  });

  it('refuses malformed options on the field', async () => {
    for (const options of [
      '{not json',
      JSON.stringify({ sort: 'random' }),
      JSON.stringify({ limit: 0 }),
    ]) {
      const answer = await get(testServer().browser(), 'games/get', { options });
      expect(answer.status).toBe(400);
      expect(answer.body.error?.type).toBe('InvalidParameterException');
    }
  });
});

describe('games/getCategories', () => {
  it('lists every category with its count', async () => {
    const answer = await get(testServer().browser(), 'games/getCategories');
    const data = answer.body.data as { total: number; items: { sysname: string; count: number }[] };
    expect(data.total).toBeGreaterThanOrEqual(10);
    const slots = data.items.find((c) => c.sysname === 'slots');
    expect(slots?.count).toBe((await games({ category: 'slots', limit: 1 })).total);
    expect(data.items.map((c) => c.sysname)).toEqual(
      expect.arrayContaining(['table', 'dice', 'provably-fair', 'mythology', 'space']),
    );
  });
});

describe('favourites', () => {
  it('adds and removes a like once each, and refuses an unknown game', async () => {
    const tab = await signedIn();
    expect((await post(tab, 'games/addLike', { sysname: 'northstar-dice' })).body.data).toBe(1);
    expect((await post(tab, 'games/addLike', { sysname: 'northstar-dice' })).body.data).toBe(1);
    expect((await get(tab, 'games/getLikes')).body.data).toEqual({ sysnames: ['northstar-dice'] });
    const unknown = await post(tab, 'games/addLike', { sysname: 'no-such-game' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.invalid_parameters).toEqual({ sysname: ['game_not_found'] });
    expect((await post(tab, 'games/removeLike', { sysname: 'northstar-dice' })).body.data).toBe(1);
    expect((await get(tab, 'games/getLikes')).body.data).toEqual({ sysnames: [] });
    // A visitor has no favourites.
    expect(
      (await post(testServer().browser(), 'games/addLike', { sysname: 'northstar-dice' })).status,
    ).toBe(401);
  });
});

describe('games/getHistory', () => {
  it('lists the rounds the player really played, from the wallet', async () => {
    const tab = await signedIn();
    const launched = await tab('/platform/game/northstar-hi-lo-dice/play?mode=real');
    const target = new URL(launched.headers.get('location')!, testServer().url);
    const token = target.searchParams.get('token')!;
    const played = await fetch(new URL('/originals/api/play', testServer().url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token,
        game: 'northstar-hi-lo-dice',
        currency: 'EUR',
        bet: { stake: 500, direction: 'under', target: 5000 },
      }),
    });
    expect(played.status).toBe(200);
    const round = (await played.json()) as { round: string; view: { win: number } };
    const history = await get(tab, 'games/getHistory', { count: 4 });
    const data = history.body.data as {
      total: number;
      items: {
        round: string;
        game: { name: string };
        stake: string;
        win: string;
        status: string;
      }[];
    };
    expect(data.total).toBeGreaterThanOrEqual(1);
    expect(data.items[0]).toMatchObject({
      round: round.round,
      game: { name: 'Hi-Lo Dice' },
      stake: '5.00',
      win: (round.view.win / 100).toFixed(2),
      status: 'settled',
    });
    expect((await get(testServer().browser(), 'games/getHistory')).status).toBe(401);
  });
});

describe('game history export', () => {
  it('makes a CSV in the background that only its owner can download', async () => {
    const tab = await signedIn();
    const created = await post(tab, 'games/createhistoryexportrequest', {});
    expect(created.status).toBe(200);
    const request = created.body.data as { id: number; status: string };
    expect(['pending', 'processing', 'ready']).toContain(request.status);
    // A second request while one runs answers the same one.
    const again = (await post(tab, 'games/createhistoryexportrequest', {})).body.data as {
      id: number;
      status: string;
    };
    if (again.id !== request.id) {
      // Only when the first was already done.
      const [first] = await testServer().database.query<{ status: string }>(
        sql`select status from game_history_exports where id = ${request.id}`,
      );
      expect(first?.status).toBe('ready');
    }

    let latest = null as { id: number; status: string; url: string | null; rows: number } | null;
    for (let i = 0; i < 100 && latest?.status !== 'ready'; i++) {
      latest = (await get(tab, 'games/gethistoryexportrequest')).body.data as typeof latest;
      if (latest?.status !== 'ready') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(latest?.status).toBe('ready');
    const history = (await get(tab, 'games/getHistory', { count: 100 })).body.data as {
      total: number;
      items: { round: string }[];
    };
    expect(latest!.rows).toBe(history.total);
    const file = await tab(latest!.url!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/csv');
    const lines = (await file.text()).trim().split('\r\n');
    expect(lines[0]).toBe('round,game,provider,currency,stake,win,status,started_at,finished_at');
    expect(lines).toHaveLength(history.total + 1);
    for (const item of history.items) {
      expect(lines.some((line) => line.startsWith(`${item.round},`))).toBe(true);
    }
    // Not a visitor's, not another player's.
    expect((await testServer().browser()(latest!.url!)).status).toBe(404);
    const stranger = testServer().browser();
    const login = `export-stranger-${Date.now()}@example.com`;
    const registered = await post(stranger, 'auth/register', {
      ...REGISTRATION_PROFILE,
      login,
      email: login,
      password: 'Secret-123',
      terms: '1',
    });
    expect(registered.status).toBe(200);
    expect((await stranger(latest!.url!)).status).toBe(404);
  });
});
