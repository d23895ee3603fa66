import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateBonus, createTemplate, grantTemplate, WELCOME_OFFER } from '../bonuses/index.ts';
import type { AppContext } from '../context.ts';
import { hashPassword } from '../identity/passwords.ts';
import { createPlayer } from '../identity/registration.ts';
import { get, post } from '../testing/api.ts';
import { startTestServer, testConfig, type TestServer } from '../testing/test-server.ts';
import { expectBooksBalance as booksBalance } from '../testing/books.ts';
import { applyMovement, builtInPrivateKey, openGameSession } from '../wallet/index.ts';
import { demoCatalogue, originalGames, seedCatalogue } from './catalogue.ts';
import { diceRoll } from './engines/dice.ts';
import { seedJackpots } from './jackpots.ts';
import { walletPurse } from './purse.ts';
import { startRound } from './rounds.ts';
import { WalletClient } from './wallet-client.ts';

/**
 * The in-house game server end to end: a signed-in player's launch, the frame's API, money only
 * through the wallet's signed HTTP API, the pace rule, fun mode, interrupted rounds finished once,
 * provably fair seeds. After each, the books balance.
 */
const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-originals-'));
let clock = Date.now();
let server: TestServer;
let app: AppContext;
let wallet: WalletClient;

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock), config: { dataDir: folder } });
  app = {
    database: server.database,
    config: testConfig(folder, { dataDir: folder }),
    secret: Buffer.alloc(32),
    now: () => new Date(clock),
  };
  await seedCatalogue(server.database.db, [...originalGames(), ...demoCatalogue()], new Date());
  await seedJackpots(server.database.db);
  wallet = new WalletClient(() => server.url.replace(/\/$/, ''), builtInPrivateKey(app));
}, 120_000);
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Lets the pace rule's 2.5 s pass without waiting for them. */
const later = () => {
  clock += 2_600;
};

let count = 0;
async function player(main: bigint) {
  const login = `originals-${(count += 1)}-${Date.now()}@example.com`;
  const created = await createPlayer(
    server.database.db,
    {
      login,
      passwordHash: await hashPassword('Secret-123'),
      currency: 'EUR',
      locale: 'en-US',
      regTime: new Date(),
    },
    [],
  );
  await applyMovement(server.database.db, {
    playerId: created.id,
    kind: 'main',
    currency: 'EUR',
    amountMinor: main,
    reason: 'test_deposit',
    idempotencyKey: `originals-deposit-${created.id}`,
  });
  return { id: created.id, login };
}

async function session(playerId: number, game: string) {
  const opened = await openGameSession(app, {
    playerId,
    providerId: 'northstar',
    gameCode: game,
    currency: 'EUR',
    mode: 'real',
  });
  return opened.token;
}

