import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.ts';
import { walletPurse, type Purse } from '../games/purse.ts';
import { WalletClient } from '../games/wallet-client.ts';
import { hashPassword } from '../identity/passwords.ts';
import { createPlayer } from '../identity/registration.ts';
import { get, post } from '../testing/api.ts';
import { expectBooksBalance as booksBalance } from '../testing/books.ts';
import { startTestServer, testConfig, type TestServer } from '../testing/test-server.ts';
import { staffTab } from '../testing/staff.ts';
import {
  applyMovement,
  builtInPrivateKey,
  openGameSession,
  playerRounds,
} from '../wallet/index.ts';
import {
  activateBonus,
  createTemplate,
  FREE_SPINS_OFFER,
  grantOnRegistration,
  grantTemplate,
  removeBonus,
  runBonusJob,
  WELCOME_OFFER,
  type TemplateInput,
} from './index.ts';

/**
 * Free spins (issue #26): a `free_spins` template's grant makes a pack; the in-house games spend
 * it one zero-stake spin at a time (the round records the pack); the winnings wait on the pending
 * `freespins` wallet and, once the pack is over, become the bonus's money with its own wagering
 * (bonuses/service.ts `settleFreespinWinnings`); the bonus job expires packs; `freespins/get`
 * answers them. Through the real doors: the game frame's API, the wallet's signed HTTP API.
 */
const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-free-spins-'));
let clock = Date.UTC(2026, 2, 1, 12);
let server: TestServer;
let app: AppContext;
let wallet: WalletClient;
const GAME = 'northstar-sunny-lemons-rising';
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock), config: { dataDir: folder } });
  app = {
    database: server.database,
    config: testConfig(folder, { dataDir: folder }),
    secret: Buffer.alloc(32),
    now: () => new Date(clock),
  };
  wallet = new WalletClient(() => server.url.replace(/\/$/, ''), builtInPrivateKey(app));
}, 120_000);
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

const later = (ms = 2_600) => {
  clock += ms;
};
const now = () => new Date(clock);

let count = 0;
async function player(main = 1_000n) {
  const login = `free-spins-${(count += 1)}-${Date.now()}@example.com`;
  const created = await createPlayer(
    server.database.db,
    {
      login,
      passwordHash: await hashPassword('Secret-123'),
      currency: 'EUR',
      locale: 'en-US',
      regTime: now(),
    },
    [],
  );
  await applyMovement(server.database.db, {
    playerId: created.id,
    kind: 'main',
    currency: 'EUR',
    amountMinor: main,
    reason: 'test_deposit',
    idempotencyKey: `free-spins-deposit-${created.id}`,
  });
  return { id: created.id, login };
}

let templates = 0;
async function template(overrides: Partial<TemplateInput> = {}) {
  return createTemplate(server.database.db, {
    ...FREE_SPINS_OFFER,
    name: `Spins ${(templates += 1)}`,
    code: `SPINSTEST${templates}`,
    ...overrides,
  });
}

async function grant(playerId: number, templateId: number, grantKey = 'test') {
  return server.database.db.transaction((tx) =>
    grantTemplate(tx, now(), { playerId, currency: 'EUR', templateId, grantKey }),
  );
}

async function packOf(bonusId: number) {
  const [row] = await server.database.query<{
    id: number;
    remaining_count: number;
    total_count: number;
    status: string;
    stake: string;
    won: string;
    game_sysname: string;
    expires_at: Date | string | null;
    settled: boolean;
  }>(sql`
    select id, remaining_count, total_count, status, stake_minor::text as stake,
      won_minor::text as won, game_sysname, expires_at, settled_at is not null as settled
    from freespin_packs where bonus_id = ${bonusId}`);
  return row!;
}

async function bonusOf(bonusId: number) {
  const [row] = await server.database.query<{
    status: string;
    amount: string;
    required: string;
    progress: string | null;
  }>(sql`
    select b.status, b.amount_minor::text as amount, b.required_minor::text as required,
      h.progress_minor::text as progress
    from player_bonuses b left join wagering_holds h on h.owner = 'bonus:' || b.id
    where b.id = ${bonusId}`);
  return row!;
}

