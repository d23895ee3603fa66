import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../demo/index.ts';
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
      const listed = (await get(tab, 'games/gethistoryexportrequest')).body.data as {
        items: NonNullable<typeof latest>[];
      };
      latest = listed.items[0] ?? null;
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
    expect(lines[0]).toBe(
      'round,game,provider,currency,stake,win,balance_after,status,started_at,finished_at',
    );
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

describe('games/getProviders', () => {
  it('tells each provider how many active games it has, as games/get filters them', async () => {
    const answer = await get(testServer().browser(), 'games/getProviders');
    const data = answer.body.data as {
      total: number;
      items: { sysname: string; games_count: number }[];
    };
    expect(data.total).toBeGreaterThanOrEqual(16);
    const sum = data.items.reduce((total, p) => total + p.games_count, 0);
    expect(sum).toBe((await games({ limit: 1 })).total);
    for (const provider of data.items.slice(0, 3)) {
      const filtered = await games({ providers: [provider.sysname], limit: 1 });
      expect(provider.games_count, provider.sysname).toBe(filtered.total);
    }
    // A game taken out of the catalogue is no longer counted.
    const [first] = data.items;
    const [game] = await testServer().database.query<{ sysname: string }>(
      sql`select sysname from games where provider_sysname = ${first!.sysname} and is_active limit 1`,
    );
    await testServer().database.query(
      sql`update games set is_active = false where sysname = ${game!.sysname}`,
    );
    try {
      const after = (await get(testServer().browser(), 'games/getProviders')).body.data as {
        items: { sysname: string; games_count: number }[];
      };
      expect(after.items.find((p) => p.sysname === first!.sysname)?.games_count).toBe(
        first!.games_count - 1,
      );
    } finally {
      await testServer().database.query(
        sql`update games set is_active = true where sysname = ${game!.sysname}`,
      );
    }
  });
});

describe('games/get by sysnames', () => {
  it('answers just the named games (favourites, recently played), and none for an empty list', async () => {
    const named = await games({
      sysnames: ['northstar-dice', 'northstar-hi-lo-dice', 'no-such-game'],
      limit: 10,
    });
    expect(named.items.map((g) => g.sysname).sort()).toEqual([
      'northstar-dice',
      'northstar-hi-lo-dice',
    ]);
    expect(named.total).toBe(2);
    expect((await games({ sysnames: [] })).total).toBe(0);
    const tooMany = await get(testServer().browser(), 'games/get', {
      options: JSON.stringify({ sysnames: Array.from({ length: 101 }, (_, i) => `g${i}`) }),
    });
    expect(tooMany.status).toBe(400);
  });
});

describe('games/get by jackpot', () => {
  it('lists exactly the games that feed a jackpot, as many as jackpots/get counts', async () => {
    const pools = (await get(testServer().browser(), 'jackpots/get', { currency: 'EUR' })).body
      .data as { items: { sysname: string; games_count: number }[] };
    expect(pools.items.length).toBeGreaterThanOrEqual(2);
    for (const pool of pools.items) {
      const feeding = await games({ jackpot: pool.sysname, limit: 200 });
      expect(pool.games_count).toBeGreaterThan(0);
      expect(feeding.total, pool.sysname).toBe(pool.games_count);
      const expected = await testServer().database.query<{ sysname: string }>(sql`
        select sysname from games where is_active and engine_config ->> 'jackpot' = ${pool.sysname}`);
      expect(feeding.items.map((g) => g.sysname).sort()).toEqual(
        expected.map((g) => g.sysname).sort(),
      );
    }
    expect((await games({ jackpot: 'no-such-jackpot' })).total).toBe(0);
    // Combined with the other filters like any option.
    const mini = await games({ jackpot: 'northstar-mini', search: 'zzzz-no-game' });
    expect(mini.total).toBe(0);
    const long = await get(testServer().browser(), 'games/get', {
      options: JSON.stringify({ jackpot: 'x'.repeat(129) }),
    });
    expect(long.status).toBe(400);
  });
});

type Winners = {
  total: number;
  items: {
    round: string;
    player: string;
    game: { sysname: string; name: string };
    amount: string;
    stake: string;
    currency: string;
    won_at: string;
  }[];
};

const winners = async (params: Record<string, string | number> = {}) => {
  const answer = await get(testServer().browser(), 'games/getWinners', params);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Winners;
};