/** The frame's API as the page calls it; answers are read field by field. */
async function api(name: string, body: Record<string, unknown>) {
  const response = await fetch(`${server.url}/originals/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ currency: 'EUR', ...body }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function balance(playerId: number): Promise<number> {
  const [row] = await server.database.query<{ total: string }>(
    sql`select coalesce(sum(balance_minor), 0)::text as total from wallets
        where player_id = ${playerId}`,
  );
  return Number(row!.total);
}

async function walletRows(playerId: number) {
  return server.database.query<{ type: string; round: string; amount: string; state: string }>(sql`
    select type, round, amount_minor::text as amount, state from wallet_transactions
    where player_id = ${playerId} and provider_id = 'northstar' order by id`);
}

const expectBooksBalance = () => booksBalance(server.database);

function pageConfig(html: string) {
  const match = /<script type="application\/json" id="game-config">(.*?)<\/script>/s.exec(html);
  return JSON.parse(match![1]!) as { token: string; mode: string; game: { engine: string } };
}

describe('real money', () => {
  it('a signed-in player launches a game and plays every engine, money only through the wallet', async () => {
    const p = await player(100_000n);
    const tab = server.browser();
    expect((await post(tab, 'auth/login', { login: p.login, password: 'Secret-123' })).status).toBe(
      200,
    );
    const launched = await tab('/platform/game/northstar-european-roulette/play?mode=real');
    expect(launched.status).toBe(302);
    const target = new URL(launched.headers.get('location')!);
    expect(target.pathname).toBe('/originals/launch');
    expect(target.searchParams.get('mode')).toBe('real');
    const page = await fetch(target);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    const config = pageConfig(await page.text());
    expect(config).toMatchObject({ mode: 'real', game: { engine: 'roulette' } });
    const token = config.token;

    const opened = await api('session', { token, game: 'northstar-european-roulette' });
    expect(opened.body).toMatchObject({ mode: 'real', currency: 'EUR', balance: 100_000 });

    let expected = 100_000;
    const roulette = await api('play', {
      token,
      game: 'northstar-european-roulette',
      bet: {
        bets: [
          { kind: 'red', stake: 500 },
          { kind: 'straight', numbers: [7], stake: 100 },
        ],
      },
    });
    expect(roulette.status).toBe(200);
    expected += roulette.body.view.win - 600;
    expect(roulette.body.balance).toBe(expected);

    for (const [game, bet] of [
      ['northstar-dice', { stake: 1000, direction: 'over', target: 4999 }],
      ['northstar-sunny-lemons-rising', { stake: 200 }],
    ] as const) {
      later();
      const gameToken = await session(p.id, game);
      const played = await api('play', { token: gameToken, game, bet });
      expect(played.status).toBe(200);
      expected += played.body.view.win - bet.stake;
      expect(played.body.balance).toBe(expected);
    }

    // Blackjack: deal, then stand on every hand until the round settles.
    later();
    const bjToken = await session(p.id, 'northstar-blackjack-classic');
    let hand = await api('play', {
      token: bjToken,
      game: 'northstar-blackjack-classic',
      bet: { stake: 1000 },
    });
    expect(hand.status).toBe(200);
    while (hand.body.view.phase === 'player') {
      hand = await api('act', {
        token: bjToken,
        game: 'northstar-blackjack-classic',
        round: hand.body.round,
        action: 'stand',
      });
      expect(hand.status).toBe(200);
    }
    const payout = hand.body.view.hands.reduce(
      (sum: number, h: { payout: number }) => sum + h.payout,
      0,
    );
    expected += payout - 1000;
    expect(hand.body.balance).toBe(expected);

    expect(await balance(p.id)).toBe(expected);
    const rows = await walletRows(p.id);
    // Four rounds: a bet and a closing win each (a win of zero closes a lost round).
    expect(rows.filter((r) => r.type === 'bet')).toHaveLength(4);
    expect(rows.filter((r) => r.type === 'win')).toHaveLength(4);
    await expectBooksBalance();
  });

  it('the pace rule: no round sooner than 2.5 s after the last result', async () => {
    const p = await player(10_000n);
    const game = 'northstar-sunny-lemons-rising';
    const token = await session(p.id, game);
    expect((await api('play', { token, game, bet: { stake: 100 } })).status).toBe(200);
    clock += 1_000;
    const early = await api('play', { token, game, bet: { stake: 100 } });
    expect(early.status).toBe(429);
    expect(early.body.error).toBe('too_soon');
    expect(early.body.retryAfterMs).toBeGreaterThan(1_000);
    expect(early.body.retryAfterMs).toBeLessThanOrEqual(1_500);
    clock += 1_500;
    expect((await api('play', { token, game, bet: { stake: 100 } })).status).toBe(200);
    expect((await walletRows(p.id)).filter((r) => r.type === 'bet')).toHaveLength(2);
  });

  it('a blocked or self-excluded player cannot bet, even with a live session', async () => {
    const p = await player(10_000n);
    const game = 'northstar-dice';
    const token = await session(p.id, game);
    await server.database.query(sql`update players set status = 'blocked' where id = ${p.id}`);
    later();
    const refused = await api('play', {
      token,
      game,
      bet: { stake: 100, direction: 'under', target: 5000 },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('user_disabled');
    expect(await balance(p.id)).toBe(10_000);
    expect(await walletRows(p.id)).toEqual([]);
  });

  it('a stake over the active bonus’s max bet is refused at the debit, with its own text (issue #26)', async () => {
    const p = await player(0n);
    const template = await createTemplate(server.database.db, {
      ...WELCOME_OFFER,
      name: 'Originals max bet',
      kind: 'no_deposit',
      trigger: 'promo_code',
      code: 'ORIGINALSMAX',
      amountMinor: 1_000n,
      percent: null,
      minDepositMinor: null,
      maxBetMinor: 100n,
    });
    const bonus = await server.database.db.transaction((tx) =>
      grantTemplate(tx, new Date(clock), {
        playerId: p.id,
        currency: 'EUR',
        templateId: template.id,
        grantKey: 'originals-test',
      }),
    );
    await server.database.db.transaction((tx) =>
      activateBonus(tx, new Date(clock), p.id, bonus.id),
    );
    const game = 'northstar-dice';
    const token = await session(p.id, game);
    later();
    const refused = await api('play', {
      token,
      game,
      bet: { stake: 500, direction: 'under', target: 5000 },
    });
    expect(refused).toMatchObject({ status: 403, body: { error: 'bonus_max_bet' } });
    expect(await balance(p.id)).toBe(1_000);
    expect(await walletRows(p.id)).toEqual([]);
    later();
    const played = await api('play', {
      token,
      game,
      bet: { stake: 100, direction: 'under', target: 5000 },
    });
    expect(played.status).toBe(200);
    await expectBooksBalance();
  });

  it('not enough money voids the round and moves nothing', async () => {
    const p = await player(50n);
    const game = 'northstar-blackjack-classic';
    const token = await session(p.id, game);
    later();
    const refused = await api('play', { token, game, bet: { stake: 100 } });
    expect(refused).toMatchObject({ status: 402, body: { error: 'not_enough_money' } });
    const [round] = await server.database.query<{ status: string }>(
      sql`select status from originals_rounds where owner = ${String(p.id)}`,
    );
    expect(round?.status).toBe('void');
    expect(await balance(p.id)).toBe(50);
  });

  it('a refused bet is not a played round: a lower stake right after it is not paced', async () => {
    const p = await player(150n);
    const game = 'northstar-dice';
    const token = await session(p.id, game);
    later();
    const bet = (stake: number) => ({ stake, direction: 'under', target: 5000 });
    const refused = await api('play', { token, game, bet: bet(500) });
    expect(refused).toMatchObject({ status: 402, body: { error: 'not_enough_money' } });
    const lower = await api('play', { token, game, bet: bet(100) });
    expect(lower.status).toBe(200);
    // …while a played round still starts the pause.
    const next = await api('play', { token, game, bet: bet(10) });
    expect(next).toMatchObject({ status: 429, body: { error: 'too_soon' } });
  });

  it('bad input gets a typed error, never a 500', async () => {
    const p = await player(10_000n);
    const token = await session(p.id, 'northstar-sunny-lemons-rising');
    const cases: [string, Record<string, unknown>][] = [
      ['northstar-sunny-lemons-rising', { stake: 33 }],
      ['northstar-european-roulette', { bets: [{ kind: 'split', numbers: [3, 4], stake: 100 }] }],
      ['northstar-european-roulette', { bets: [] }],
      ['northstar-dice', { stake: 100, direction: 'under', target: 50 }],
      ['northstar-blackjack-classic', { stake: '100' }],
    ];
    for (const [game, bet] of cases) {
      later();
      const answer = await api('play', { token, game, bet });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('bad_bet');
    }
    const malformed = await fetch(`${server.url}/originals/api/play`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"token":',
    });
    expect(malformed.status).toBe(400);
    const stranger = await api('session', { token: 'no-such-token', game: 'northstar-dice' });
    expect(stranger).toMatchObject({ status: 401, body: { error: 'session_expired' } });
    expect(await walletRows(p.id)).toEqual([]);
  });
});

describe('an interrupted round', () => {
  it('a win that never arrived is paid exactly once when the player returns, even from three tabs', async () => {
    const p = await player(10_000n);
    const game = 'northstar-sunny-lemons-rising';
    const view = { win: 700, reels: [], lines: [], scatters: 0, base: null, freeSpins: [] };
    for (let i = 1; i <= 5; i++) {
      const token = await session(p.id, game);
      const purse = await walletPurse(wallet, token, game, 'EUR');
      // The bet went through, then the tab closed before the win was sent.
      const started = await startRound(app, purse, { engine: 'slot', stake: 200, state: { view } });
      expect(await balance(p.id)).toBe(10_000 + (i - 1) * 500 - 200);

      const back = await session(p.id, game);
      const answers = await Promise.all([1, 2, 3].map(() => api('session', { token: back, game })));
      const finished = answers.flatMap((answer) => answer.body.finished);
      expect(finished.length).toBeGreaterThanOrEqual(1);
      expect(finished[0]).toMatchObject({ round: started.row.id, win: 700 });
      expect(await balance(p.id)).toBe(10_000 + i * 500);
      const again = await api('session', { token: back, game });
      expect(again.body.finished).toEqual([]);
      const rows = (await walletRows(p.id)).filter((r) => r.round === started.row.id);
      expect(rows.map((r) => r.type)).toEqual(['bet', 'win']);
    }
    await expectBooksBalance();
  });

  it('a bet whose answer was lost is rolled back; one never received is refused for ever', async () => {
    const p = await player(10_000n);
    const game = 'northstar-dice';
    const token = await session(p.id, game);
    const purse = await walletPurse(wallet, token, game, 'EUR');
    const lost = crypto.randomUUID();
    const unseen = crypto.randomUUID();
    // The first bet reached the wallet but its answer was lost; the second never left.
    expect((await purse.bet(lost, 'bet-lost-' + lost, 300, false)).ok).toBe(true);
    for (const [round, uuid] of [
      [lost, `bet-lost-${lost}`],
      [unseen, `bet-unseen-${unseen}`],
    ]) {
      await server.database.query(sql`
        insert into originals_rounds (id, mode, owner, session_token, game_code, engine, status,
          state, currency, stake_minor, transactions)
        values (${round}, 'real', ${String(p.id)}, ${token}, ${game}, 'dice', 'open',
          ${JSON.stringify({ view: { win: 0 } })}::jsonb, 'EUR', 300,
          ${JSON.stringify([{ uuid, type: 'bet', amount: 300, done: false }])}::jsonb)`);
    }
    expect(await balance(p.id)).toBe(9_700);
    const back = await api('session', { token, game });
    expect(back.status).toBe(200);
    expect(await balance(p.id)).toBe(10_000);
    const statuses = await server.database.query<{ status: string }>(
      sql`select status from originals_rounds where id in (${lost}, ${unseen})`,
    );
    expect(statuses.map((r) => r.status)).toEqual(['void', 'void']);
    // The unseen bet arriving late is refused: the rollback came first.
    await expect(purse.bet(unseen, `bet-unseen-${unseen}`, 300, false)).rejects.toThrow(
      /RS_ERROR_DUPLICATE_TRANSACTION/,
    );
    expect(await balance(p.id)).toBe(10_000);
    await expectBooksBalance();
  });

  it('a blackjack hand left open is shown as the last round and played on once', async () => {
    const p = await player(100_000n);
    const game = 'northstar-blackjack-classic';
    let round: { round: string; view: { phase: string } } | null = null;
    // Deal until a hand stays open (a blackjack on either side settles at once).
    for (let i = 0; i < 20 && !round; i++) {
      later();
      const token = await session(p.id, game);
      const dealt = await api('play', { token, game, bet: { stake: 100 } });
      expect(dealt.status).toBe(200);
      if (dealt.body.view.phase === 'player') {
        round = dealt.body as { round: string; view: { phase: string } };
      }
    }
    expect(round).not.toBeNull();
    // The tab closed. Back later with a new session: the hand comes back to play on.
    const token = await session(p.id, game);
    const back = await api('session', { token, game });
    expect(back.body.resumable).toHaveLength(1);
    expect(back.body.resumable[0].round).toBe(round!.round);
    expect(back.body.resumable[0].view.dealer).toHaveLength(1);
    later();
    const blocked = await api('play', { token, game, bet: { stake: 100 } });
    expect(blocked).toMatchObject({ status: 409, body: { error: 'open_round' } });
    // A hit, then at once a stand: one move never holds the hand after it answered.
    const hit = await api('act', { token, game, round: round!.round, action: 'hit' });
    expect(hit.status).toBe(200);
    if (hit.body.view.phase === 'player') {
      const settled = await api('act', { token, game, round: round!.round, action: 'stand' });
      expect(settled.status).toBe(200);
      expect(settled.body.view.phase).toBe('settled');
    }
    const twice = await api('act', { token, game, round: round!.round, action: 'stand' });
    expect(twice).toMatchObject({ status: 404, body: { error: 'no_such_round' } });
    const rows = (await walletRows(p.id)).filter((r) => r.round === round!.round);
    expect(rows.filter((r) => r.type === 'win')).toHaveLength(1);
    await expectBooksBalance();
  });
});

describe('two windows on one blackjack hand', () => {
  it('one move stands, the hand is paid once, and the books balance', async () => {
    const p = await player(100_000n);
    const game = 'northstar-blackjack-classic';
    for (let hands = 0; hands < 5;) {
      later();
      const token = await session(p.id, game);
      const dealt = await api('play', { token, game, bet: { stake: 100 } });
      if (dealt.body.view.phase !== 'player') continue;
      hands++;
      const round = dealt.body.round as string;
      const moves = await Promise.all(
        (['stand', 'double', 'hit'] as const).map((action) =>
          api('act', { token, game, round, action }),
        ),
      );
      expect(moves.some((move) => move.status === 200)).toBe(true);
      for (const move of moves) expect([200, 400, 404, 409]).toContain(move.status);
      // Whatever is left of the hand is stood on.
      let state = await api('session', { token, game });
      // The hand is free again after the move (no lease left): standing on it works at once.
      while (state.body.resumable.length > 0) {
        const stood = await api('act', { token, game, round, action: 'stand' });
        expect(stood.status).toBe(200);
        state = await api('session', { token, game });
      }
      const rows = (await walletRows(p.id)).filter((r) => r.round === round);
      expect(rows.filter((r) => r.type === 'win')).toHaveLength(1);
      const [saved] = await server.database.query<{ stake: string; win: string }>(sql`
        select stake_minor::text as stake, win_minor::text as win from originals_rounds
        where id = ${round}`);
      const staked = rows
        .filter((r) => r.type === 'bet')
        .reduce((sum, r) => sum + Number(r.amount), 0);
      expect(Number(saved!.stake)).toBe(staked);
      expect(rows.find((r) => r.type === 'win')!.amount).toBe(saved!.win);
    }
    await expectBooksBalance();
  });
});

describe('jackpots', () => {
  it('every real stake feeds the pool; a win takes it all through the wallet and resets it', async () => {
    const [game] = await server.database.query<{ sysname: string }>(sql`
      select sysname from games where engine_config ->> 'jackpot' = 'northstar-mini'
      order by sysname limit 1`);
    const p = await player(100_000n);
    const token = await session(p.id, game!.sysname);
    const pool = async () => {
      const [row] = await server.database.query<{ pool: string }>(sql`
        select pool_minor::text as pool from jackpots
        where sysname = 'northstar-mini' and currency = 'EUR'`);
      return Number(row!.pool);
    };
    const start = await pool();
    // Never wins at these odds: the pool grows by 0.25 % of the stake.
    await server.database.query(sql`
      update jackpots set odds_minor = 1000000000000 where sysname = 'northstar-mini'`);
    later();
    const fed = await api('play', { token, game: game!.sysname, bet: { stake: 2000 } });
    expect(fed.status).toBe(200);
    expect(fed.body.view.jackpot).toBeUndefined();
    expect(await pool()).toBe(start + 5);

    // Always wins: the whole pool, on top of the spin's own win.
    await server.database.query(
      sql`update jackpots set odds_minor = 1 where sysname = 'northstar-mini'`,
    );
    const before = await balance(p.id);
    later();
    const won = await api('play', { token, game: game!.sysname, bet: { stake: 2000 } });
    expect(won.status).toBe(200);
    expect(won.body.view.jackpot).toEqual({ name: 'Northstar Mini', amount: start + 10 });
    expect(await pool()).toBe(10_000);
    expect(await balance(p.id)).toBe(before - 2000 + won.body.view.win);
    const rows = (await walletRows(p.id)).filter((r) => r.round === won.body.round);
    expect(rows.find((r) => r.type === 'win')?.amount).toBe(String(won.body.view.win));
    const winners = await get(server.browser(), 'jackpots/getWinners', { count: 5 });
    expect(
      (winners.body.data as { items: { jackpot: { name: string }; amount: string }[] }).items[0],
    ).toMatchObject({
      jackpot: { name: 'Northstar Mini' },
      amount: ((start + 10) / 100).toFixed(2),
    });
    const pools = await get(server.browser(), 'jackpots/get', { currency: 'EUR' });
    expect((pools.body.data as { items: { sysname: string; amount: string }[] }).items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sysname: 'northstar-mini', amount: '100.00' }),
      ]),
    );
    await server.database.query(
      sql`update jackpots set odds_minor = 500000 where sysname = 'northstar-mini'`,
    );
    await expectBooksBalance();
  });
});

describe('free spins', () => {
  it('a pack is spent one zero-stake bet at a time; wins are flagged and go to the bonus balance', async () => {
    const p = await player(1_000n);
    const game = 'northstar-sunny-lemons-rising';
    const [pack] = await server.database.query<{ id: number }>(sql`
      insert into freespin_packs (player_id, game_sysname, remaining_count, total_count, stake_minor,
        currency)
      values (${p.id}, ${game}, 2, 2, 100, 'EUR') returning id`);
    const token = await session(p.id, game);
    const opened = await api('session', { token, game });
    expect(opened.body.freespins).toEqual([
      { id: String(pack!.id), remaining: 2, total: 2, stake: 100 },
    ]);

    let bonusWon = 0;
    for (const remaining of [1, 0]) {
      later();
      const spin = await api('play', { token, game, bet: { freespin: String(pack!.id) } });
      expect(spin.status).toBe(200);
      expect(spin.body.freespins).toEqual({ id: String(pack!.id), remaining });
      expect(spin.body.view.stake).toBe(100);
      bonusWon += spin.body.view.win;
    }
    later();
    const empty = await api('play', { token, game, bet: { freespin: String(pack!.id) } });
    expect(empty).toMatchObject({ status: 409, body: { error: 'no_free_spins' } });

    // The player's own money never moved; the wins are on the bonus balance.
    const wallets = await server.database.query<{ kind: string; balance: string }>(
      sql`select kind, balance_minor::text as balance from wallets where player_id = ${p.id}`,
    );
    expect(Number(wallets.find((w) => w.kind === 'main')?.balance)).toBe(1_000);
    expect(Number(wallets.find((w) => w.kind === 'bonus')?.balance ?? 0)).toBe(bonusWon);
    const bets = await server.database.query<{ amount: string; pack: number | null }>(sql`
      select amount_minor::text as amount, freespin_pack_id as pack from wallet_transactions
      where player_id = ${p.id} and type = 'bet'`);
    expect(bets).toEqual([
      { amount: '0', pack: pack!.id },
      { amount: '0', pack: pack!.id },
    ]);
    const [used] = await server.database.query<{ status: string; won: string }>(
      sql`select status, won_minor::text as won from freespin_packs where id = ${pack!.id}`,
    );
    expect(used).toEqual({ status: 'used', won: String(bonusWon) });
    if (bonusWon > 0) {
      const [reason] = await server.database.query<{ reason: string }>(sql`
        select reason from ledger_entries where player_id = ${p.id} and kind = 'bonus' limit 1`);
      expect(reason?.reason).toBe('freespin_win');
    }
    await expectBooksBalance();
  });

  it("another player's pack cannot be spent, nor a pack for another game", async () => {
    const owner = await player(1_000n);
    const thief = await player(1_000n);
    const [pack] = await server.database.query<{ id: number }>(sql`
      insert into freespin_packs (player_id, game_sysname, remaining_count, total_count, stake_minor)
      values (${owner.id}, 'northstar-sunny-lemons-rising', 5, 5, 20) returning id`);
    const game = 'northstar-sunny-lemons-rising';
    const token = await session(thief.id, game);
    later();
    const stolen = await api('play', { token, game, bet: { freespin: String(pack!.id) } });
    expect(stolen).toMatchObject({ status: 409, body: { error: 'no_free_spins' } });
    // Straight to the wallet, as a provider could: refused, nothing spent.
    const purse = await walletPurse(wallet, token, game, 'EUR');
    const direct = await purse.bet(
      crypto.randomUUID(),
      crypto.randomUUID(),
      0,
      false,
      String(pack!.id),
    );
    expect(direct).toEqual({ ok: false, refusal: 'limit_reached' });
    const [left] = await server.database.query<{ remaining_count: number }>(
      sql`select remaining_count from freespin_packs where id = ${pack!.id}`,
    );
    expect(left?.remaining_count).toBe(5);
  });
});

describe('fun mode', () => {
  it('plays on a fun balance and never calls the wallet', async () => {
    const before = await server.database.query<{ n: number }>(
      sql`select count(*)::int as n from wallet_transactions`,
    );
    const launched = await fetch(
      `${server.url}/platform/game/northstar-neon-roulette/play?mode=fun`,
      {
        redirect: 'manual',
      },
    );
    expect(launched.status).toBe(302);
    const page = await fetch(new URL(launched.headers.get('location')!, server.url));
    const html = await page.text();
    const config = pageConfig(html);
    expect(config.mode).toBe('fun');
    // The lobby link is this site's path, never another site's.
    expect(html).toContain('class="lobby" href="/gamehall"');
    for (const lobby of ['https://evil.example/gamehall', '//evil.example/x', '/\\evil.example']) {
      const elsewhere = await fetch(
        `${server.url}/originals/launch?game_code=northstar-dice&mode=fun&lobby_url=${encodeURIComponent(lobby)}`,
      );
      expect(await elsewhere.text()).not.toContain('class="lobby"');
    }
    const game = 'northstar-neon-roulette';
    const opened = await api('session', { token: config.token, game });
    expect(opened.body).toMatchObject({ mode: 'fun', balance: 100_000 });
    const played = await api('play', {
      token: config.token,
      game,
      bet: { bets: [{ kind: 'black', stake: 1000 }] },
    });
    expect(played.status).toBe(200);
    expect(played.body.balance).toBe(100_000 - 1000 + played.body.view.win);
    const after = await server.database.query<{ n: number }>(
      sql`select count(*)::int as n from wallet_transactions`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('provably fair dice', () => {
  it('the revealed server seed hashes to what was shown and recomputes every roll', async () => {
    const p = await player(10_000n);
    const game = 'northstar-dice';
    const token = await session(p.id, game);
    const opened = await api('session', { token, game });
    const shownHash = opened.body.seeds.serverSeedHash as string;
    const rolls: { nonce: number; roll: number; clientSeed: string }[] = [];
    for (let i = 0; i < 3; i++) {
      later();
      const played = await api('play', {
        token,
        game,
        bet: { stake: 100, direction: 'under', target: 5000 },
      });
      expect(played.status).toBe(200);
      expect(played.body.view.serverSeedHash).toBe(shownHash);
      rolls.push(played.body.view);
    }
    expect(rolls.map((r) => r.nonce)).toEqual([0, 1, 2]);
    const rotated = await api('seeds', { token, game, clientSeed: 'my own seed' });
    const revealed = rotated.body.revealed;
    expect(createHash('sha256').update(revealed.serverSeed).digest('hex')).toBe(shownHash);
    for (const roll of rolls) {
      expect(diceRoll(revealed.serverSeed, roll.clientSeed, roll.nonce)).toBe(roll.roll);
    }
    expect(rotated.body.next).toMatchObject({ clientSeed: 'my own seed', nonce: 0 });
    expect(rotated.body.next.serverSeedHash).not.toBe(shownHash);
  });
});

describe('the catalogue', () => {
  it('has at least 1,500 games across 15 providers and 10 categories, and every one opens', async () => {
    const [stats] = await server.database.query<{ games: number; providers: number }>(sql`
      select count(*)::int as games, count(distinct provider_sysname)::int as providers
      from games where is_active and launch_provider = 'northstar'`);
    expect(stats!.games).toBeGreaterThanOrEqual(1_500);
    expect(stats!.providers).toBeGreaterThanOrEqual(15);
    const categories = await server.database.query<{ category: string }>(sql`
      select distinct jsonb_array_elements_text(categories) as category from games`);
    expect(categories.length).toBeGreaterThanOrEqual(10);

    const all = await server.database.query<{ sysname: string; image_url: string }>(
      sql`select sysname, image_url from games where is_active and launch_provider = 'northstar'`,
    );
    const failures: string[] = [];
    const lane = async (offset: number) => {
      for (let i = offset; i < all.length; i += 8) {
        const { sysname } = all[i]!;
        const launched = await fetch(`${server.url}/platform/game/${sysname}/play?mode=fun`, {
          redirect: 'manual',
        });
        const page = await fetch(new URL(launched.headers.get('location') ?? '/none', server.url));
        if (page.status !== 200) failures.push(sysname);
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, i) => lane(i)));
    expect(failures).toEqual([]);
    // §2's other play link: a game by its number.
    const [numbered] = await server.database.query<{ id: number; sysname: string }>(
      sql`select id, sysname from games where sysname = 'northstar-dice'`,
    );
    const custom = await fetch(`${server.url}/platform/game/custom/${numbered!.id}/play?mode=fun`, {
      redirect: 'manual',
    });
    expect(custom.headers.get('location')).toBe('/platform/game/northstar-dice/play?mode=fun');
    expect(
      (await fetch(`${server.url}/platform/game/custom/0/play`, { redirect: 'manual' })).status,
    ).toBe(404);
    const art = await fetch(new URL(all[0]!.image_url, server.url));
    expect(art.headers.get('content-type')).toContain('image/svg+xml');
    expect(await art.text()).toContain('viewBox="0 0 288 192"');
  }, 240_000);
});