async function balances(playerId: number) {
  const rows = await server.database.query<{ kind: string; balance: string }>(
    sql`select kind, balance_minor::text as balance from wallets where player_id = ${playerId}`,
  );
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.balance ?? 0);
  return { main: of('main'), bonus: of('bonus'), freespins: of('freespins') };
}

async function purseOf(playerId: number, game = GAME): Promise<Purse> {
  const opened = await openGameSession(app, {
    playerId,
    providerId: 'northstar',
    gameCode: game,
    currency: 'EUR',
    mode: 'real',
  });
  return walletPurse(wallet, opened.token, game, 'EUR');
}

/** One free spin straight through the wallet, as a provider sends it: the bet, then its win. */
async function spin(purse: Purse, packId: number, win: number) {
  const round = randomUUID();
  const bet = randomUUID();
  const placed = await purse.bet(round, bet, 0, false, String(packId));
  if (!placed.ok) return placed;
  const paid = await purse.win(round, `${round}:win`, win, bet);
  return { ...paid, freespinsLeft: placed.ok ? placed.freespinsLeft : undefined };
}

async function api(name: string, body: Record<string, unknown>) {
  const response = await fetch(`${server.url}/originals/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ currency: 'EUR', ...body }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

function reasonOf(error: unknown): string {
  if (!(error instanceof ApiError)) throw error;
  const body = error.toBody().error as {
    error_data?: { reason?: string };
    invalid_parameters?: Record<string, string[]>;
  };
  return (
    body.error_data?.reason ?? Object.keys(body.invalid_parameters ?? {})[0] ?? String(error.type)
  );
}

async function refusal(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    return reasonOf(error);
  }
}

const expectBooksBalance = () => booksBalance(server.database);
const job = () => runBonusJob({ ...app, now: () => new Date(clock) });

describe('granting free spins', () => {
  it('a free_spins template is refused without its game, spin count or stake', async () => {
    const base = { ...FREE_SPINS_OFFER, code: 'SPINSBAD' };
    expect(
      await refusal(() => createTemplate(server.database.db, { ...base, freespinGame: null })),
    ).toBe('freespin_game');
    expect(
      await refusal(() => createTemplate(server.database.db, { ...base, freespinCount: 0 })),
    ).toBe('freespin_count');
    expect(
      await refusal(() => createTemplate(server.database.db, { ...base, freespinStakeMinor: 0n })),
    ).toBe('freespin_stake');
  });

  it('the engine’s grant path (registration, a code, staff) makes the bonus and its pack, once', async () => {
    const registration = await template({ trigger: 'registration', code: null });
    const p = await player();
    await server.database.db.transaction((tx) =>
      grantOnRegistration(tx, now(), { id: p.id, currency: 'EUR' }),
    );
    // A replay of the sign-up grants nothing more.
    await server.database.db.transaction((tx) =>
      grantOnRegistration(tx, now(), { id: p.id, currency: 'EUR' }),
    );
    await server.database.query(
      sql`update bonus_templates set is_active = false where id = ${registration.id}`,
    );
    const bonuses = await server.database.query<{ id: number; status: string; amount: string }>(
      sql`select id, status, amount_minor::text as amount from player_bonuses
          where player_id = ${p.id}`,
    );
    expect(bonuses).toEqual([{ id: expect.any(Number), status: 'available', amount: '0' }]);
    const pack = await packOf(bonuses[0]!.id);
    expect(pack).toMatchObject({
      remaining_count: 10,
      total_count: 10,
      status: 'received',
      stake: '20',
      game_sysname: GAME,
      settled: false,
    });
    // The spins are to be played within the template's time to activate.
    expect(new Date(pack.expires_at!).getTime()).toBe(
      clock + FREE_SPINS_OFFER.activateHours * HOUR,
    );
    // A promo-code template through grantTemplate (the promo code's path) grants a pack too.
    const code = await template();
    const other = await grant(p.id, code.id, 'promo:SPINS');
    expect((await packOf(other.id)).remaining_count).toBe(10);
    // Nothing to activate while the spins are being played.
    expect(
      await refusal(() =>
        server.database.db.transaction((tx) => activateBonus(tx, now(), p.id, other.id)),
      ),
    ).toBe('freespins_in_play');
  });
});

describe('free-spins templates through the staff API', () => {
  it('a staff member defines the pack (game, spins, stake); without it the terms are field errors', async () => {
    const { tab } = await staffTab(server, ['finance'], () => new Date(clock));
    const terms = {
      name: 'Staff spins',
      kind: 'free_spins',
      trigger: 'promo_code',
      code: 'STAFFSPINS',
      currency: 'EUR',
      wagering_multiplier: 25,
      weights: JSON.stringify({ slots: 100 }),
      activate_hours: 48,
      wager_hours: 72,
      freespin_game: GAME,
      freespin_count: 15,
      freespin_stake: '0.40',
    };
    const made = await post(tab, 'bonuses/staffcreatetemplate', terms);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({
      kind: 'free_spins',
      freespin_game: GAME,
      freespin_count: 15,
      freespin_stake: '0.40',
    });
    const p = await player();
    const granted = await post(tab, 'bonuses/staffgrant', {
      player_id: p.id,
      template_id: (made.body.data as { id: number }).id,
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(await packOf((granted.body.data as { id: number }).id)).toMatchObject({
      remaining_count: 15,
      stake: '40',
    });
    const noGame = await post(tab, 'bonuses/staffcreatetemplate', {
      ...terms,
      freespin_game: undefined,
    });
    expect(noGame.status).toBe(400);
    expect(noGame.body.error?.invalid_parameters).toEqual({ freespin_game: ['required'] });
  });
});

describe('spending a pack', () => {
  it('an in-house slot plays a free spin: no stake, the round records the pack, the counter drops', async () => {
    const p = await player(1_000n);
    const bonus = await grant(p.id, (await template({ freespinCount: 3 })).id);
    const pack = await packOf(bonus.id);
    // A pack whose stake the slot's 20 lines do not divide is not offered by the frame.
    await grant(p.id, (await template({ freespinStakeMinor: 50n })).id, 'odd-stake');
    const opened = await openGameSession(app, {
      playerId: p.id,
      providerId: 'northstar',
      gameCode: GAME,
      currency: 'EUR',
      mode: 'real',
    });
    const session = await api('session', { token: opened.token, game: GAME });
    // The frame gets the pack with its total, for "Free spin 1 of 3".
    expect(session.body.freespins).toEqual([
      { id: String(pack.id), remaining: 3, total: 3, stake: 20 },
    ]);
    later();
    const played = await api('play', {
      token: opened.token,
      game: GAME,
      bet: { freespin: String(pack.id) },
    });
    expect(played.status).toBe(200);
    expect(played.body.freespins).toEqual({ id: String(pack.id), remaining: 2 });
    expect(played.body.view.stake).toBe(20);
    // The player's balance did not move: no stake, and the win waits as pending winnings.
    expect(played.body.balance).toBe(1_000);
    const after = await balances(p.id);
    expect(after).toEqual({ main: 1_000, bonus: 0, freespins: played.body.view.win });
    const [round] = await server.database.query<{ pack: number | null; stake: string }>(sql`
      select freespin_pack_id as pack, stake_minor::text as stake from originals_rounds
      where id = ${played.body.round}`);
    expect(round).toEqual({ pack: pack.id, stake: '0' });
    const [bet] = await server.database.query<{ amount: string; pack: number | null }>(sql`
      select amount_minor::text as amount, freespin_pack_id as pack from wallet_transactions
      where player_id = ${p.id} and type = 'bet'`);
    expect(bet).toEqual({ amount: '0', pack: pack.id });
    expect(await packOf(bonus.id)).toMatchObject({ remaining_count: 2, status: 'active' });
    // The round in the player's history: no stake, and the balance after is the playable one
    // (pending winnings are not in it).
    const history = await playerRounds(app, p.id, { limit: 1, offset: 0 });
    expect(history.items[0]).toMatchObject({
      round: played.body.round,
      stake: '0.00',
      balance_after: played.body.view.win > 0 ? '10.00' : null,
    });
    await expectBooksBalance();
  });

  it('two spins at once of a pack’s last spin: one is taken, the other refused, never below zero', async () => {
    const p = await player();
    const bonus = await grant(p.id, (await template({ freespinCount: 1 })).id);
    const pack = await packOf(bonus.id);
    const purse = await purseOf(p.id);
    const results = await Promise.all(
      [0, 1].map(() => purse.bet(randomUUID(), randomUUID(), 0, false, String(pack.id))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, refusal: 'limit_reached' }]);
    expect(await packOf(bonus.id)).toMatchObject({ remaining_count: 0, status: 'used' });

    // Many at once on a pack of 4: exactly four spins are taken.
    const bigger = await grant(p.id, (await template({ freespinCount: 4 })).id, 'more');
    const biggerPack = await packOf(bigger.id);
    const many = await Promise.all(
      Array.from({ length: 7 }, () =>
        purse.bet(randomUUID(), randomUUID(), 0, false, String(biggerPack.id)),
      ),
    );
    expect(many.filter((r) => r.ok)).toHaveLength(4);
    expect(await packOf(bigger.id)).toMatchObject({ remaining_count: 0, status: 'used' });
    const [spent] = await server.database.query<{ n: number }>(sql`
      select count(*)::int as n from wallet_transactions
      where freespin_pack_id = ${biggerPack.id} and type = 'bet'`);
    expect(spent?.n).toBe(4);
  });

  it('a spin of an empty pack, another game or another player’s pack is refused', async () => {
    const owner = await player();
    const thief = await player();
    const bonus = await grant(owner.id, (await template({ freespinCount: 2 })).id);
    const pack = await packOf(bonus.id);
    expect(await spin(await purseOf(thief.id), pack.id, 0)).toEqual({
      ok: false,
      refusal: 'limit_reached',
    });
    expect(await spin(await purseOf(owner.id, 'northstar-dice'), pack.id, 0)).toEqual({
      ok: false,
      refusal: 'limit_reached',
    });
    expect((await packOf(bonus.id)).remaining_count).toBe(2);
  });
});

describe('the winnings', () => {
  it('become the bonus’s money with its own wagering once the pack is over', async () => {
    const p = await player(1_000n);
    const spins = await template({ freespinCount: 3, wageringMultiplier: 30 });
    const bonus = await grant(p.id, spins.id);
    const pack = await packOf(bonus.id);
    const purse = await purseOf(p.id);
    expect(await spin(purse, pack.id, 150)).toMatchObject({ ok: true, balance: 1_000 });
    expect(await spin(purse, pack.id, 0)).toMatchObject({ ok: true, balance: 1_000 });
    // Not over yet: the job leaves it, and the winnings wait as pending (not stakeable).
    await job();
    expect(await bonusOf(bonus.id)).toMatchObject({ status: 'available', amount: '0' });
    expect(await balances(p.id)).toEqual({ main: 1_000, bonus: 0, freespins: 150 });
    expect(await spin(purse, pack.id, 50)).toMatchObject({ ok: true, balance: 1_000 });
    expect(await packOf(bonus.id)).toMatchObject({
      remaining_count: 0,
      status: 'used',
      won: '200',
    });

    const ran = await job();
    expect(ran.packs).toContain(pack.id);
    // The bonus holds the winnings, wagered 30 times, activated at once (no other bonus).
    expect(await bonusOf(bonus.id)).toEqual({
      status: 'active',
      amount: '200',
      required: '6000',
      progress: '0',
    });
    expect(await balances(p.id)).toEqual({ main: 1_000, bonus: 200, freespins: 0 });
    expect((await packOf(bonus.id)).settled).toBe(true);
    // Settled once: another pass changes nothing.
    await job();
    expect(await balances(p.id)).toEqual({ main: 1_000, bonus: 200, freespins: 0 });

    // Its wagering counts like any bonus's: a slot bet adds its stake.
    const round = randomUUID();
    const bet = await purse.bet(round, randomUUID(), 300, false);
    expect(bet).toMatchObject({ ok: true, balance: 900 });
    expect(await bonusOf(bonus.id)).toMatchObject({ progress: '300' });
    // The max bet of the template holds while it wagers.
    expect(await purse.bet(randomUUID(), randomUUID(), 501, false)).toEqual({
      ok: false,
      refusal: 'bonus_max_bet',
    });
    await expectBooksBalance();
  });

  it('a pack that won nothing leaves nothing to wager; a pack settled while another bonus wagers waits available', async () => {
    const p = await player(0n);
    const nothing = await grant(p.id, (await template({ freespinCount: 1 })).id, 'nothing');
    const purse = await purseOf(p.id);
    await spin(purse, (await packOf(nothing.id)).id, 0);
    await job();
    expect(await bonusOf(nothing.id)).toMatchObject({ status: 'wagered', amount: '0' });

    const welcome = await createTemplate(server.database.db, {
      ...WELCOME_OFFER,
      name: 'Spins test no-deposit',
      kind: 'no_deposit',
      trigger: 'promo_code',
      code: 'SPINSNODEP',
      amountMinor: 1_000n,
      percent: null,
      minDepositMinor: null,
    });
    const other = await grant(p.id, welcome.id, 'other');
    await server.database.db.transaction((tx) => activateBonus(tx, now(), p.id, other.id));
    const spins = await grant(p.id, (await template({ freespinCount: 1 })).id, 'waiting');
    await spin(purse, (await packOf(spins.id)).id, 80);
    await job();
    expect(await bonusOf(spins.id)).toMatchObject({ status: 'available', amount: '80' });
    expect(await balances(p.id)).toEqual({ main: 0, bonus: 1_000, freespins: 0 });
    // The player activates it once the other bonus has ended.
    expect(
      await refusal(() =>
        server.database.db.transaction((tx) => activateBonus(tx, now(), p.id, spins.id)),
      ),
    ).toBe('bonus_already_active');
    await server.database.db.transaction((tx) => removeBonus(tx, now(), p.id, other.id));
    await server.database.db.transaction((tx) => activateBonus(tx, now(), p.id, spins.id));
    expect(await bonusOf(spins.id)).toMatchObject({ status: 'active', amount: '80' });
    expect(await balances(p.id)).toEqual({ main: 0, bonus: 80, freespins: 0 });
    await expectBooksBalance();
  });

  it('removing the bonus while its spins are played cancels the pack and forfeits its winnings', async () => {
    const p = await player();
    const bonus = await grant(p.id, (await template({ freespinCount: 5 })).id);
    const pack = await packOf(bonus.id);
    const purse = await purseOf(p.id);
    await spin(purse, pack.id, 40);
    await server.database.db.transaction((tx) => removeBonus(tx, now(), p.id, bonus.id));
    expect(await packOf(bonus.id)).toMatchObject({ status: 'cancelled', remaining_count: 4 });
    expect(await spin(purse, pack.id, 0)).toEqual({ ok: false, refusal: 'limit_reached' });
    await job();
    expect(await balances(p.id)).toEqual({ main: 1_000, bonus: 0, freespins: 0 });
    expect(await bonusOf(bonus.id)).toMatchObject({ status: 'removed' });
    const [forfeit] = await server.database.query<{ reason: string; amount: string }>(sql`
      select reason, amount_minor::text as amount from ledger_entries
      where player_id = ${p.id} and kind = 'freespins' order by id desc limit 1`);
    expect(forfeit).toEqual({ reason: 'freespin_forfeited', amount: '-40' });
    await expectBooksBalance();
  });
});

describe('expiry', () => {
  it('a pack past its time takes no spin; the job expires it and its winnings so far become the bonus', async () => {
    const p = await player(0n);
    const bonus = await grant(p.id, (await template({ freespinCount: 5, activateHours: 2 })).id);
    const pack = await packOf(bonus.id);
    const purse = await purseOf(p.id);
    await spin(purse, pack.id, 60);
    later(2 * HOUR);
    // Refused at the spin even before the job passes.
    expect(await spin(purse, pack.id, 0)).toEqual({ ok: false, refusal: 'limit_reached' });
    const opened = await openGameSession(app, {
      playerId: p.id,
      providerId: 'northstar',
      gameCode: GAME,
      currency: 'EUR',
      mode: 'real',
    });
    expect((await api('session', { token: opened.token, game: GAME })).body.freespins).toEqual([]);
    const ran = await job();
    expect(ran.packs).toContain(pack.id);
    expect(await packOf(bonus.id)).toMatchObject({
      status: 'expired',
      remaining_count: 4,
      settled: true,
    });
    expect(await bonusOf(bonus.id)).toMatchObject({ status: 'active', amount: '60' });
    expect(await balances(p.id)).toEqual({ main: 0, bonus: 60, freespins: 0 });

    // A pack that expires unplayed: its bonus ends with nothing to wager.
    const unplayed = await grant(p.id, (await template({ activateHours: 1 })).id, 'unplayed');
    later(HOUR);
    await job();
    expect(await packOf(unplayed.id)).toMatchObject({ status: 'expired', settled: true });
    expect(await bonusOf(unplayed.id)).toMatchObject({ status: 'wagered', amount: '0' });
    await expectBooksBalance();
  });

  it('two job passes at once settle a pack once (SKIP LOCKED)', async () => {
    const p = await player(0n);
    const bonus = await grant(p.id, (await template({ freespinCount: 1 })).id);
    const pack = await packOf(bonus.id);
    await spin(await purseOf(p.id), pack.id, 90);
    const [a, b] = await Promise.all([job(), job()]);
    expect([...a.packs, ...b.packs].filter((id) => id === pack.id)).toHaveLength(1);
    expect(await balances(p.id)).toEqual({ main: 0, bonus: 90, freespins: 0 });
    const [settles] = await server.database.query<{ n: number }>(sql`
      select count(*)::int as n from ledger_entries
      where player_id = ${p.id} and reason = 'freespin_settled'`);
    expect(settles?.n).toBe(1);
    await expectBooksBalance();
  });
});

describe('freespins/get', () => {
  it('answers the signed-in player’s packs from their records, by status, up to 99', async () => {
    const p = await player();
    const tab = server.browser();
    expect((await post(tab, 'auth/login', { login: p.login, password: 'Secret-123' })).status).toBe(
      200,
    );
    const used = await grant(p.id, (await template({ freespinCount: 1 })).id, 'used');
    const fresh = await grant(p.id, (await template({ freespinCount: 7 })).id, 'fresh');
    await spin(await purseOf(p.id), (await packOf(used.id)).id, 0);
    const all = await get(tab, 'freespins/get', { count: 99 });
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual({
      total: 2,
      items: [
        expect.objectContaining({
          id: (await packOf(used.id)).id,
          game: { sysname: GAME },
          remaining_count: 0,
          total_count: 1,
          status: 'used',
          stake: '0.20',
          currency: 'EUR',
        }),
        expect.objectContaining({
          id: (await packOf(fresh.id)).id,
          remaining_count: 7,
          status: 'received',
        }),
      ],
    });
    const received = await get(tab, 'freespins/get', { status: 'received', count: 99 });
    expect((received.body.data as { items: { id: number }[] }).items.map((i) => i.id)).toEqual([
      (await packOf(fresh.id)).id,
    ]);
    const one = await get(tab, 'freespins/get', { count: 1 });
    expect((one.body.data as { items: unknown[] }).items).toHaveLength(1);
    // Over 99 is the contract's field error, and a visitor has no packs to ask for.
    expect((await get(tab, 'freespins/get', { count: 100 })).status).toBe(400);
    expect((await get(server.browser(), 'freespins/get', { count: 99 })).status).not.toBe(200);
  });
});

describe('bonuses/get of a free-spins bonus', () => {
  it('shows the pack while it is played (spins left, stake, game, won so far), not an amount of 0', async () => {
    const p = await player();
    const tab = server.browser();
    expect((await post(tab, 'auth/login', { login: p.login, password: 'Secret-123' })).status).toBe(
      200,
    );
    const bonus = await grant(p.id, (await template({ freespinCount: 5 })).id, 'shown');
    await spin(await purseOf(p.id), (await packOf(bonus.id)).id, 30);
    const answer = await get(tab, 'bonuses/get');
    expect(answer.status).toBe(200);
    const [item] = (answer.body.data as { items: Record<string, unknown>[] }).items;
    expect(item).toMatchObject({
      id: bonus.id,
      kind: 'free_spins',
      amount: { amount: '0.00', currency: 'EUR' },
      free_spins: {
        game: { sysname: GAME, name: 'Sunny Lemons Rising' },
        total_count: 5,
        remaining_count: 4,
        stake: { amount: '0.20', currency: 'EUR' },
        won: { amount: '0.30', currency: 'EUR' },
        status: 'active',
        settled: false,
      },
    });
  });
});