describe('games/getWinners', () => {
  it('lists a real round that beat its stake at the top, the player masked', async () => {
    const tab = await signedIn();
    const launched = await tab('/platform/game/northstar-hi-lo-dice/play?mode=real');
    const token = new URL(launched.headers.get('location')!, testServer().url).searchParams.get(
      'token',
    )!;
    // "Under 95.00" wins 95 rounds in 100. The pace rule wants 2.5 s after the last result (an
    // earlier test's round too): a round refused for it is tried again after the wait.
    let won: { round: string; view: { win: number } } | null = null;
    for (let attempt = 0; attempt < 8 && !won; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 2_600));
      const played = await fetch(new URL('/originals/api/play', testServer().url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          token,
          game: 'northstar-hi-lo-dice',
          currency: 'EUR',
          bet: { stake: 500, direction: 'under', target: 9500 },
        }),
      });
      const body = (await played.json()) as { round: string; view: { win: number } };
      if (played.status !== 200) {
        // Only the pace rule may refuse it (429 too_soon); the loop waits and plays again.
        expect(played.status).toBe(429);
        expect(body).toMatchObject({ error: 'too_soon' });
        continue;
      }
      if (body.view.win > 500) won = body;
    }
    expect(won).not.toBeNull();
    const latest = await winners({ count: 5 });
    expect(latest.items[0]).toMatchObject({
      round: won!.round,
      player: 'De****',
      game: { sysname: 'northstar-hi-lo-dice', name: 'Hi-Lo Dice' },
      amount: (won!.view.win / 100).toFixed(2),
      stake: '5.00',
      currency: 'EUR',
    });
    // The amount is the wallet's: the win row of that round.
    const [paid] = await testServer().database.query<{ amount: string }>(sql`
      select amount_minor::text as amount from wallet_transactions
      where round = ${won!.round} and type = 'win'`);
    expect(Number(paid!.amount)).toBe(won!.view.win);
  });

  it('counts settled rounds that beat their stake only, pages, and sorts by size', async () => {
    const [demo] = await testServer().database.query<{ id: number }>(
      sql`select id from players where login = ${DEMO_PLAYER.login}`,
    );
    let uuid = 0;
    const row = async (
      round: string,
      type: 'bet' | 'win',
      amount: number,
      extra: { state?: string; closed?: boolean; minutesAgo?: number } = {},
    ) => {
      uuid += 1;
      await testServer().database.query(sql`
        insert into wallet_transactions (provider_id, transaction_uuid, type, state, player_id,
          game_code, round, round_closed, currency, amount_minor, fingerprint, created_at)
        values ('winners-test', ${`winners-${uuid}`}, ${type},
          ${extra.state ?? (type === 'bet' ? 'settled' : 'applied')}, ${demo!.id},
          'northstar-dice', ${round}, ${extra.closed ?? type === 'win'}, 'EUR', ${amount},
          ${`fp-${uuid}`}, now() - make_interval(mins => ${extra.minutesAgo ?? 0}))`);
    };
    // Beat the stake: listed. Lost part of it back, still open, refunded, or too old: not.
    await row('w-big', 'bet', 1_000, { minutesAgo: 3 });
    await row('w-big', 'win', 250_000, { minutesAgo: 3 });
    await row('w-small', 'bet', 100, { minutesAgo: 2 });
    await row('w-small', 'win', 150, { minutesAgo: 2 });
    await row('w-partial', 'bet', 1_000);
    await row('w-partial', 'win', 400);
    await row('w-open', 'bet', 100);
    await row('w-open', 'win', 900, { closed: false });
    await row('w-refunded', 'bet', 100, { state: 'rolled_back' });
    await row('w-refunded', 'win', 900);
    await row('w-old', 'bet', 100, { minutesAgo: 8 * 24 * 60 });
    await row('w-old', 'win', 900_000, { minutesAgo: 8 * 24 * 60 });

    const all = await winners({ count: 100 });
    const listed = all.items.map((w) => w.round);
    expect(listed).toEqual(expect.arrayContaining(['w-big', 'w-small']));
    for (const hidden of ['w-partial', 'w-open', 'w-refunded', 'w-old']) {
      expect(listed).not.toContain(hidden);
    }
    expect(all.total).toBe(all.items.length);
    const times = all.items.map((w) => Date.parse(w.won_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(listed.indexOf('w-small')).toBeLessThan(listed.indexOf('w-big'));

    const biggest = await winners({ sort: 'biggest', count: 2 });
    expect(biggest.items[0]).toMatchObject({ round: 'w-big', amount: '2500.00', stake: '10.00' });
    const amounts = (await winners({ sort: 'biggest', count: 100 })).items.map((w) =>
      Number(w.amount),
    );
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

    const second = await winners({ count: 1, offset: 1 });
    expect(second.items.map((w) => w.round)).toEqual([listed[1]]);
    expect(second.total).toBe(all.total);

    const bad = await get(testServer().browser(), 'games/getWinners', { sort: 'random' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.invalid_parameters).toEqual({ sort: ['wrong_field'] });
  });
});
